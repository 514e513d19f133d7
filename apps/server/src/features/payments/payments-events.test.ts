// payment.recorded: told once for every payment row written (the desk's payment, a deposit, a
// refund; card payments in card-payments-events.test.ts), with its allocations, inside the
// transaction that writes it, so a refusal writes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient } from '../../../test/records.js';
import { insertEstimate, insertInvoice } from '../../../test/billing-records.js';
import { conflict } from '../../platform/errors.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { paymentsRepository } from './payments.repository.js';

let ctx: TestContext;
let home: TestAccount;
let desk: Client & { userId: string };
let manager: Client & { userId: string };
let cash: api.PaymentType;
const seen: DomainEvents['payment.recorded'][] = [];
/** The clients whose payments the test subscriber refuses. */
const refused = new Set<string>();
const REFUSAL = 'Not while the test says no';

beforeAll(async () => {
  ctx = await createTestApp();
  home = await createAccount(ctx);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  manager = await createUser(ctx, home, ['billing.manage']);
  cash = ((await home.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[]).find((p) => p.name === 'Cash')!;
  ctx.app.container.events.on('payment.recorded', 'test', async (_tx, _caller, event) => {
    if (refused.has(event.clientId)) throw conflict(REFUSAL);
    seen.push(event);
  });
});
beforeEach(() => {
  seen.length = 0;
});
afterAll(() => ctx?.close());

async function client() {
  const { id } = await newClient(home.admin, home.locationId);
  const at = { accountId: home.accountId, locationId: home.locationId, clientId: id };
  return { clientId: id, invoiceId: await insertInvoice(ctx, at, { total: 6_000 }), estimateId: await insertEstimate(ctx, at, { highTotal: 40_000 }) };
}
const pay = (data: api.PaymentInput) => desk.call(api.paymentOps.create, { body: { data } });

describe('payment.recorded', () => {
  it('tells the desk’s payment with its invoice and deposit allocations, and a refund of it with the negative ones', async () => {
    const { clientId, invoiceId, estimateId } = await client();
    const res = await pay({
      locationId: home.locationId,
      clientId,
      paymentTypeId: cash.id,
      amount: 10_000,
      reference: 'R-1',
      allocations: [
        { invoiceId, amount: 6_000 },
        { estimateId, amount: 3_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json() as api.Payment;
    expect(seen).toEqual([
      {
        paymentId: payment.id,
        kind: 'payment',
        refundOfPaymentId: null,
        locationId: home.locationId,
        clientId,
        paymentTypeId: cash.id,
        amount: 10_000,
        allocations: [
          { invoiceId, estimateId: null, amount: 6_000 },
          { invoiceId: null, estimateId, amount: 3_000 },
        ],
        stripePaymentIntentId: null,
        receivedAt: new Date(payment.receivedAt),
        recordedById: desk.userId,
      },
    ]);

    // 1,000 unallocated first, then the deposit (the latest allocation), then the invoice.
    const refund = await manager.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 5_000, reason: 'Overpaid' } } });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(seen[1]).toEqual({
      paymentId: (refund.json() as api.Payment).id,
      kind: 'refund',
      refundOfPaymentId: payment.id,
      locationId: home.locationId,
      clientId,
      paymentTypeId: cash.id,
      amount: 5_000,
      allocations: [
        { invoiceId: null, estimateId, amount: -3_000 },
        { invoiceId, estimateId: null, amount: -1_000 },
      ],
      stripePaymentIntentId: null,
      receivedAt: expect.any(Date),
      recordedById: manager.userId,
    });
  });

  it('runs in the payment’s transaction: a refusal writes no payment', async () => {
    const { clientId, invoiceId } = await client();
    const before = await paymentsRepository.count(ctx.database.db, home);
    refused.add(clientId);
    const res = await pay({ locationId: home.locationId, clientId, paymentTypeId: cash.id, amount: 6_000, allocations: [{ invoiceId, amount: 6_000 }] });
    expect([res.statusCode, errorOf(res)]).toEqual([409, REFUSAL]);
    expect(await paymentsRepository.count(ctx.database.db, home)).toBe(before);
    expect(seen).toEqual([]);
  });
});
