import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { addDays } from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, dateIn } from '../../../test/records.js';
import { appointmentsRepository } from '../appointments/index.js';
import { appointmentStatusChanges } from '../appointments/appointments.table.js';
import { addOnLine, billingWorld, finalised, newInvoice, serviceLine, type BillingWorld } from '../invoices/invoices.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let analyst: Client;
let plain: Client;
let world: BillingWorld;
let theirs: BillingWorld;

const ZONE = 'America/New_York';
const today = () => dateIn(ZONE);
const sumOf = <R>(rows: readonly R[], pick: (r: R) => number) => rows.reduce((s, r) => s + pick(r), 0);

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  analyst = await createUser(ctx, home, ['analytics.view', 'reports.export']);
  plain = await createUser(ctx, home, ['reports.export']);
  world = await billingWorld(home);
  theirs = await billingWorld(other);
});
afterAll(() => ctx?.close());

async function dashboard(query: Record<string, string>, caller: Client = analyst): Promise<api.AnalyticsDashboard> {
  const res = await caller.call(api.analyticsDashboard, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.AnalyticsDashboard;
}

describe('access and validation', () => {
  const query = { from: '2026-01-01', to: '2026-01-31' };

  it('needs analytics.view: 403 without it', async () => {
    const res = await plain.call(api.analyticsDashboard, { query });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBeTruthy();
  });

  it('refuses a bad range or location in the {error: {message}} shape', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-02-01', to: '2026-01-31' }, `to: ${api.REPORT_MESSAGES.toBeforeFrom}`],
      [{ from: '2020-01-01', to: '2026-01-31' }, `to: ${api.REPORT_MESSAGES.tooLong}`],
      [{ from: '2026-13-01', to: '2026-01-31' }, 'from: must be a date (YYYY-MM-DD)'],
      [{ to: '2026-01-31' }, 'from:'],
      [{ ...query, locationId: 'nope' }, 'locationId: must be a valid id'],
    ];
    for (const [q, message] of cases) {
      const res = await analyst.call(api.analyticsDashboard, { query: q });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(errorOf(res)).toContain(message);
    }
  });

  it('answers 404 for another account’s location', async () => {
    const res = await analyst.call(api.analyticsDashboard, { query: { ...query, locationId: other.locationId } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the books: revenue, top services and the average invoice', () => {
  let invoices: api.Invoice[];

  beforeAll(async () => {
    const on = (days: number) => addDays(today(), days);
    invoices = [
      await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(-40) }, [serviceLine(world), addOnLine(world)])),
      await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(-3), discountType: 'percent', discountValue: 1_000 })),
      await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(0) }, [addOnLine(world, { quantity: 3 })])),
    ];
    // Credited in part: the credit note's negative lines count on its own issue date, as revenue, not as an invoice.
    const credit = await home.admin.call(api.createCreditNote, { params: { id: invoices[0]!.id }, body: { data: { reason: 'Overcharged', itemIds: [invoices[0]!.items[1]!.id] } } });
    expect(credit.statusCode, credit.body).toBe(201);
    await finalised(home.admin, credit.json() as api.Invoice);
    // A void invoice and a draft count for nothing.
    const voided = await finalised(home.admin, await newInvoice(home.admin, home, world, { issuedOn: on(-2) }));
    expect((await home.admin.call(api.voidInvoice, { params: { id: voided.id }, body: { data: { reason: 'Wrong client' } } })).statusCode).toBe(200);
    await newInvoice(home.admin, home, world, { issuedOn: on(-1) });
    // Another account's books are never counted.
    await finalised(other.admin, await newInvoice(other.admin, other, theirs, { issuedOn: on(-1) }, [serviceLine(theirs, { unitPrice: 99_999_00 })]));
  });

  it('charts the revenue report’s figures: the same total, period by period, and by service', async () => {
    for (const range of [
      { from: addDays(today(), -400), to: addDays(today(), 1) },
      { from: addDays(today(), -60), to: today() },
      { from: addDays(today(), -90), to: today() },
    ]) {
      const d = await dashboard(range);
      const groupBy = api.analyticsPeriodOf(range.from, range.to);
      expect(d.period).toBe(groupBy);
      const res = await analyst.call(api.revenueReport, { query: { ...range, groupBy } });
      const report = res.json() as api.RevenueReport;
      expect(d.revenue.total, groupBy).toBe(report.totals.total);
      expect(d.revenue.points.filter((p) => p.total !== 0).map((p) => [p.period, p.total])).toEqual(report.rows.filter((r) => r.total !== 0).map((r) => [r.key, r.total]));
      expect(sumOf(d.revenue.points, (p) => p.total)).toBe(d.revenue.total);
      expect(d.topServices.total).toBe(report.totals.total);
      const byService = (await analyst.call(api.revenueReport, { query: { ...range, groupBy: 'service' } })).json() as api.RevenueReport;
      expect(d.topServices.rows.map((r) => [r.key, r.label, r.total])).toEqual(byService.rows.slice(0, api.TOP_SERVICES).map((r) => [r.key, r.label, r.total]));
      expect(d.currency).toBe('USD');
    }
  });

  it('lists every period of the range, ranks services and averages the invoices without the credit note', async () => {
    const range = { from: addDays(today(), -60), to: today() };
    const d = await dashboard(range);
    expect(d.period).toBe('day');
    expect(d.revenue.points).toHaveLength(61);
    expect(d.revenue.points[0]!.period).toBe(range.from);
    expect(d.revenue.points.at(-1)).toEqual({ period: today(), total: expect.any(Number) });
    expect(d.revenue.total).toBe(sumOf(invoices, (i) => i.total) - invoices[0]!.items[1]!.total);

    // The service's line is the larger; the add-on's credited line and its credit note cancel out.
    expect(d.topServices.rows.map((r) => [r.key, r.label])).toEqual([
      [world.service.id, world.service.name],
      [world.addOn.id, world.addOn.name],
    ]);
    expect(d.topServices.rows[1]!.total).toBe(invoices[1]!.items[1]!.total + invoices[2]!.total);

    const invoiced = sumOf(invoices, (i) => i.total);
    expect(d.averageInvoice).toMatchObject({ invoices: 3, total: invoiced, average: Math.round(invoiced / 3) });
    expect(d.averageInvoice.points.find((p) => p.period === addDays(today(), -40))).toEqual({
      period: addDays(today(), -40),
      invoices: 1,
      total: invoices[0]!.total,
      average: invoices[0]!.total,
    });
  });

  it('counts the clients added in the range at each location, and none of another account’s', async () => {
    const d = await dashboard({ from: addDays(today(), -1), to: today() });
    const res = await home.admin.call(api.clientOps.list, { query: { locationId: home.locationId, includeArchived: 'true', limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json() as { total: number };
    expect(listed.total).toBeGreaterThan(0);
    expect(d.newClients.total).toBe(listed.total);
    expect(d.newClients.points.at(-1)!.clients).toBe(listed.total);
    const elsewhere = await dashboard({ from: addDays(today(), -400), to: today(), locationId: await addLocation(ctx, home) });
    expect(elsewhere).toMatchObject({ revenue: { total: 0 }, newClients: { total: 0 }, topServices: { rows: [], total: 0 }, averageInvoice: { invoices: 0, average: 0 } });
  });
});

describe('the calendar: appointments by status and aftercare turnaround, across a daylight-saving change', () => {
  let account: TestAccount;
  let caller: Client;
  let clientId: string;

  async function booked(t: TestAccount, cid: string, startAt: string, status: api.AppointmentStatus, changes: [api.AppointmentStatus, string][] = []) {
    const start = new Date(startAt);
    const row = await appointmentsRepository.insert(ctx.database.db, { accountId: t.accountId }, { locationId: t.locationId, clientId: cid, startAt: start, endAt: new Date(start.getTime() + 3_600_000), status });
    for (const [toStatus, changedAt] of changes)
      await ctx.database.db.insert(appointmentStatusChanges).values({ id: randomUUID(), accountId: t.accountId, appointmentId: row.id, fromStatus: 'Cremated', toStatus, changedAt: new Date(changedAt) });
  }

  beforeAll(async () => {
    account = await createAccount(ctx);
    caller = await createUser(ctx, account, ['analytics.view']);
    clientId = (await billingWorld(account)).client.id;
    // 1 March, 10:00 EST; ashes delivered 7 March 10:00 EST (6 days), then spread as well: counted once.
    await booked(account, clientId, '2026-03-01T15:00:00Z', 'Ashes Spread', [
      ['Ashes Delivered', '2026-03-07T15:00:00Z'],
      ['Ashes Spread', '2026-03-07T18:00:00Z'],
    ]);
    // 2 March, 10:00 EST; spread 5 March 22:30 EST (3.52 days): the 5th on the location's calendar, the 6th in UTC.
    await booked(account, clientId, '2026-03-02T15:00:00Z', 'Ashes Spread', [['Ashes Spread', '2026-03-06T03:30:00Z']]);
    // 8 March in New York is 23 hours long.
    await booked(account, clientId, '2026-03-09T03:30:00Z', 'Cancelled'); // 8 March, 23:30 EDT
    await booked(account, clientId, '2026-03-09T04:30:00Z', 'Confirmed'); // 9 March, 00:30 EDT
    // Another account's calendar on the same days is never counted.
    await booked(other, theirs.client.id, '2026-03-08T15:00:00Z', 'Confirmed', [['Ashes Delivered', '2026-03-08T16:00:00Z']]);
  });

  it('counts appointments by local day and status, each day once', async () => {
    const d = await dashboard({ from: '2026-03-01', to: '2026-03-10' }, caller);
    expect(d.period).toBe('day');
    const nonZero = (p: api.AnalyticsDashboard['appointments']['points'][number]) => Object.entries(p.byStatus).filter(([, n]) => n > 0);
    expect(d.appointments.points.filter((p) => p.total > 0).map((p) => [p.period, Object.fromEntries(nonZero(p))])).toEqual([
      ['2026-03-01', { 'Ashes Spread': 1 }],
      ['2026-03-02', { 'Ashes Spread': 1 }],
      ['2026-03-08', { Cancelled: 1 }],
      ['2026-03-09', { Confirmed: 1 }],
    ]);
    expect(d.appointments.total).toBe(4);
    expect(Object.keys(d.appointments.points[0]!.byStatus)).toEqual([...api.APPOINTMENT_STATUSES]);
    const report = (await createUser(ctx, account, ['reports.export'])).call(api.appointmentsByStatusReport, { query: { from: '2026-03-01', to: '2026-03-10' } });
    expect(((await report).json() as api.AppointmentReport).totals.appointments).toBe(d.appointments.total);
  });

  it('measures aftercare from the appointment to the ashes delivered or spread, on the day it finished', async () => {
    const d = await dashboard({ from: '2026-03-01', to: '2026-03-10' }, caller);
    expect(d.aftercare.points.filter((p) => p.finished > 0)).toEqual([
      { period: '2026-03-05', finished: 1, averageDays: 3.5 },
      { period: '2026-03-07', finished: 1, averageDays: 6 },
    ]);
    expect(d.aftercare).toMatchObject({ finished: 2, averageDays: 4.8 });
    expect(d.aftercare.points.find((p) => p.period === '2026-03-06')).toEqual({ period: '2026-03-06', finished: 0, averageDays: null });
    const weekly = await dashboard({ from: '2026-01-01', to: '2026-06-30' }, caller);
    expect(weekly.period).toBe('week');
    expect(weekly.aftercare.points.filter((p) => p.finished > 0)).toEqual([{ period: '2026-03-02', finished: 2, averageDays: 4.8 }]);
  });
});
