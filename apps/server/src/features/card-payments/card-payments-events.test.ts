// payment.recorded for money taken by card: the payment Stripe's webhook records (once, however
// many of Stripe's events say so) and a refund of it made at Stripe from the portal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient } from '../../../test/records.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/fake-stripe.js';
import type { DomainEvents } from '../../platform/domain-events.js';

const APP_URL = 'https://portal.practice.example';
const STRIPE_KEY = 'sk_test_card-payment-events-key';

let ctx: TestContext;
let stripe: FakeStripe;
let home: TestAccount;
let staff: Client & { userId: string };
const seen: DomainEvents['payment.recorded'][] = [];

beforeAll(async () => {
  stripe = await startFakeStripe([STRIPE_KEY]);
  ctx = await createTestApp({ providers: { stripe: stripe.url, publicUrl: APP_URL, appUrl: APP_URL } });
  stripe.deliver = async ({ url, body, signature }) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload: body,
      })
    ).statusCode;
  home = await createAccount(ctx);
  staff = await createUser(ctx, home, ['billing.manage']);
  const created = await home.admin.call(api.createIntegration, {
    body: { data: { locationId: home.locationId, service: 'stripe', publicKey: 'pk_test_public', privateKey: STRIPE_KEY } },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect((await home.admin.call(api.createStripeWebhook, { body: { data: { locationId: home.locationId } } })).statusCode).toBe(201);
  ctx.app.container.events.on('payment.recorded', 'test', async (_tx, _caller, event) => {
    seen.push(event);
  });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

describe('payment.recorded by card', () => {
  it('tells the card payment Stripe’s webhook records, once, on the invoice asked for; and the refund made at Stripe', async () => {
    const client = await newClient(home.admin, home.locationId);
    const made = await home.admin.call(api.invoiceOps.create, {
      body: { invoiceData: { locationId: home.locationId, clientId: client.id }, invoiceItems: [{ kind: 'text', description: 'Home visit', quantity: 1, unitPrice: 30_000 }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const invoice = made.json() as api.Invoice;
    expect((await home.admin.call(api.finaliseInvoice, { params: { id: invoice.id } })).statusCode).toBe(200);
    const asked = await staff.call(api.createCardPaymentRequest, { body: { data: { invoiceId: invoice.id, amount: 30_000, channel: 'screen' } } });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json() as api.CardPaymentRequestCreated;
    const session = [...stripe.sessions.values()].find((s) => s.metadata.requestId === request.id)!;
    const paid = await stripe.pay(session.id);
    const card = ((await home.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[]).find((p) => p.method === 'card')!;

    // checkout.session.completed and payment_intent.succeeded both came: one payment, told once.
    expect(seen).toEqual([
      {
        paymentId: expect.any(String),
        kind: 'payment',
        refundOfPaymentId: null,
        locationId: home.locationId,
        clientId: client.id,
        paymentTypeId: card.id,
        amount: 30_000,
        allocations: [{ invoiceId: invoice.id, estimateId: null, amount: 30_000 }],
        stripePaymentIntentId: paid.payment_intent,
        receivedAt: expect.any(Date),
        recordedById: staff.userId,
      },
    ]);

    const paymentId = seen[0]!.paymentId;
    const refund = await staff.call(api.refundPayment, { params: { id: paymentId }, body: { data: { amount: 10_000, reason: 'Visit cancelled' } } });
    expect(refund.statusCode, refund.body).toBe(201);
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]).toMatchObject({
      paymentId: (refund.json() as api.Payment).id,
      kind: 'refund',
      refundOfPaymentId: paymentId,
      amount: 10_000,
      allocations: [{ invoiceId: invoice.id, estimateId: null, amount: -10_000 }],
      stripePaymentIntentId: paid.payment_intent,
      recordedById: staff.userId,
    });
    // Stripe's charge.refunded event for it records nothing more.
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toHaveLength(2);
  });
});
