import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays } from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, dateIn } from '../../../test/records.js';
import { parseCsv } from '../../platform/csv.js';
import { linesAndTotal, sheetValues } from './report-files.fixtures.js';
import { appointmentsRepository } from '../appointments/appointments.repository.js';
import { appointmentStatusChanges } from '../appointments/appointments.table.js';
import { newHousehold } from '../../../test/scheduling-records.js';
import { billingWorld, finalised, newInvoice, serviceLine, addOnLine, type BillingWorld } from '../invoices/invoices.fixtures.js';

let ctx: TestContext;
/** The books under test: nothing in this account but what the tests write. */
let home: TestAccount;
let other: TestAccount;
let reporter: Client;
let plain: Client;
let provider: { userId: string };
let world: BillingWorld;
let theirs: BillingWorld;

const ZONE = 'America/New_York';
const today = () => dateIn(ZONE);
const WIDE = () => ({ from: addDays(today(), -400), to: addDays(today(), 1) });

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  reporter = await createUser(ctx, home, ['reports.export']);
  plain = await createUser(ctx, home, []);
  provider = await createUser(ctx, home, ['appointments.primary_provider'], { firstName: '=Vera' });
  world = await billingWorld(home);
  theirs = await billingWorld(other);
});
afterAll(() => ctx?.close());

async function report<T>(op: api.Operation, query: Record<string, string>, caller: Client = reporter): Promise<T> {
  const res = await caller.call(op, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const sumOf = <R>(rows: readonly R[], pick: (r: R) => number) => rows.reduce((s, r) => s + pick(r), 0);

/** Every page of a paged list. */
async function allOf<T>(op: api.Operation, query: Record<string, string> = {}): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await home.admin.call(op, { query: { ...query, limit: '100', offset: String(offset) } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: T[]; total: number };
    items.push(...page.items);
    if (items.length >= page.total || page.items.length === 0) return items;
  }
}

async function creditNoteOf(invoice: api.Invoice, itemIds?: string[]): Promise<api.Invoice> {
  const res = await home.admin.call(api.createCreditNote, { params: { id: invoice.id }, body: { data: { reason: 'Overcharged', ...(itemIds && { itemIds }) } } });
  expect(res.statusCode, res.body).toBe(201);
  return finalised(home.admin, res.json() as api.Invoice);
}

describe('access and validation', () => {
  const ops = [api.revenueReport, api.receivablesAgeingReport, api.paymentsByTypeReport, api.appointmentsByStatusReport];
  const query = { from: '2026-01-01', to: '2026-01-31' };

  it('needs reports.export: 403 without it, for every report and format', async () => {
    for (const op of ops) {
      for (const format of ['json', 'csv', 'xlsx']) {
        const res = await plain.call(op, { query: { ...query, format } });
        expect(res.statusCode, `${op.path} ${format}`).toBe(403);
        expect(errorOf(res)).toBeTruthy();
      }
    }
  });

  it('refuses a bad range, grouping or format in the {error: {message}} shape', async () => {
    const cases: [api.Operation, Record<string, string>, string][] = [
      [api.revenueReport, { from: '2026-02-01', to: '2026-01-31' }, 'to: must be on or after from'],
      [api.revenueReport, { from: '2020-01-01', to: '2026-01-31' }, `to: ${api.REPORT_MESSAGES.tooLong}`],
      [api.revenueReport, { ...query, groupBy: 'year' }, 'groupBy: must be day, week, month, provider, service or location'],
      [api.paymentsByTypeReport, { from: '2026-13-01', to: '2026-01-31' }, 'from: must be a date (YYYY-MM-DD)'],
      [api.paymentsByTypeReport, { to: '2026-01-31' }, 'from:'],
      [api.appointmentsByStatusReport, { ...query, format: 'pdf' }, 'format: must be json, csv or xlsx'],
      [api.appointmentsByStatusReport, { ...query, providerId: 'nope' }, 'providerId: must be a valid id'],
      [api.receivablesAgeingReport, { locationId: 'nope' }, 'locationId: must be a valid id'],
    ];
    for (const [op, q, message] of cases) {
      const res = await reporter.call(op, { query: q });
      expect(res.statusCode, `${op.path} ${JSON.stringify(q)}`).toBe(400);
      expect(errorOf(res)).toContain(message);
    }
  });

  it('answers 404 for another account’s location or provider, as a list does', async () => {
    for (const op of ops) {
      const res = await reporter.call(op, { query: { ...query, locationId: other.locationId } });
      expect(res.statusCode, op.path).toBe(404);
    }
    const theirVet = await createUser(ctx, other, ['appointments.primary_provider']);
    for (const op of [api.revenueReport, api.appointmentsByStatusReport]) {
      const res = await reporter.call(op, { query: { ...query, providerId: theirVet.userId } });
      expect(res.statusCode, op.path).toBe(404);
    }
  });
});

describe('revenue', () => {
  let invoices: api.Invoice[];

  beforeAll(async () => {
    const on = (days: number) => addDays(today(), days);
    const provided = (w: BillingWorld) => [serviceLine(w, { providerId: provider.userId }), addOnLine(w)];
    invoices = [
      await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(-40) }, provided(world))),
      await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(-3), discountType: 'percent', discountValue: 1_000 })),
      await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(0) }, [addOnLine(world, { quantity: 3 })])),
    ];
    // Credited in part: the credit note's negative lines count on its own issue date.
    await creditNoteOf(invoices[0]!, [invoices[0]!.items[1]!.id]);
    // A void invoice and a draft are not revenue.
    const voided = await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(-2) }));
    expect((await home.admin.call(api.voidInvoice, { params: { id: voided.id }, body: { data: { reason: 'Wrong client' } } })).statusCode).toBe(200);
    await newInvoice(home.admin, home, world, { issuedOn: on(-1) });
    // Another account's books are never counted.
    await finalised(other.admin, await newInvoice(other.admin, other, theirs, { issuedOn: on(-1) }));
  });

  it('totals the sum of its rows and the invoice list’s total of the same invoices, in every grouping', async () => {
    const listed = await allOf<api.InvoiceSummary>(api.invoiceOps.list, { status: 'finalised' });
    const listTotal = sumOf(listed, (i) => i.total);
    expect(listed.some((i) => i.kind === 'credit_note' && i.total < 0)).toBe(true);
    for (const groupBy of api.REVENUE_GROUPS) {
      const r = await report<api.RevenueReport>(api.revenueReport, { ...WIDE(), groupBy });
      expect(r.totals.total, groupBy).toBe(listTotal);
      for (const key of ['subtotal', 'discount', 'tax', 'total'] as const) expect(sumOf(r.rows, (row) => row[key]), `${groupBy} ${key}`).toBe(r.totals[key]);
      expect(r.totals.subtotal - r.totals.discount + r.totals.tax).toBe(r.totals.total);
    }
  });

  it('groups by period of the issue date, by provider, service and location, with their names', async () => {
    const byDay = await report<api.RevenueReport>(api.revenueReport, { ...WIDE(), groupBy: 'day' });
    expect(byDay.rows.map((r) => r.key)).toEqual([...new Set(byDay.rows.map((r) => r.key))].sort());
    expect(byDay.rows.find((r) => r.key === today())?.total).toBe(invoices[2]!.total + invoices[0]!.items[1]!.total * -1);
    const byMonth = await report<api.RevenueReport>(api.revenueReport, { ...WIDE(), groupBy: 'month' });
    expect(byMonth.rows.every((r) => r.key!.endsWith('-01') && r.label === r.key!.slice(0, 7))).toBe(true);

    const byProvider = await report<api.RevenueReport>(api.revenueReport, { ...WIDE(), groupBy: 'provider' });
    expect(byProvider.rows.find((r) => r.key === provider.userId)).toMatchObject({ label: '=Vera User', total: invoices[0]!.items[0]!.total });
    expect(byProvider.rows.find((r) => r.key === null)?.label).toBe(api.REPORT_MESSAGES.none);
    const onlyHers = await report<api.RevenueReport>(api.revenueReport, { ...WIDE(), groupBy: 'service', providerId: provider.userId });
    expect(onlyHers.rows).toEqual([expect.objectContaining({ key: world.service.id, label: world.service.name, total: invoices[0]!.items[0]!.total })]);

    const byLocation = await report<api.RevenueReport>(api.revenueReport, { ...WIDE(), groupBy: 'location', locationId: home.locationId });
    expect(byLocation.rows).toEqual([expect.objectContaining({ key: home.locationId, label: 'Main Clinic' })]);
    const elsewhere = await report<api.RevenueReport>(api.revenueReport, { ...WIDE(), locationId: await addLocation(ctx, home) });
    expect(elsewhere).toMatchObject({ rows: [], totals: { subtotal: 0, discount: 0, tax: 0, total: 0 }, currency: 'USD' });
  });

  it('streams the same table as CSV (formulas guarded) and XLSX, read back equal to the JSON', async () => {
    const query = { ...WIDE(), groupBy: 'provider' };
    const json = await report<api.RevenueReport>(api.revenueReport, query);
    const expected = [...json.rows, { label: 'Total', ...json.totals }].map((r) => [r.label, r.subtotal, r.discount, r.tax, r.total]);

    const csv = await reporter.call(api.revenueReport, { query: { ...query, format: 'csv' } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="revenue-by-provider-${query.from}-to-${query.to}.csv"`);
    const [header, ...lines] = parseCsv(csv.body);
    expect(header).toEqual(['Provider', 'Subtotal (USD)', 'Discount (USD)', 'Tax (USD)', 'Total (USD)']);
    expect(csv.body).toContain(`'=Vera User`);
    const unguarded = (text: string) => text.replace(/^'/, '');
    expect(lines.map(([label, ...money]) => [unguarded(label!), ...money.map((m) => Math.round(Number(m) * 100))])).toEqual(expected);

    const xlsx = await reporter.call(api.revenueReport, { query: { ...query, format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="revenue-by-provider-.*\.xlsx"$/);
    const values = await sheetValues(xlsx);
    expect(values[0]).toEqual(header);
    expect(values.slice(1).map(([label, ...money]) => [label, ...money.map((m) => Math.round((m as number) * 100))])).toEqual(expected);
  });
});

describe('payments by type', () => {
  let types: Record<string, api.PaymentType>;
  const pay = async (t: TestAccount, clientId: string, paymentTypeId: string, amount: number, receivedAt?: string) => {
    const res = await t.admin.call(api.paymentOps.create, { body: { data: { locationId: t.locationId, clientId, paymentTypeId, amount, ...(receivedAt && { receivedAt }) } } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as api.Payment;
  };

  beforeAll(async () => {
    types = Object.fromEntries(((await home.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[]).map((p) => [p.name, p]));
    const card = await pay(home, world.client.id, types.Card!.id, 12_345);
    await pay(home, world.client.id, types.Cash!.id, 5_000);
    await pay(home, world.client.id, types.Cash!.id, 2_550);
    const refund = await home.admin.call(api.refundPayment, { params: { id: card.id }, body: { data: { amount: 345, reason: 'Part returned' } } });
    expect(refund.statusCode, refund.body).toBe(201);
    const theirTypes = (await other.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[];
    await pay(other, theirs.client.id, theirTypes[0]!.id, 99_999);
  });

  it('totals the sum of its rows and the payment list’s total (payments less refunds)', async () => {
    const r = await report<api.PaymentsByTypeReport>(api.paymentsByTypeReport, WIDE());
    for (const key of ['payments', 'received', 'refunds', 'refunded', 'net'] as const) expect(sumOf(r.rows, (row) => row[key]), key).toBe(r.totals[key]);
    const listed = await allOf<api.Payment>(api.paymentOps.list);
    expect(r.totals.net).toBe(sumOf(listed, (p) => (p.kind === 'refund' ? -p.amount : p.amount)));
    expect(r.rows.find((row) => row.name === 'Cash')).toMatchObject({ method: 'cash', payments: 2, received: 7_550, refunds: 0, net: 7_550 });
    expect(r.rows.find((row) => row.name === 'Card')).toMatchObject({ method: 'card', payments: 1, received: 12_345, refunds: 1, refunded: 345, net: 12_000 });
  });

  it('reads back from CSV and XLSX as the JSON rows', async () => {
    const json = await report<api.PaymentsByTypeReport>(api.paymentsByTypeReport, WIDE());
    const expected = [...json.rows, { name: 'Total', ...json.totals }].map((r) => [r.name, r.payments, r.received, r.refunds, r.refunded, r.net]);
    const back = (cells: unknown[]) => cells.map((c, i) => (i === 0 ? c : [2, 4, 5].includes(i) ? Math.round(Number(c) * 100) : Number(c)));
    const csv = await reporter.call(api.paymentsByTypeReport, { query: { ...WIDE(), format: 'csv' } });
    expect(parseCsv(csv.body).slice(1).map(back)).toEqual(expected);
    const xlsx = await reporter.call(api.paymentsByTypeReport, { query: { ...WIDE(), format: 'xlsx' } });
    expect((await sheetValues(xlsx)).slice(1).map(back)).toEqual(expected);
  });
});

describe('receivables ageing', () => {
  it('buckets what each client still owes by days past the due date (the issue date without one)', async () => {
    const account = await createAccount(ctx);
    const w = await billingWorld(account);
    const owe = async (issuedDaysAgo: number, dueDaysAgo: number | null) =>
      finalised(
        account.admin,
        await newInvoice(account.admin, account, w, { issuedOn: dateIn(ZONE, -issuedDaysAgo), dueOn: dueDaysAgo === null ? null : dateIn(ZONE, -dueDaysAgo) }, [addOnLine(w, { quantity: 1 })]),
      );
    const due = [await owe(100, 10), await owe(100, 45), await owe(100, 75), await owe(120, 91), await owe(40, null), await owe(0, -30)];
    const one = due[0]!.total;
    // Paid in part: what is left is owed; paid in full: nothing.
    const types = (await account.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[];
    const payOn = async (invoiceId: string, amount: number) =>
      expect(
        (await account.admin.call(api.paymentOps.create, { body: { data: { locationId: account.locationId, clientId: w.client.id, paymentTypeId: types[0]!.id, amount, allocations: [{ invoiceId, amount }] } } }))
          .statusCode,
      ).toBe(201);
    await payOn(due[1]!.id, 1_000);
    const paidUp = await owe(200, 200);
    await payOn(paidUp.id, one);
    const admin = await createUser(ctx, account, ['reports.export']);

    const r = await report<api.AgeingReport>(api.receivablesAgeingReport, {}, admin);
    expect(r.rows).toEqual([
      { clientId: w.client.id, clientName: `${w.client.firstName} ${w.client.lastName}`, invoices: 6, days0to30: 2 * one, days31to60: 2 * one - 1_000, days61to90: one, over90: one, total: 6 * one - 1_000 },
    ]);
    expect(r.totals).toEqual({ invoices: 6, days0to30: 2 * one, days31to60: 2 * one - 1_000, days61to90: one, over90: one, total: 6 * one - 1_000 });
    const unpaid = (await account.admin.call(api.invoiceOps.list, { query: { unpaid: true, status: 'finalised', limit: 100 } })).json() as { items: api.InvoiceSummary[] };
    expect(r.totals.total).toBe(sumOf(unpaid.items, (i) => i.balance));

    const csv = await admin.call(api.receivablesAgeingReport, { query: { format: 'csv' } });
    const [header, row, total] = parseCsv(csv.body);
    expect(header).toEqual(['Client', 'Invoices', '0–30 days (USD)', '31–60 days (USD)', '61–90 days (USD)', '90+ days (USD)', 'Total (USD)']);
    expect(row!.slice(1).map((c, i) => (i === 0 ? Number(c) : Math.round(Number(c) * 100)))).toEqual([6, 2 * one, 2 * one - 1_000, one, one, 6 * one - 1_000]);
    expect(total![0]).toBe('Total');
  });

  it('pages the JSON rows with limit and offset, rowCount and totals always of every client; a file holds them all', async () => {
    const account = await createAccount(ctx);
    const worlds = [await billingWorld(account), await billingWorld(account), await billingWorld(account)];
    const owed: number[] = [];
    for (const [i, w] of worlds.entries()) {
      const invoice = await finalised(account.admin, await newInvoice(account.admin, account, w, { issuedOn: dateIn(ZONE, -5), dueOn: dateIn(ZONE, -5) }, [addOnLine(w, { quantity: i + 1 })]));
      owed.push(invoice.total);
    }
    const admin = await createUser(ctx, account, ['reports.export']);
    const all = await report<api.AgeingReport>(api.receivablesAgeingReport, {}, admin);
    expect(all.rows.map((r) => r.total)).toEqual([...owed].reverse());
    expect(all.rowCount).toBe(3);

    const first = await report<api.AgeingReport>(api.receivablesAgeingReport, { limit: '2', offset: '0' }, admin);
    const last = await report<api.AgeingReport>(api.receivablesAgeingReport, { limit: '2', offset: '2' }, admin);
    expect([...first.rows, ...last.rows]).toEqual(all.rows);
    expect(first.rows).toHaveLength(2);
    for (const page of [first, last]) {
      expect(page.rowCount).toBe(3);
      expect(page.totals).toEqual(all.totals);
    }
    expect(all.totals.total).toBe(sumOf(owed, (o) => o));

    const csv = await admin.call(api.receivablesAgeingReport, { query: { format: 'csv', limit: '1' } });
    expect(parseCsv(csv.body)).toHaveLength(1 + 3 + 1);
    const xlsx = await admin.call(api.receivablesAgeingReport, { query: { format: 'xlsx', limit: '1', offset: '2' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1 + 3 + 1);

    for (const [query, message] of [
      [{ limit: '0' }, 'limit: must be at least 1'],
      [{ limit: '201' }, 'limit: must be at most 200'],
      [{ limit: '10', offset: '-1' }, 'offset: must be at least 0'],
    ] as const) {
      const res = await admin.call(api.receivablesAgeingReport, { query });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });
  it('writes every owing client once in its files, read a few at a time across ties at the pages’ seams, the totals the sum of the rows', async () => {
    const account = await createAccount(ctx);
    const w = await billingWorld(account);
    // Eight owing clients, most sharing a total and a name (then ordered by id), across pages of two;
    // and one paid up, in no row.
    const names = [['Cora', 'Smith'], ['Cora', 'Smith'], ['Cora', 'Smith'], ['ada', 'smith'], ['Ben', 'Jones'], ['Cora', 'Smith'], ['Zed', 'Adams'], ['Cora', 'Smith'], ['Paid', 'Up']];
    const quantities = [1, 1, 1, 1, 2, 2, 3, 1, 1];
    const owing: string[] = [];
    for (const [i, [firstName, lastName]] of names.entries()) {
      const { client, patients } = await newHousehold(account.admin, account, { firstName, lastName });
      const invoice = await finalised(
        account.admin,
        await newInvoice(account.admin, account, { ...w, client, patient: patients[0]! }, { issuedOn: dateIn(ZONE, -5), dueOn: dateIn(ZONE, -5) }, [addOnLine(w, { quantity: quantities[i]! })]),
      );
      if (firstName !== 'Paid') owing.push(client.id);
      else {
        const [type] = (await account.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[];
        const payment = { locationId: account.locationId, clientId: client.id, paymentTypeId: type!.id, amount: invoice.total, allocations: [{ invoiceId: invoice.id, amount: invoice.total }] };
        expect((await account.admin.call(api.paymentOps.create, { body: { data: payment } })).statusCode).toBe(201);
      }
    }
    const admin = await createUser(ctx, account, ['reports.export']);
    const all = await report<api.AgeingReport>(api.receivablesAgeingReport, {}, admin);
    expect(all.rowCount).toBe(owing.length);
    expect(all.rows.map((r) => r.clientId).sort()).toEqual([...owing].sort());
    // The screen's pages in the same order as the whole.
    const pages: api.AgeingRow[] = [];
    for (let offset = 0; offset < owing.length; offset += 3) pages.push(...(await report<api.AgeingReport>(api.receivablesAgeingReport, { limit: '3', offset: String(offset) }, admin)).rows);
    expect(pages).toEqual(all.rows);

    const reports = ctx.app.container.reports;
    const pageBefore = reports.ageingFilePage;
    reports.ageingFilePage = 2;
    try {
      const auth = { accountId: account.accountId, homeAccountId: account.accountId, userId: admin.userId, sessionId: 'file', permissions: ['reports.export' as const], roles: [] };
      const file = await reports.receivablesAgeingFile(auth, {});
      const read: api.AgeingRow[] = [];
      for await (const page of file.rows) read.push(...page);
      expect(read).toEqual(all.rows);
      expect(new Set(read.map((r) => r.clientId)).size).toBe(owing.length);
      expect(file.totals).toEqual(all.totals);

      // A download broken off after its first page: its cursor's transaction (on PostgreSQL) ends with it.
      for await (const page of (await reports.receivablesAgeingFile(auth, {})).rows) {
        expect(page).toEqual(all.rows.slice(0, 2));
        break;
      }
      const open = await ctx.database.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
      expect(open[0]?.n ?? 0).toBe(0);

      const figures = (cells: unknown[]) => cells.slice(1).map((c, i) => (i === 0 ? Number(c) : Math.round(Number(c) * 100)));
      const expectedRows = all.rows.map((r) => [r.clientName, r.invoices, r.days0to30, r.days31to60, r.days61to90, r.over90, r.total]);
      const sums = (rows: unknown[][]) => [0, 1, 2, 3, 4, 5].map((i) => sumOf(rows, (r) => figures(r)[i]!));
      const expectedTotals = [all.totals.invoices, all.totals.days0to30, all.totals.days31to60, all.totals.days61to90, all.totals.over90, all.totals.total];

      const csv = await admin.call(api.receivablesAgeingReport, { query: { format: 'csv' } });
      expect(csv.statusCode).toBe(200);
      const { lines, total } = linesAndTotal(parseCsv(csv.body));
      expect(lines.map((l) => [l[0], ...figures(l)])).toEqual(expectedRows);
      expect(total[0]).toBe('Total');
      expect(figures(total)).toEqual(expectedTotals);
      expect(sums(lines)).toEqual(expectedTotals);

      const xlsx = await admin.call(api.receivablesAgeingReport, { query: { format: 'xlsx' } });
      const { lines: sheetRows, total: sheetTotal } = linesAndTotal(await sheetValues(xlsx));
      expect(sheetRows.map((l) => [l[0], ...figures(l)])).toEqual(expectedRows);
      expect(figures(sheetTotal)).toEqual(expectedTotals);
      expect(sums(sheetRows)).toEqual(expectedTotals);
    } finally {
      reports.ageingFilePage = pageBefore;
    }
  });

  it('answers 404 for another account’s location before a byte of the file', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await reporter.call(api.receivablesAgeingReport, { query: { format, locationId: other.locationId } });
      expect(res.statusCode, format).toBe(404);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(errorOf(res)).toBeTruthy();
    }
  });
});

describe('appointments by status, across daylight-saving changes', () => {
  let account: TestAccount;
  let caller: Client;
  let clientId: string;

  /** An appointment starting at a local time in New York, in a status, cancelled at `cancelledAt` if given. */
  async function booked(startAt: string, status: api.AppointmentStatus, cancelledAt?: string) {
    const scope = { accountId: account.accountId };
    const start = new Date(startAt);
    const row = await appointmentsRepository.insert(ctx.database.db, scope, {
      locationId: account.locationId,
      clientId,
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      status,
    });
    if (cancelledAt)
      await ctx.database.db
        .insert(appointmentStatusChanges)
        .values({ id: randomUUID(), accountId: account.accountId, appointmentId: row.id, fromStatus: 'Confirmed', toStatus: 'Cancelled', changedAt: new Date(cancelledAt) });
  }

  beforeAll(async () => {
    account = await createAccount(ctx);
    caller = await createUser(ctx, account, ['reports.export']);
    clientId = (await billingWorld(account)).client.id;
    // 8 March 2026 in New York: 23 hours (EST until 02:00, EDT after).
    await booked('2026-03-08T04:30:00Z', 'Completed'); // 7 March, 23:30 EST
    await booked('2026-03-08T05:30:00Z', 'Completed'); // 8 March, 00:30 EST
    await booked('2026-03-09T03:30:00Z', 'Cancelled', '2026-03-09T04:00:00Z'); // 8 March, 23:30 EDT, cancelled after its start: a no-show
    await booked('2026-03-09T04:30:00Z', 'Confirmed'); // 9 March, 00:30 EDT
    // 1 November 2026: 25 hours (01:00–02:00 twice).
    await booked('2026-11-01T04:30:00Z', 'Cancelled', '2026-10-20T12:00:00Z'); // 00:30 EDT, cancelled ahead
    await booked('2026-11-01T05:30:00Z', 'Completed'); // 01:30 EDT
    await booked('2026-11-01T06:30:00Z', 'Completed'); // 01:30 EST, the repeated hour
    await booked('2026-11-02T04:30:00Z', 'Pending'); // 1 November, 23:30 EST
    await booked('2026-11-02T05:30:00Z', 'Pending'); // 2 November, 00:30 EST
  });

  it('counts each local day once, however long it is', async () => {
    const march = await report<api.AppointmentReport>(api.appointmentsByStatusReport, { from: '2026-03-07', to: '2026-03-09', groupBy: 'day' }, caller);
    expect(march.rows.map((r) => [r.key, r.appointments, r.noShows, r.cancellations])).toEqual([
      ['2026-03-07', 1, 0, 0],
      ['2026-03-08', 2, 1, 0],
      ['2026-03-09', 1, 0, 0],
    ]);
    const november = await report<api.AppointmentReport>(api.appointmentsByStatusReport, { from: '2026-11-01', to: '2026-11-01', groupBy: 'day' }, caller);
    expect(november.rows.map((r) => [r.key, r.appointments, r.noShows, r.cancellations])).toEqual([['2026-11-01', 4, 0, 1]]);
    expect(november.totals).toEqual({ appointments: 4, noShows: 0, cancellations: 1 });
  });

  it('answers by status in the statuses’ order, with no-shows and cancellations, and by week and month', async () => {
    const r = await report<api.AppointmentReport>(api.appointmentsByStatusReport, { from: '2026-03-01', to: '2026-11-30' }, caller);
    expect(r.rows.map((row) => [row.label, row.appointments, row.noShows, row.cancellations])).toEqual([
      ['Pending', 2, 0, 0],
      ['Confirmed', 1, 0, 0],
      ['Completed', 4, 0, 0],
      ['Cancelled', 2, 1, 1],
    ]);
    expect(r.totals).toEqual({ appointments: 9, noShows: 1, cancellations: 1 });
    const months = await report<api.AppointmentReport>(api.appointmentsByStatusReport, { from: '2026-03-01', to: '2026-11-30', groupBy: 'month' }, caller);
    expect(months.rows.map((row) => [row.label, row.appointments])).toEqual([
      ['2026-03', 4],
      ['2026-11', 5],
    ]);
    const weeks = await report<api.AppointmentReport>(api.appointmentsByStatusReport, { from: '2026-03-01', to: '2026-03-31', groupBy: 'week' }, caller);
    expect(weeks.rows.map((row) => [row.key, row.label, row.appointments])).toEqual([
      ['2026-03-02', 'Week of 2026-03-02', 3],
      ['2026-03-09', 'Week of 2026-03-09', 1],
    ]);
  });

  it('counts payments on the local days they were received, and another account’s never', async () => {
    const types = (await account.admin.call(api.paymentTypeOps.list)).json() as api.PaymentType[];
    for (const receivedAt of ['2026-03-08T04:30:00Z', '2026-03-08T05:30:00Z', '2026-03-09T03:30:00Z', '2026-03-09T04:30:00Z']) {
      const res = await account.admin.call(api.paymentOps.create, {
        body: { data: { locationId: account.locationId, clientId, paymentTypeId: types[0]!.id, amount: 100, receivedAt } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const day = await report<api.PaymentsByTypeReport>(api.paymentsByTypeReport, { from: '2026-03-08', to: '2026-03-08' }, caller);
    expect(day.totals).toMatchObject({ payments: 2, received: 200 });
    const reader = await report<api.AppointmentReport>(api.appointmentsByStatusReport, { from: '2026-03-01', to: '2026-11-30' });
    expect(reader.totals.appointments).toBe(0);
  });

  it('reads back from CSV and XLSX as the JSON rows', async () => {
    const query = { from: '2026-03-01', to: '2026-11-30' };
    const json = await report<api.AppointmentReport>(api.appointmentsByStatusReport, query, caller);
    const expected = [...json.rows, { label: 'Total', ...json.totals }].map((r) => [r.label, r.appointments, r.noShows, r.cancellations]);
    const csv = await caller.call(api.appointmentsByStatusReport, { query: { ...query, format: 'csv' } });
    expect(parseCsv(csv.body).slice(1).map(([label, ...n]) => [label, ...n.map(Number)])).toEqual(expected);
    const xlsx = await caller.call(api.appointmentsByStatusReport, { query: { ...query, format: 'xlsx' } });
    expect((await sheetValues(xlsx)).slice(1)).toEqual(expected);
  });
});
