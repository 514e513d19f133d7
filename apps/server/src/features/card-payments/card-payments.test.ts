// Card payments against the fake Stripe on loopback: a request makes a Checkout Session and sends
// its link (or answers it for the screen), the webhook records the payment once however often and
// in whichever order Stripe's events come, a request is cancelled by expiring its session, and a
// refund of such a payment is made at Stripe before it is recorded.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as api from '@willow/contracts';
import { CARD_PAYMENT_MESSAGES, INTEGRATION_MESSAGES, STRIPE_WEBHOOK_MESSAGES } from '@willow/contracts';
// The harness first: loaded before the records it loads the schema in an order without a cycle.
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient, newPatient } from '../../../test/records.js';
import { REFUNDED_AT_STRIPE } from '../payments/payments.service.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/fake-stripe.js';

const APP_URL = 'https://portal.practice.example';
const STRIPE_KEY = 'sk_test_card-payments-key';

let ctx: TestContext;
let stripe: FakeStripe;
let home: TestAccount;
let other: TestAccount;
let staff: Client;
let webhookEndpointId: string;

/** The webhook delivered into the app (it does not listen here): what Stripe's POST would do. */
const deliver = (locationId: string, body: string, signature: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/stripe/webhook/${locationId}`,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body,
  });

async function withStripe(t: TestAccount, locationId: string): Promise<string> {
  const created = await t.admin.call(api.createIntegration, { body: { data: { locationId, service: 'stripe', publicKey: 'pk_test_public', privateKey: STRIPE_KEY } } });
  expect(created.statusCode, created.body).toBe(201);
  const webhook = await t.admin.call(api.createStripeWebhook, { body: { data: { locationId } } });
  expect(webhook.statusCode, webhook.body).toBe(201);
  return (webhook.json() as api.Integration).publicKey!;
}

beforeAll(async () => {
  stripe = await startFakeStripe([STRIPE_KEY]);
  ctx = await createTestApp({ providers: { stripe: stripe.url, publicUrl: APP_URL, appUrl: APP_URL } });
  stripe.deliver = async ({ url, body, signature }) => (await deliver(new URL(url).pathname.split('/').pop()!, body, signature)).statusCode;
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  // Refunds need billing.manage (decision 0132).
  staff = await createUser(ctx, home, ['billing.manage']);
  webhookEndpointId = await withStripe(home, home.locationId);
  // email through the location's SMTP server, SMS through Twilio: queued here, not delivered
  await ctx.app.container.integrations.create(home, {
    locationId: home.locationId,
    service: 'smtp',
    publicKey: 'clinic',
    privateKey: 'clinic-pass',
    settings: { host: '127.0.0.1', port: 2525, security: 'none', fromEmail: 'front@clinic.test', fromName: 'Hill Vets' },
  });
  await ctx.app.container.integrations.create(home, { locationId: home.locationId, service: 'twilio', publicKey: 'AC0000', privateKey: 'token', settings: { fromNumber: '+15305550100' } });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);
async function family(t: TestAccount = home, locationId = t.locationId) {
  const client = await newClient(t.admin, locationId, { firstName: 'Maria', lastName: 'Alvarez', email: `maria-${tag()}@example.com`, phone: '(530) 555-0142' });
  const patient = await newPatient(t.admin, client.id, t.speciesId, { name: 'Biscuit' });
  return { client, patient };
}
const line = (unitPrice: number) => ({ kind: 'text' as const, description: 'Home euthanasia visit', quantity: 1, unitPrice });

async function estimateFor(t: TestAccount, clientId: string, patientId: string, locationId = t.locationId): Promise<api.Estimate> {
  const res = await t.admin.call(api.estimateOps.create, { body: { estimateData: { locationId, clientId, patientId }, estimateItems: [line(45_000)] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Estimate;
}
async function finalisedInvoice(t: TestAccount, clientId: string, total = 30_000, locationId = t.locationId): Promise<api.Invoice> {
  const res = await t.admin.call(api.invoiceOps.create, { body: { invoiceData: { locationId, clientId }, invoiceItems: [line(total)] } });
  expect(res.statusCode, res.body).toBe(201);
  const fin = await t.admin.call(api.finaliseInvoice, { params: { id: (res.json() as api.Invoice).id } });
  expect(fin.statusCode, fin.body).toBe(200);
  return fin.json() as api.Invoice;
}
const ask = (data: Record<string, unknown>, client: Client = staff, headers: Record<string, string> = {}) =>
  client.call(api.createCardPaymentRequest, { body: { data }, headers });
async function asked(data: Record<string, unknown>, client: Client = staff): Promise<api.CardPaymentRequestCreated> {
  const res = await ask(data, client);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.CardPaymentRequestCreated;
}
const sessionOf = (r: api.CardPaymentRequest) => [...stripe.sessions.values()].find((s) => s.metadata.requestId === r.id)!;
const paymentsOf = (clientId: string) =>
  ctx.database.query<{ id: string; amount: number; stripe_payment_intent_id: string; card_payment_request_id: string; payment_type_id: string | null }>(
    `select id, amount::float8 as amount, stripe_payment_intent_id, card_payment_request_id, payment_type_id from payments where client_id = '${clientId}'`,
  );
const allocationsOf = (paymentId: string) =>
  ctx.database.query<{ invoice_id: string | null; estimate_id: string | null; amount: number }>(`select invoice_id, estimate_id, amount::float8 as amount from payment_allocations where payment_id = '${paymentId}'`);
const listed = async (query: Record<string, string>, client: Client = staff) => {
  const res = await client.call(api.listCardPaymentRequests, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.CardPaymentRequest[];
};

describe('asking for a card payment', () => {
  it('a deposit on an estimate by SMS: a Checkout Session at Stripe with the amount, ids and our return pages, the link queued', async () => {
    const { client, patient } = await family();
    const estimate = await estimateFor(home, client.id, patient.id);
    const request = await asked({ estimateId: estimate.id, amount: 15_000, channel: 'sms' });
    expect(request).toMatchObject({
      locationId: home.locationId,
      clientId: client.id,
      estimateId: estimate.id,
      invoiceId: null,
      purpose: 'deposit',
      amount: 15_000,
      currency: 'USD',
      channel: 'sms',
      state: 'open',
      paymentId: null,
      messageId: expect.any(String),
    });
    const session = sessionOf(request);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 15_000,
      currency: 'usd',
      status: 'open',
      metadata: { accountId: home.accountId, locationId: home.locationId, requestId: request.id },
      intentMetadata: { requestId: request.id },
      success_url: `${APP_URL}/pay/thank-you`,
      cancel_url: `${APP_URL}/pay/cancelled`,
      customer_email: client.email,
      key: STRIPE_KEY,
    });
    expect(request.url).toBe(`${stripe.url}/checkout/${session.id}`);
    const hours = (Date.parse(request.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    const [message] = (await staff.call(api.listMessages, { query: { clientId: client.id } })).json().items as api.Message[];
    expect(message).toMatchObject({ id: request.messageId, channel: 'sms', to: '+15305550142' });
    expect(message!.body).toBe(`Main Clinic: please pay a deposit of $150.00 for Biscuit’s visit by card: ${request.url}`);
  });

  it('by SMS uses the location’s “Payment request” SMS template when it has one; by email the product’s words', async () => {
    const { client, patient } = await family();
    const estimate = await estimateFor(home, client.id, patient.id);
    await ctx.database.query(
      `insert into sms_templates (account_id, location_id, name, type, body) values ('${home.accountId}', '${home.locationId}', 'Pay ${tag()}', 'payment_request', 'Hi {{ client.firstName }}, pay here: {{ link.payment }}')`,
    );
    const sms = await asked({ estimateId: estimate.id, amount: 5_000, channel: 'sms' });
    const email = await asked({ estimateId: estimate.id, amount: 5_000, channel: 'email' });
    const messages = (await staff.call(api.listMessages, { query: { clientId: client.id } })).json().items as api.Message[];
    expect(messages.find((m) => m.id === sms.messageId)!.body).toBe(`Hi Maria, pay here: ${sms.url}`);
    const mail = messages.find((m) => m.id === email.messageId)!;
    expect(mail).toMatchObject({ channel: 'email', to: client.email, subject: 'Payment request — Main Clinic' });
    expect(mail.body).toContain('Hello Maria,');
    expect(mail.body).toContain(email.url!);
    await ctx.database.query(`delete from sms_templates where account_id = '${home.accountId}' and type = 'payment_request'`);
  });

  it('on screen: answers Stripe’s page to open, nothing queued; the balance of a finalised invoice', async () => {
    const { client } = await family();
    const invoice = await finalisedInvoice(home, client.id, 30_000);
    const request = await asked({ invoiceId: invoice.id, amount: 30_000, channel: 'screen' });
    expect(request).toMatchObject({ purpose: 'balance', invoiceId: invoice.id, estimateId: null, channel: 'screen', messageId: null, state: 'open' });
    expect(request.url).toMatch(/\/checkout\/cs_test_/);
    expect(sessionOf(request).description).toContain(api.invoiceNumberLabel('invoice', invoice.number));
  });

  it('refuses what cannot be asked: validation, an amount over the balance, a draft invoice, a closed estimate, an unreachable channel', async () => {
    const { client, patient } = await family();
    const invoice = await finalisedInvoice(home, client.id, 10_000);
    const draft = await home.admin.call(api.invoiceOps.create, { body: { invoiceData: { locationId: home.locationId, clientId: client.id }, invoiceItems: [line(1_000)] } });
    const estimate = await estimateFor(home, client.id, patient.id);
    const declined = await estimateFor(home, client.id, patient.id);
    expect((await home.admin.call(api.declineEstimate, { params: { id: declined.id }, body: { data: {} } })).statusCode).toBe(200);
    const noEmail = await newClient(staff, home.locationId, { firstName: 'No', lastName: 'Email' });
    const noEmailEstimate = await estimateFor(home, noEmail.id, (await newPatient(home.admin, noEmail.id, home.speciesId, { name: 'Rex' })).id);
    const before = stripe.sessions.size;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ estimateId: estimate.id, amount: 10.5, channel: 'sms' }, 400, 'amount: must be a whole number of cents'],
      [{ estimateId: estimate.id, amount: 49, channel: 'sms' }, 400, 'amount: must be at least 0.50'],
      [{ estimateId: estimate.id, amount: 1_000, channel: 'fax' }, 400, 'channel: must be email, sms or screen'],
      [{ amount: 1_000, channel: 'sms' }, 400, `invoiceId: ${CARD_PAYMENT_MESSAGES.eitherTarget}`],
      [{ invoiceId: invoice.id, estimateId: estimate.id, amount: 1_000, channel: 'sms' }, 400, `estimateId: ${CARD_PAYMENT_MESSAGES.eitherTarget}`],
      [{ invoiceId: invoice.id, amount: 10_001, channel: 'sms' }, 400, `amount: ${CARD_PAYMENT_MESSAGES.moreThanBalance}`],
      [{ invoiceId: (draft.json() as api.Invoice).id, amount: 1_000, channel: 'sms' }, 409, CARD_PAYMENT_MESSAGES.notFinalised],
      [{ estimateId: declined.id, amount: 1_000, channel: 'sms' }, 409, CARD_PAYMENT_MESSAGES.estimateClosed],
      [{ estimateId: noEmailEstimate.id, amount: 1_000, channel: 'email' }, 409, 'This client has no email address'],
    ];
    for (const [data, status, message] of cases) {
      const res = await ask(data);
      expect(res.statusCode, JSON.stringify(data)).toBe(status);
      expect(errorOf(res), JSON.stringify(data)).toBe(message);
    }
    expect(stripe.sessions.size).toBe(before);
  });

  it('another account’s invoice or estimate is not found; a location without Stripe says the integration is not set up', async () => {
    const theirs = await family(other);
    const theirEstimate = await estimateFor(other, theirs.client.id, theirs.patient.id);
    const theirInvoice = await finalisedInvoice(other, theirs.client.id);
    expect((await ask({ estimateId: theirEstimate.id, amount: 1_000, channel: 'screen' })).statusCode).toBe(404);
    expect((await ask({ invoiceId: theirInvoice.id, amount: 1_000, channel: 'screen' })).statusCode).toBe(404);
    // with one of ours beside it, still not found rather than named
    const mine = await family();
    const ours = await estimateFor(home, mine.client.id, mine.patient.id);
    expect((await ask({ invoiceId: theirInvoice.id, estimateId: ours.id, amount: 1_000, channel: 'screen' })).statusCode).toBe(404);
    // The other practice has no Stripe integration.
    const res = await ask({ estimateId: theirEstimate.id, amount: 1_000, channel: 'screen' }, other.admin);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(INTEGRATION_MESSAGES.notSetUp);
    expect(CARD_PAYMENT_MESSAGES.noStripe).toBe(INTEGRATION_MESSAGES.notSetUp);
    expect(await ctx.database.query(`select 1 from card_payment_requests where account_id = '${other.accountId}'`)).toHaveLength(0);
  });

  it('a secret key Stripe refuses answers that the integration is not set up correctly, without the key', async () => {
    const locationId = await addLocation(ctx, home);
    await home.admin.call(api.createIntegration, { body: { data: { locationId, service: 'stripe', publicKey: 'pk_test_public', privateKey: 'sk_test_refused-secret' } } });
    const { client, patient } = await family(home, locationId);
    const estimate = await estimateFor(home, client.id, patient.id, locationId);
    const res = await ask({ estimateId: estimate.id, amount: 1_000, channel: 'screen' });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('refused-secret');
  });

  it('an Idempotency-Key sent twice makes one session and one request; another body with the same key is refused', async () => {
    const { client, patient } = await family();
    const estimate = await estimateFor(home, client.id, patient.id);
    const key = `deposit-${tag()}`;
    const first = await ask({ estimateId: estimate.id, amount: 2_000, channel: 'screen' }, staff, { 'idempotency-key': key });
    const again = await ask({ estimateId: estimate.id, amount: 2_000, channel: 'screen' }, staff, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await listed({ estimateId: estimate.id })).toHaveLength(1);
    const changed = await ask({ estimateId: estimate.id, amount: 3_000, channel: 'screen' }, staff, { 'idempotency-key': key });
    expect(changed.statusCode).toBe(422);
  });
});

describe('listing and cancelling', () => {
  it('lists a client’s, an invoice’s and an estimate’s requests newest first; another account’s ids are not found', async () => {
    const { client, patient } = await family();
    const estimate = await estimateFor(home, client.id, patient.id);
    const invoice = await finalisedInvoice(home, client.id);
    const deposit = await asked({ estimateId: estimate.id, amount: 1_000, channel: 'screen' });
    const balance = await asked({ invoiceId: invoice.id, amount: 1_000, channel: 'screen' });
    expect((await listed({ clientId: client.id })).map((r) => r.id)).toEqual([balance.id, deposit.id]);
    expect((await listed({ estimateId: estimate.id })).map((r) => r.id)).toEqual([deposit.id]);
    expect((await listed({ invoiceId: invoice.id })).map((r) => r.id)).toEqual([balance.id]);
    const theirs = await family(other);
    expect((await staff.call(api.listCardPaymentRequests, { query: { clientId: theirs.client.id } })).statusCode).toBe(404);
    expect((await staff.call(api.listCardPaymentRequests, { query: {} })).statusCode).toBe(400);
    expect((await other.admin.call(api.listCardPaymentRequests, { query: { clientId: client.id } })).statusCode).toBe(404);
  });

  it('cancels an open request by expiring its session at Stripe; then it cannot be paid or cancelled again', async () => {
    const { client, patient } = await family();
    const estimate = await estimateFor(home, client.id, patient.id);
    const request = await asked({ estimateId: estimate.id, amount: 1_000, channel: 'screen' });
    expect((await other.admin.call(api.cancelCardPaymentRequest, { params: { id: request.id } })).statusCode).toBe(404);
    const res = await staff.call(api.cancelCardPaymentRequest, { params: { id: request.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: request.id, state: 'cancelled', url: null });
    expect(sessionOf(request).status).toBe('expired');
    await expect(stripe.pay(sessionOf(request).id)).rejects.toThrow();
    const again = await staff.call(api.cancelCardPaymentRequest, { params: { id: request.id } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(CARD_PAYMENT_MESSAGES.notOpen);
  });

  it('an anonymous caller is refused', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/cardPaymentRequest?clientId=${home.locationId}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('Stripe’s webhook records the payment', () => {
  it('a deposit paid at Stripe’s page: one card payment held on the estimate, the request paid, both events processed', async () => {
    const { client, patient } = await family();
    const estimate = await estimateFor(home, client.id, patient.id);
    const request = await asked({ estimateId: estimate.id, amount: 15_000, channel: 'sms' });
    const session = await stripe.pay(sessionOf(request).id);
    expect(stripe.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([
      ['checkout.session.completed', 200],
      ['payment_intent.succeeded', 200],
    ]);
    const payments = await paymentsOf(client.id);
    expect(payments).toHaveLength(1);
    const cardType = await ctx.database.query<{ id: string }>(`select id from payment_types where account_id = '${home.accountId}' and method = 'card'`);
    expect(payments[0]).toMatchObject({ amount: 15_000, stripe_payment_intent_id: session.payment_intent, card_payment_request_id: request.id, payment_type_id: cardType[0]!.id });
    expect(await allocationsOf(payments[0]!.id)).toEqual([{ invoice_id: null, estimate_id: estimate.id, amount: 15_000 }]);
    expect((await listed({ estimateId: estimate.id }))[0]).toMatchObject({ state: 'paid', paymentId: payments[0]!.id, url: null });
    const shown = await staff.call(api.estimateOps.get, { params: { id: estimate.id } });
    expect((shown.json() as api.Estimate).deposit).toBe(15_000);
    const events = await ctx.database.query<{ type: string; processed: boolean }>(
      `select type, processed_at is not null as processed from stripe_events where location_id = '${home.locationId}' and payload->>'id' in ('${session.id}', '${session.payment_intent}')`,
    );
    expect(events.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'checkout.session.completed', processed: true },
      { type: 'payment_intent.succeeded', processed: true },
    ]);
  });

  it('the same event delivered twice, and the intent’s event before the session’s, record one payment', async () => {
    const { client } = await family();
    const invoice = await finalisedInvoice(home, client.id, 20_000);
    const request = await asked({ invoiceId: invoice.id, amount: 20_000, channel: 'screen' });
    const session = sessionOf(request);
    // Paid at Stripe with the deliveries held back, to send them here in another order and twice.
    const held: { body: string; signature: string; url: string }[] = [];
    const deliverNormally = stripe.deliver;
    stripe.deliver = async (d) => {
      held.push(d);
      return 200;
    };
    try {
      await stripe.pay(session.id);
    } finally {
      stripe.deliver = deliverNormally;
    }
    const [completed, succeeded] = held;
    for (const d of [succeeded!, succeeded!, completed!, completed!]) expect((await deliver(home.locationId, d.body, d.signature)).statusCode).toBe(200);
    // at once, too
    await Promise.all([deliver(home.locationId, completed!.body, completed!.signature), deliver(home.locationId, succeeded!.body, succeeded!.signature)]);
    const payments = await paymentsOf(client.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 20_000, stripe_payment_intent_id: session.payment_intent });
    expect(await allocationsOf(payments[0]!.id)).toEqual([{ invoice_id: invoice.id, estimate_id: null, amount: 20_000 }]);
    const shown = (await staff.call(api.invoiceOps.get, { params: { id: invoice.id } })).json() as api.Invoice;
    expect(shown).toMatchObject({ balance: 0, paymentState: 'paid' });
  });

  it('a wrong signature is refused and records nothing', async () => {
    const { client, patient } = await family();
    const estimate = await estimateFor(home, client.id, patient.id);
    const request = await asked({ estimateId: estimate.id, amount: 1_000, channel: 'screen' });
    const session = stripe.publicSession({ ...sessionOf(request), status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' });
    const event = stripe.signedEvent(webhookEndpointId, { type: 'checkout.session.completed', object: session });
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    const res = await deliver(home.locationId, event.body, forged);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(STRIPE_WEBHOOK_MESSAGES.badSignature);
    expect(await paymentsOf(client.id)).toHaveLength(0);
    expect(await ctx.database.query(`select 1 from stripe_events where payload->>'id' = '${session.id}'`)).toHaveLength(0);
    expect((await listed({ estimateId: estimate.id }))[0]!.state).toBe('open');
  });

  it('money Stripe took for an invoice paid meanwhile at the desk becomes the client’s credit', async () => {
    const { client } = await family();
    const invoice = await finalisedInvoice(home, client.id, 10_000);
    const request = await asked({ invoiceId: invoice.id, amount: 10_000, channel: 'screen' });
    const cash = await ctx.database.query<{ id: string }>(`select id from payment_types where account_id = '${home.accountId}' and method = 'cash'`);
    const paidAtDesk = await staff.call(api.paymentOps.create, {
      body: { data: { locationId: home.locationId, clientId: client.id, paymentTypeId: cash[0]!.id, amount: 10_000, allocations: [{ invoiceId: invoice.id, amount: 10_000 }] } },
    });
    expect(paidAtDesk.statusCode, paidAtDesk.body).toBe(201);
    await stripe.pay(sessionOf(request).id);
    const card = (await paymentsOf(client.id)).find((p) => p.card_payment_request_id === request.id)!;
    expect(card.amount).toBe(10_000);
    expect(await allocationsOf(card.id)).toEqual([]);
    expect((await listed({ invoiceId: invoice.id }))[0]!.state).toBe('paid');
  });

  it('an event about a session that is not one of ours stays unprocessed', async () => {
    const object = { id: 'cs_test_not_ours', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_not_ours', amount_total: 500, metadata: {} };
    const event = stripe.signedEvent(webhookEndpointId, { type: 'checkout.session.completed', object });
    expect((await deliver(home.locationId, event.body, event.signature)).statusCode).toBe(200);
    const [row] = await ctx.database.query<{ processed_at: string | null }>(`select processed_at from stripe_events where payload->>'id' = 'cs_test_not_ours'`);
    expect(row).toEqual({ processed_at: null });
  });
});

describe('refunding a payment taken through Stripe', () => {
  /** A finalised invoice paid in full at Stripe's page: its card payment, and the intent that took it. */
  async function paidByCard(total = 30_000, t: TestAccount = home, locationId = t.locationId) {
    const { client } = await family(t, locationId);
    const invoice = await finalisedInvoice(t, client.id, total, locationId);
    const request = await asked({ invoiceId: invoice.id, amount: total, channel: 'screen' });
    const session = await stripe.pay(sessionOf(request).id);
    const [payment] = await paymentsOf(client.id);
    return { client, invoice, payment: payment!, intentId: session.payment_intent! };
  }
  const refund = (paymentId: string, amount: number, client: Client = staff, headers: Record<string, string> = {}) =>
    client.call(api.refundPayment, { params: { id: paymentId }, body: { data: { amount, reason: 'Visit cancelled' } }, headers });
  const refundsAtStripe = (intentId: string) => stripe.refunds.filter((r) => r.payment_intent === intentId);
  /** What the app answered each charge.refunded event about the intent. */
  const refundedEvents = (intentId: string) => {
    const ids = new Set(refundsAtStripe(intentId).map((r) => r.id));
    return stripe.deliveries.filter((d) => d.type === 'charge.refunded' && d.refundIds?.some((id) => ids.has(id))).map((d) => d.status);
  };

  it('gives the money back to the card at Stripe, then records it with Stripe’s refund id; never more than was taken', async () => {
    const { invoice, payment, intentId } = await paidByCard(30_000);
    const first = await refund(payment.id, 10_000);
    expect(first.statusCode, first.body).toBe(201);
    const [atStripe] = refundsAtStripe(intentId);
    expect(atStripe).toMatchObject({ amount: 10_000, metadata: { accountId: home.accountId, locationId: home.locationId, paymentId: payment.id } });
    expect(first.json()).toMatchObject({ kind: 'refund', amount: 10_000, refundOfPaymentId: payment.id, reference: atStripe!.id });
    expect(((await staff.call(api.invoiceOps.get, { params: { id: invoice.id } })).json() as api.Invoice).balance).toBe(10_000);
    // Stripe's charge.refunded about it, which follows, finds it recorded: not recorded twice.
    await expect.poll(() => refundedEvents(intentId)).toEqual([200]);
    expect(((await staff.call(api.paymentOps.get, { params: { id: payment.id } })).json() as api.Payment).refunded).toBe(10_000);

    expect((await refund(payment.id, 20_000)).statusCode).toBe(201);
    expect(stripe.intents.get(intentId)!.refunded).toBe(30_000);
    // Nothing is left: refused here, before Stripe is asked.
    const more = await refund(payment.id, 1);
    expect([more.statusCode, errorOf(more)]).toEqual([422, api.PAYMENT_MESSAGES.refundTooMuch]);
    expect(refundsAtStripe(intentId)).toHaveLength(2);
  });

  it('a refund Stripe refuses is not recorded, and says what Stripe said', async () => {
    const { payment, intentId } = await paidByCard(20_000);
    // Refunded meanwhile in Stripe's own dashboard.
    stripe.intents.get(intentId)!.refunded = 20_000;
    const res = await refund(payment.id, 5_000);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(`${CARD_PAYMENT_MESSAGES.refundRefused}: Charge for payment intent ${intentId} has already been refunded.`);
    expect(((await staff.call(api.paymentOps.get, { params: { id: payment.id } })).json() as api.Payment).refunded).toBe(0);
  });

  it('retried after Stripe made it but the refund was not recorded, it is the same refund at Stripe, recorded once', async () => {
    const { client, payment, intentId } = await paidByCard(20_000);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const lost = vi.spyOn(ctx.app.container.audit, 'record').mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect((await refund(payment.id, 5_000, staff, headers)).statusCode).toBe(500);
    } finally {
      lost.mockRestore();
    }
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    // Stripe's event about it came meanwhile: it is recorded from the event, with the staff's reason.
    await expect.poll(() => refundedEvents(intentId)).toEqual([200]);
    const [fromEvent] = ((await staff.call(api.paymentOps.list, { query: { kind: 'refund', clientId: client.id } })).json() as { items: api.Payment[] }).items;
    expect(fromEvent).toMatchObject({ amount: 5_000, notes: 'Visit cancelled', reference: refundsAtStripe(intentId)[0]!.id });

    const again = await refund(payment.id, 5_000, staff, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id: fromEvent!.id });
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(stripe.intents.get(intentId)!.refunded).toBe(5_000);
    expect(((await staff.call(api.paymentOps.get, { params: { id: payment.id } })).json() as api.Payment).refunded).toBe(5_000);
  });

  it('the same refund retried before Stripe’s event came is recorded once too', async () => {
    const { payment, intentId } = await paidByCard(20_000);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    // Stripe's events are held back (a slow webhook): only the portal's retry can record it.
    const deliver = stripe.deliver;
    stripe.deliver = async () => 0;
    const lost = vi.spyOn(ctx.app.container.audit, 'record').mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect((await refund(payment.id, 5_000, staff, headers)).statusCode).toBe(500);
      const again = await refund(payment.id, 5_000, staff, headers);
      expect(again.statusCode, again.body).toBe(201);
      expect((again.json() as api.Payment).reference).toBe(refundsAtStripe(intentId)[0]!.id);
    } finally {
      lost.mockRestore();
      stripe.deliver = deliver;
    }
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(((await staff.call(api.paymentOps.get, { params: { id: payment.id } })).json() as api.Payment).refunded).toBe(5_000);
  });

  it('a refund made in Stripe’s dashboard is recorded from Stripe’s event, once; a later one from the portal is made at Stripe', async () => {
    const { client, invoice, payment, intentId } = await paidByCard(20_000);
    const atStripe = await stripe.refundInDashboard(intentId, 5_000);
    expect(refundedEvents(intentId)).toEqual([200]);
    const refunds = (await staff.call(api.paymentOps.list, { query: { clientId: client.id, kind: 'refund' } })).json() as { items: api.Payment[] };
    expect(refunds.items).toEqual([expect.objectContaining({ amount: 5_000, notes: REFUNDED_AT_STRIPE, reference: atStripe.id, refundOfPaymentId: payment.id })]);
    expect(((await staff.call(api.invoiceOps.get, { params: { id: invoice.id } })).json() as api.Invoice).balance).toBe(5_000);

    // The same event again (Stripe retries) records nothing more.
    const [endpoint] = [...stripe.endpoints.values()].filter((e) => e.id === webhookEndpointId);
    const charge = { id: 'ch_again', object: 'charge', amount: 20_000, amount_refunded: 5_000, payment_intent: intentId, refunds: { object: 'list', data: [atStripe] } };
    const again = stripe.signedEvent(endpoint!.id, { type: 'charge.refunded', object: charge });
    expect((await deliver(home.locationId, again.body, again.signature)).statusCode).toBe(200);
    expect(((await staff.call(api.paymentOps.get, { params: { id: payment.id } })).json() as api.Payment).refunded).toBe(5_000);

    const rest = await refund(payment.id, 15_000);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(stripe.intents.get(intentId)!.refunded).toBe(20_000);
    await expect.poll(() => refundedEvents(intentId)).toEqual([200, 200]);
    expect(((await staff.call(api.paymentOps.get, { params: { id: payment.id } })).json() as api.Payment).refunded).toBe(20_000);
  });

  it('without the location’s Stripe integration it says so and records nothing; another account’s payment is not found', async () => {
    const locationId = await addLocation(ctx, home);
    await withStripe(home, locationId);
    const { payment, intentId } = await paidByCard(10_000, home, locationId);
    const [stripeIntegration] = ((await home.admin.call(api.listIntegrations, { query: { locationId } })).json() as api.Integration[]).filter((i) => i.service === 'stripe');
    expect((await home.admin.call(api.deleteIntegration, { params: { id: stripeIntegration!.id } })).statusCode).toBe(200);
    const res = await refund(payment.id, 1_000);
    expect([res.statusCode, errorOf(res)]).toEqual([409, CARD_PAYMENT_MESSAGES.noStripe]);
    expect(refundsAtStripe(intentId)).toHaveLength(0);
    expect((await refund(payment.id, 1_000, other.admin)).statusCode).toBe(404);
  });
});
