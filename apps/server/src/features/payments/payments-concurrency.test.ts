// Payments meeting on PostgreSQL, where requests really run side by side (PGlite serialises
// everything): an invoice is never paid beyond its total, no payment is lost, a key is used once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { holdTransaction, onPostgres, settledFlag, waitForLockWaiters } from '../../../test/concurrency.js';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { insertInvoice } from '../../../test/billing-records.js';
import { newClient } from '../../../test/records.js';
import { AuditService } from '../audit/audit.service.js';
import { DomainEventBus } from '../../platform/domain-events.js';
import { allocationTargets } from './allocation-targets.repository.js';
import { paymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';

let ctx: TestContext;
let home: TestAccount;
let desk: Client;
let cashId: string;
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestApp();
  home = await createAccount(ctx);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  cashId = ((await desk.call(api.paymentTypeOps.list)).json() as api.PaymentType[]).find((t) => t.method === 'cash')!.id;
});
afterAll(() => ctx?.close());

async function invoiceOf(total: number) {
  const client = await newClient(home.admin, home.locationId);
  const invoiceId = await insertInvoice(ctx, { accountId: home.accountId, locationId: home.locationId, clientId: client.id }, { total });
  return { clientId: client.id, invoiceId };
}
const balanceOf = async (invoiceId: string) => (await allocationTargets.lockInvoices(ctx.database.db, home, [invoiceId]))[0]!.balance;
const payOn = (clientId: string, invoiceId: string, amount: number, headers?: Record<string, string>) =>
  desk.call(api.paymentOps.create, {
    body: { data: { locationId: home.locationId, clientId, paymentTypeId: cashId, amount, allocations: [{ invoiceId, amount }] } },
    ...(headers && { headers }),
  });

describe.runIf(onPostgres)('payments at the same moment', () => {
  it('ten payments on one invoice at once: every one that fits is kept, none takes it beyond its total', async () => {
    const { clientId, invoiceId } = await invoiceOf(10_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => payOn(clientId, invoiceId, 1_500)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 201, 422, 422, 422, 422]);
    expect(await balanceOf(invoiceId)).toBe(1_000);
    expect(await paymentsRepository.count(ctx.database.db, home)).toBeGreaterThanOrEqual(6);
  });

  it('eight payments that all fit are all kept: no update is lost', async () => {
    const { clientId, invoiceId } = await invoiceOf(10_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => payOn(clientId, invoiceId, 1_000)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(await balanceOf(invoiceId)).toBe(2_000);
  });

  it('a payment waiting for the invoice reads its balance after the wait, with the payment it waited for', async () => {
    const { clientId, invoiceId } = await invoiceOf(5_000);
    const payments = new PaymentsService(ctx.database.db, new AuditService(ctx.database.db), new DomainEventBus(ctx.database.db));
    // The first payment has taken the invoice's lock and all of its balance, and not committed yet.
    const first = await holdTransaction(ctx, async (tx) => {
      await payments.record(tx, home, { locationId: home.locationId, clientId, paymentTypeId: cashId, amount: 4_000, allocations: [{ invoiceId, amount: 4_000 }] });
    });
    const second = payOn(clientId, invoiceId, 2_000);
    await waitForLockWaiters(ctx, 1, settledFlag(second));
    await first.commit();
    const res = await second;
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toBe('The payment is more than the invoice’s balance of $10.00');
    expect(await balanceOf(invoiceId)).toBe(1_000);
  });

  it('two refunds at once never give back more than was paid', async () => {
    const { clientId } = await invoiceOf(0);
    const payment = (
      await desk.call(api.paymentOps.create, { body: { data: { locationId: home.locationId, clientId, paymentTypeId: cashId, amount: 10_000 } } })
    ).json() as api.Payment;
    const refund = () => home.admin.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 6_000, reason: 'Overpaid' } } });
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    expect(((await desk.call(api.paymentOps.get, { params: { id: payment.id } })).json() as api.Payment).refunded).toBe(6_000);
  });

  it('the same Idempotency-Key sent five times at once makes one payment, and all five answer it', async () => {
    const { clientId, invoiceId } = await invoiceOf(10_000);
    const headers = { 'idempotency-key': `pay-${crypto.randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => payOn(clientId, invoiceId, 2_500, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => (a.json() as api.Payment).id)).size).toBe(1);
    expect(await balanceOf(invoiceId)).toBe(7_500);
  });
});
