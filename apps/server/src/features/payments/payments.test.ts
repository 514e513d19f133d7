import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient } from '../../../test/records.js';
import { insertEstimate, insertInvoice } from '../../../test/billing-records.js';
import { allocationTargets } from './allocation-targets.repository.js';
import { AuditService } from '../audit/audit.service.js';
import { DomainEventBus } from '../../platform/domain-events.js';
import { paymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** Front Desk, as practices set it up: no permissions. They take payments. */
let desk: Client & { userId: string };
/** Whoever gives money back: billing.manage (decision 0132). */
let manager: Client;
let types: Record<string, api.PaymentType>;
let theirTypes: Record<string, api.PaymentType>;

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  manager = await createUser(ctx, home, ['billing.manage']);
  const byName = async (t: TestAccount) =>
    Object.fromEntries(((await t.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[]).map((p) => [p.name, p]));
  types = await byName(home);
  theirTypes = await byName(other);
});
afterAll(() => ctx?.close());

/** A client of `t` with finalised invoices of these totals (cents). */
async function clientWithInvoices(totals: number[], t: TestAccount = home) {
  const client = await newClient(t.admin, t.locationId);
  const at = { accountId: t.accountId, locationId: t.locationId, clientId: client.id };
  const invoiceIds: string[] = [];
  for (const total of totals) invoiceIds.push(await insertInvoice(ctx, at, { total }));
  return { clientId: client.id, at, invoiceIds };
}

const balanceOf = async (invoiceId: string, t: TestAccount = home) =>
  (await allocationTargets.lockInvoices(ctx.database.db, { accountId: t.accountId }, [invoiceId]))[0]!.balance;
const creditOf = async (clientId: string, caller: Client = desk) => {
  const res = await caller.call(api.clientBalance, { query: { clientId } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as api.ClientBalance).credit;
};
const paymentCount = async (t: TestAccount = home) => paymentsRepository.count(ctx.database.db, { accountId: t.accountId });

function paymentData(clientId: string, extra: Partial<api.PaymentInput> = {}): api.PaymentInput {
  return { locationId: home.locationId, clientId, paymentTypeId: types.Cash!.id, amount: 10_000, ...extra };
}
async function pay(data: api.PaymentInput, caller: Client = desk, headers?: Record<string, string>) {
  return caller.call(api.paymentOps.create, { body: { data }, ...(headers && { headers }) });
}
async function paid(data: api.PaymentInput): Promise<api.Payment> {
  const res = await pay(data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Payment;
}

describe('payment types', () => {
  it('every new account starts with the default types, card among them', async () => {
    const res = await desk.call(api.paymentTypeOps.list);
    expect(res.statusCode).toBe(200);
    const list = res.json() as api.PaymentType[];
    expect(list.map((t) => [t.name, t.method])).toEqual(api.DEFAULT_PAYMENT_TYPES.map((t) => [t.name, t.method]));
    expect(list.every((t) => t.active)).toBe(true);
  });

  it('are created, renamed and deleted by someone who manages the account; a name is used once', async () => {
    const created = await home.admin.call(api.paymentTypeOps.create, { body: { data: { name: 'Pet insurance direct', method: 'insurance', position: 9 } } });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json() as api.PaymentType;
    expect(type).toMatchObject({ name: 'Pet insurance direct', method: 'insurance', active: true, position: 9 });

    const clash = await home.admin.call(api.paymentTypeOps.create, { body: { data: { name: 'Pet insurance direct', method: 'other' } } });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toBe(api.PAYMENT_TYPE_MESSAGES.nameTaken);

    const renamed = await home.admin.call(api.paymentTypeOps.update, { params: { id: type.id }, body: { data: { name: 'Insurer pays', active: false } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Insurer pays', method: 'insurance', active: false });

    expect((await home.admin.call(api.paymentTypeOps.remove, { params: { id: type.id } })).statusCode).toBe(200);
    expect(((await desk.call(api.paymentTypeOps.list)).json() as api.PaymentType[]).some((t) => t.id === type.id)).toBe(false);
  });

  it('refuses a bad method (400), the front desk (403) and another account’s type (404)', async () => {
    const bad = await home.admin.call(api.paymentTypeOps.create, { body: { data: { name: 'Barter', method: 'goats' } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/method/);
    expect((await desk.call(api.paymentTypeOps.create, { body: { data: { name: 'Desk type', method: 'cash' } } })).statusCode).toBe(403);
    expect((await desk.call(api.paymentTypeOps.remove, { params: { id: types.Cheque!.id } })).statusCode).toBe(403);
    const theirs = theirTypes.Cash!.id;
    expect((await home.admin.call(api.paymentTypeOps.update, { params: { id: theirs }, body: { data: { name: 'Mine now' } } })).statusCode).toBe(404);
    expect((await home.admin.call(api.paymentTypeOps.remove, { params: { id: theirs } })).statusCode).toBe(404);
  });

  it('a type with payments is kept: marked inactive instead (409), and an inactive type takes no new payment', async () => {
    const type = (await home.admin.call(api.paymentTypeOps.create, { body: { data: { name: 'Voucher', method: 'other' } } })).json() as api.PaymentType;
    const { clientId } = await clientWithInvoices([]);
    await paid(paymentData(clientId, { paymentTypeId: type.id, amount: 500 }));
    const refused = await home.admin.call(api.paymentTypeOps.remove, { params: { id: type.id } });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(api.PAYMENT_TYPE_MESSAGES.inUse);
    await home.admin.call(api.paymentTypeOps.update, { params: { id: type.id }, body: { data: { active: false } } });
    const res = await pay(paymentData(clientId, { paymentTypeId: type.id, amount: 500 }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain(api.PAYMENT_MESSAGES.inactiveType);
  });
});

describe('recording a payment', () => {
  it('splits a payment across two invoices and keeps the rest as the client’s credit', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([12_000, 8_050]);
    const [a, b] = invoiceIds as [string, string];
    const payment = await paid(
      paymentData(clientId, {
        amount: 25_000,
        reference: ' Receipt 17 ',
        receivedAt: '2026-11-20T15:30:00.000Z',
        allocations: [
          { invoiceId: a, amount: 12_000 },
          { invoiceId: b, amount: 5_000 },
        ],
      }),
    );
    expect(payment).toMatchObject({
      clientId,
      kind: 'payment',
      amount: 25_000,
      paymentTypeName: 'Cash',
      method: 'cash',
      currency: 'USD',
      reference: 'Receipt 17',
      receivedAt: '2026-11-20T15:30:00.000Z',
      card: false,
      refunded: 0,
      unallocated: 8_000,
    });
    expect(payment.allocations.map((x) => [x.invoiceId, x.amount])).toEqual([
      [a, 12_000],
      [b, 5_000],
    ]);
    expect(await balanceOf(a)).toBe(0);
    expect(await balanceOf(b)).toBe(3_050);
    expect(await creditOf(clientId)).toBe(8_000);

    const got = await desk.call(api.paymentOps.get, { params: { id: payment.id } });
    expect(got.json()).toEqual(payment);
  });

  it('takes a deposit on an open estimate, never one declined', async () => {
    const { clientId, at } = await clientWithInvoices([]);
    const estimateId = await insertEstimate(ctx, at, { highTotal: 40_000 });
    const deposit = await paid(paymentData(clientId, { amount: 10_000, allocations: [{ estimateId, amount: 10_000 }] }));
    expect(deposit.allocations[0]).toMatchObject({ estimateId, invoiceId: null, amount: 10_000 });
    expect(deposit.unallocated).toBe(0);
    const more = await pay(paymentData(clientId, { amount: 30_001, allocations: [{ estimateId, amount: 30_001 }] }));
    expect(more.statusCode).toBe(422);
    const declined = await insertEstimate(ctx, at, { highTotal: 40_000, status: 'declined' });
    const res = await pay(paymentData(clientId, { allocations: [{ estimateId: declined, amount: 1_000 }] }));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toBe(api.PAYMENT_MESSAGES.estimateClosed);
  });

  it('refuses what does not add up (400): no amount, allocations beyond the amount, an allocation naming both or neither', async () => {
    const { clientId, at, invoiceIds } = await clientWithInvoices([5_000]);
    const estimateId = await insertEstimate(ctx, at, { highTotal: 5_000 });
    const cases: [Partial<api.PaymentInput>, RegExp][] = [
      [{ amount: 0 }, /amount/],
      [{ amount: 12.5 }, /amount/],
      [{ amount: 1_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 1_001 }] }, /more than the payment/],
      [{ allocations: [{ amount: 100 }] }, /invoice or an estimate/],
      [{ allocations: [{ invoiceId: invoiceIds[0]!, estimateId, amount: 100 }] }, /not both/],
      [{ allocations: [{ invoiceId: invoiceIds[0]!, amount: 100 }, { invoiceId: invoiceIds[0]!, amount: 100 }] }, /once/],
      [{ receivedAt: '2999-01-01T00:00:00Z' }, /future/],
    ];
    const before = await paymentCount();
    for (const [extra, message] of cases) {
      const res = await pay(paymentData(clientId, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toMatch(message);
    }
    const noType = await pay({ ...paymentData(clientId), paymentTypeId: undefined as unknown as string });
    expect(noType.statusCode).toBe(400);
    expect(await paymentCount()).toBe(before);
  });

  it('refuses more than an invoice’s balance, a draft, and another client’s invoice (422), writing nothing', async () => {
    const { clientId, at, invoiceIds } = await clientWithInvoices([5_000]);
    const draft = await insertInvoice(ctx, at, { total: 5_000, status: 'draft' });
    const someoneElse = await clientWithInvoices([5_000]);
    const before = await paymentCount();
    const over = await pay(paymentData(clientId, { amount: 6_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 5_001 }] }));
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toBe('The payment is more than the invoice’s balance of $50.00');
    const onDraft = await pay(paymentData(clientId, { allocations: [{ invoiceId: draft, amount: 100 }] }));
    expect([onDraft.statusCode, errorOf(onDraft)]).toEqual([422, api.PAYMENT_MESSAGES.notFinalised]);
    const theirInvoice = await pay(paymentData(clientId, { allocations: [{ invoiceId: someoneElse.invoiceIds[0]!, amount: 100 }] }));
    expect([theirInvoice.statusCode, errorOf(theirInvoice)]).toEqual([422, api.PAYMENT_MESSAGES.otherClient]);
    expect(await paymentCount()).toBe(before);
    expect(await balanceOf(invoiceIds[0]!)).toBe(5_000);
  });

  it('another account’s invoice or estimate inside the allocations is not found (404); their client, type or location is refused (400)', async () => {
    const mine = await clientWithInvoices([5_000]);
    const theirs = await clientWithInvoices([5_000], other);
    const theirEstimate = await insertEstimate(ctx, theirs.at, { highTotal: 5_000 });
    const before = await paymentCount();
    const invoice = await pay(paymentData(mine.clientId, { allocations: [{ invoiceId: theirs.invoiceIds[0]!, amount: 100 }] }));
    expect(invoice.statusCode).toBe(404);
    const estimate = await pay(paymentData(mine.clientId, { allocations: [{ estimateId: theirEstimate, amount: 100 }] }));
    expect(estimate.statusCode).toBe(404);
    for (const [extra, field] of [
      [{ clientId: theirs.clientId }, 'clientId'],
      [{ paymentTypeId: theirTypes.Cash!.id }, 'paymentTypeId'],
      [{ locationId: other.locationId }, 'locationId'],
    ] as const) {
      const res = await pay(paymentData(mine.clientId, extra));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatch(new RegExp(`^${field}`));
    }
    expect(await paymentCount()).toBe(before);
    expect(await balanceOf(theirs.invoiceIds[0]!, other)).toBe(5_000);
  });
});

describe('the payments list', () => {
  it('pages the account’s payments, filtered by location, client and invoice, the latest first', async () => {
    const branch = await addLocation(ctx, home);
    const { clientId, invoiceIds } = await clientWithInvoices([9_000]);
    const first = await paid(paymentData(clientId, { amount: 1_000, receivedAt: '2026-11-01T10:00:00Z', allocations: [{ invoiceId: invoiceIds[0]!, amount: 1_000 }] }));
    const second = await paid(paymentData(clientId, { amount: 2_000, locationId: branch, receivedAt: '2026-11-02T10:00:00Z' }));
    const list = async (query: Record<string, string | number>) => {
      const res = await desk.call(api.paymentOps.list, { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: api.Payment[]; total: number };
    };
    expect((await list({ clientId })).items.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(await list({ clientId, limit: 1 })).toMatchObject({ total: 2, items: [{ id: second.id }] });
    expect((await list({ invoiceId: invoiceIds[0]! })).items.map((p) => p.id)).toEqual([first.id]);
    expect((await list({ locationId: branch })).items.map((p) => p.id)).toEqual([second.id]);
    const theirs = await clientWithInvoices([1_000], other);
    for (const query of [{ clientId: theirs.clientId }, { invoiceId: theirs.invoiceIds[0]! }, { locationId: other.locationId }]) {
      expect((await desk.call(api.paymentOps.list, { query: query as unknown as Record<string, string> })).statusCode, JSON.stringify(query)).toBe(404);
    }
    expect((await desk.call(api.paymentOps.list, { query: { limit: 0 } })).statusCode).toBe(400);
    expect((await other.admin.call(api.paymentOps.get, { params: { id: first.id } })).statusCode).toBe(404);
  });
});

describe('changing and deleting a payment', () => {
  it('changes only the reference, notes and date: the money stays as it was', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([4_000]);
    const payment = await paid(paymentData(clientId, { amount: 4_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 4_000 }] }));
    const res = await desk.call(api.paymentOps.update, {
      params: { id: payment.id },
      body: { data: { reference: 'Cheque 0042', notes: 'Posted', receivedAt: '2026-11-03T09:00:00Z', amount: 1, allocations: [] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reference: 'Cheque 0042', notes: 'Posted', receivedAt: '2026-11-03T09:00:00.000Z', amount: 4_000 });
    expect((res.json() as api.Payment).allocations).toHaveLength(1);
    expect((await desk.call(api.paymentOps.update, { params: { id: payment.id }, body: { data: { receivedAt: 'yesterday' } } })).statusCode).toBe(400);
    expect((await other.admin.call(api.paymentOps.update, { params: { id: payment.id }, body: { data: { notes: 'x' } } })).statusCode).toBe(404);
  });

  it('deletes a payment for good only with records.delete; the invoice owes again', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([4_000]);
    const payment = await paid(paymentData(clientId, { amount: 4_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 4_000 }] }));
    expect((await desk.call(api.paymentOps.remove, { params: { id: payment.id } })).statusCode).toBe(403);
    expect((await other.admin.call(api.paymentOps.remove, { params: { id: payment.id } })).statusCode).toBe(404);
    const res = await home.admin.call(api.paymentOps.remove, { params: { id: payment.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await desk.call(api.paymentOps.get, { params: { id: payment.id } })).statusCode).toBe(404);
    expect(await balanceOf(invoiceIds[0]!)).toBe(4_000);
  });

  it('refuses to delete a card payment (refund it) and a payment with refunds', async () => {
    const { clientId } = await clientWithInvoices([]);
    const card = await paid(paymentData(clientId, { paymentTypeId: types.Card!.id, amount: 3_000 }));
    const refused = await home.admin.call(api.paymentOps.remove, { params: { id: card.id } });
    expect([refused.statusCode, errorOf(refused)]).toEqual([422, api.PAYMENT_MESSAGES.cardDelete]);
    const cash = await paid(paymentData(clientId, { amount: 3_000 }));
    await manager.call(api.refundPayment, { params: { id: cash.id }, body: { data: { amount: 1_000, reason: 'Overpaid' } } });
    const withRefund = await home.admin.call(api.paymentOps.remove, { params: { id: cash.id } });
    expect([withRefund.statusCode, errorOf(withRefund)]).toEqual([422, api.PAYMENT_MESSAGES.hasRefunds]);
  });
});

describe('refunds', () => {
  it('come from the credit first, then the invoices, and never give back more than was paid', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([6_000]);
    const payment = await paid(paymentData(clientId, { amount: 10_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 6_000 }] }));
    const refund = async (amount: number, id = payment.id) => manager.call(api.refundPayment, { params: { id }, body: { data: { amount, reason: 'Overpaid' } } });

    const first = await refund(3_000);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'refund', amount: 3_000, refundOfPaymentId: payment.id, notes: 'Overpaid', paymentTypeName: 'Cash', allocations: [] });
    expect(await creditOf(clientId)).toBe(1_000);
    expect(await balanceOf(invoiceIds[0]!)).toBe(0);

    const second = await refund(2_500);
    expect(second.statusCode, second.body).toBe(201);
    // 1000 from what was left as credit, 1500 back off the invoice.
    expect((second.json() as api.Payment).allocations.map((a) => [a.invoiceId, a.amount])).toEqual([[invoiceIds[0]!, -1_500]]);
    expect(await creditOf(clientId)).toBe(0);
    expect(await balanceOf(invoiceIds[0]!)).toBe(1_500);

    const tooMuch = await refund(4_501);
    expect([tooMuch.statusCode, errorOf(tooMuch)]).toEqual([422, api.PAYMENT_MESSAGES.refundTooMuch]);
    expect((await refund(4_500)).statusCode).toBe(201);
    expect(await balanceOf(invoiceIds[0]!)).toBe(6_000);
    expect((await refund(1)).statusCode).toBe(422);

    const again = await desk.call(api.paymentOps.get, { params: { id: payment.id } });
    expect(again.json()).toMatchObject({ refunded: 10_000, unallocated: 0 });
    const ofRefund = await refund(1, (first.json() as api.Payment).id);
    expect([ofRefund.statusCode, errorOf(ofRefund)]).toEqual([422, api.PAYMENT_MESSAGES.refundOfRefund]);
  });

  it('refuses a refund without a reason (400), from the front desk (403) and of another account’s payment (404)', async () => {
    const { clientId } = await clientWithInvoices([]);
    const payment = await paid(paymentData(clientId, { amount: 1_000 }));
    expect((await manager.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 100, reason: ' ' } } })).statusCode).toBe(400);
    // Money going out is a manager's call: the front desk takes payments but does not give them back.
    const fromDesk = await desk.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 100, reason: 'Overpaid' } } });
    expect(fromDesk.statusCode).toBe(403);
    expect((await manager.call(api.paymentOps.get, { params: { id: payment.id } })).json()).toMatchObject({ refunded: 0 });
    expect((await manager.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: -5, reason: 'x' } } })).statusCode).toBe(400);
    expect((await other.admin.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 100, reason: 'x' } } })).statusCode).toBe(404);
  });

  it('a deleted refund would pay an invoice twice once it has been paid again: refused', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([2_000]);
    const payment = await paid(paymentData(clientId, { amount: 2_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 2_000 }] }));
    const refund = (await manager.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 2_000, reason: 'Wrong card' } } })).json() as api.Payment;
    await paid(paymentData(clientId, { amount: 2_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 2_000 }] }));
    const res = await home.admin.call(api.paymentOps.remove, { params: { id: refund.id } });
    expect([res.statusCode, errorOf(res)]).toEqual([422, api.PAYMENT_MESSAGES.refundUndo]);
    expect(await balanceOf(invoiceIds[0]!)).toBe(0);
  });
});

describe('credit', () => {
  it('moves a client’s credit onto their invoice, oldest payments first, as much as both allow', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([5_000]);
    await paid(paymentData(clientId, { amount: 2_000, receivedAt: '2026-11-01T10:00:00Z' }));
    await paid(paymentData(clientId, { amount: 4_000, receivedAt: '2026-11-02T10:00:00Z' }));
    expect(await creditOf(clientId)).toBe(6_000);
    const res = await desk.call(api.allocateCredit, { body: { data: { clientId, invoiceId: invoiceIds[0]! } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ allocated: 5_000, credit: 1_000 });
    expect(await balanceOf(invoiceIds[0]!)).toBe(0);
    expect(await creditOf(clientId)).toBe(1_000);
    const none = await desk.call(api.allocateCredit, { body: { data: { clientId, invoiceId: invoiceIds[0]! } } });
    expect(none.statusCode).toBe(422);
    const page = (await desk.call(api.paymentOps.list, { query: { clientId } })).json() as { items: api.Payment[] };
    expect(page.items.map((p) => [p.amount, p.unallocated])).toEqual([
      [4_000, 1_000],
      [2_000, 0],
    ]);
  });

  it('refuses a client without credit, another client’s invoice, and another account’s ids (404)', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([5_000]);
    const empty = await desk.call(api.allocateCredit, { body: { data: { clientId, invoiceId: invoiceIds[0]! } } });
    expect([empty.statusCode, errorOf(empty)]).toEqual([422, api.PAYMENT_MESSAGES.noCredit]);
    const someoneElse = await clientWithInvoices([1_000]);
    await paid(paymentData(clientId, { amount: 1_000 }));
    const wrong = await desk.call(api.allocateCredit, { body: { data: { clientId, invoiceId: someoneElse.invoiceIds[0]! } } });
    expect([wrong.statusCode, errorOf(wrong)]).toEqual([422, api.PAYMENT_MESSAGES.otherClient]);
    const theirs = await clientWithInvoices([1_000], other);
    expect((await desk.call(api.allocateCredit, { body: { data: { clientId, invoiceId: theirs.invoiceIds[0]! } } })).statusCode).toBe(404);
    expect((await desk.call(api.allocateCredit, { body: { data: { clientId: theirs.clientId, invoiceId: invoiceIds[0]! } } })).statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and request again answer the first payment, without a second one', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([3_000]);
    const data = paymentData(clientId, { amount: 3_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 3_000 }] });
    const headers = { 'idempotency-key': `pay-${crypto.randomUUID()}` };
    const first = await pay(data, desk, headers);
    expect(first.statusCode, first.body).toBe(201);
    const before = await paymentCount();
    // The keys of the body in another order: the same request.
    const again = await pay({ allocations: data.allocations, ...data }, desk, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[api.IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(await paymentCount()).toBe(before);
    expect(await balanceOf(invoiceIds[0]!)).toBe(0);
  });

  it('the same key with another request is refused (422); another account has keys of its own', async () => {
    const { clientId } = await clientWithInvoices([]);
    const headers = { 'idempotency-key': `pay-${crypto.randomUUID()}` };
    expect((await pay(paymentData(clientId, { amount: 1_000 }), desk, headers)).statusCode).toBe(201);
    const before = await paymentCount();
    const other_ = await pay(paymentData(clientId, { amount: 1_001 }), desk, headers);
    expect([other_.statusCode, errorOf(other_)]).toEqual([422, api.IDEMPOTENCY_MESSAGES.differentRequest]);
    expect(await paymentCount()).toBe(before);
    const bad = await pay(paymentData(clientId), desk, { 'idempotency-key': 'has space' });
    expect([bad.statusCode, errorOf(bad)]).toEqual([400, api.IDEMPOTENCY_MESSAGES.badKey]);

    const theirClient = await newClient(other.admin, other.locationId);
    const theirs = await other.admin.call(api.paymentOps.create, {
      body: { data: { locationId: other.locationId, clientId: theirClient.id, paymentTypeId: theirTypes.Cash!.id, amount: 1_000 } },
      headers,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
  });

  it('a failed request leaves its key free: the corrected retry is served', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([1_000]);
    const headers = { 'idempotency-key': `pay-${crypto.randomUUID()}` };
    const data = paymentData(clientId, { amount: 2_000, allocations: [{ invoiceId: invoiceIds[0]!, amount: 2_000 }] });
    expect((await pay(data, desk, headers)).statusCode).toBe(422);
    // Not the same request: the first one was refused and left nothing behind, so the key is free.
    expect((await pay({ ...data, allocations: [{ invoiceId: invoiceIds[0]!, amount: 1_000 }] }, desk, headers)).statusCode).toBe(201);
  });

  it('duplicates sent at once make one payment', async () => {
    const { clientId } = await clientWithInvoices([]);
    const headers = { 'idempotency-key': `pay-${crypto.randomUUID()}` };
    const before = await paymentCount();
    const answers = await Promise.all([1, 2, 3, 4].map(() => pay(paymentData(clientId, { amount: 700 }), desk, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => (a.json() as api.Payment).id)).size).toBe(1);
    expect(await paymentCount()).toBe(before + 1);
  });

  it('a refund sent twice with its key gives back once', async () => {
    const { clientId } = await clientWithInvoices([]);
    const payment = await paid(paymentData(clientId, { amount: 5_000 }));
    const headers = { 'idempotency-key': `refund-${crypto.randomUUID()}` };
    const send = () => manager.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 2_000, reason: 'Overpaid' } }, headers });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect((await desk.call(api.paymentOps.get, { params: { id: payment.id } })).json()).toMatchObject({ refunded: 2_000 });
  });
});

describe('PaymentsService.record (the card webhook’s way in)', () => {
  it('records a card payment without a user inside the caller’s transaction', async () => {
    const { clientId, invoiceIds } = await clientWithInvoices([2_500]);
    const scope = { accountId: home.accountId };
    const row = await ctx.database.db.transaction((tx) =>
      new PaymentsService(ctx.database.db, new AuditService(ctx.database.db), new DomainEventBus(ctx.database.db)).record(tx, scope, {
        locationId: home.locationId,
        clientId,
        paymentTypeId: types.Card!.id,
        amount: 2_500,
        allocations: [{ invoiceId: invoiceIds[0]!, amount: 2_500 }],
        stripePaymentIntentId: `pi_${crypto.randomUUID()}`,
      }),
    );
    expect(row).toMatchObject({ kind: 'payment', amount: 2_500, createdById: null });
    expect(await balanceOf(invoiceIds[0]!)).toBe(0);
    const payment = (await desk.call(api.paymentOps.get, { params: { id: row.id } })).json() as api.Payment;
    expect(payment.card).toBe(true);
  });
});
