// The end-of-life volume: cremations by type, partner and location, with turnaround counted in days
// on each location's calendar from the visit to the end of its aftercare.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { at } from '../../../test/scheduling-records.js';
import { parseCsv } from '../../platform/csv.js';
import { appointmentStatusChanges } from '../appointments/appointments.table.js';
import type { BillingWorld } from '../invoices/invoices.fixtures.js';
import { appointmentBooker, EAST, reportsWorld, WEST } from './reports.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let reporter: Client;
let plain: Client;
let world: BillingWorld;
let theirs: BillingWorld;
let westId: string;

const range = { from: '2030-06-01', to: '2030-06-30' };

type Visit = {
  day: string;
  cremationType: api.CremationType | null;
  ashes?: api.AshesDisposition;
  status: api.AppointmentStatus;
  /** the status that ends (or not) its aftercare, and when on the location's clock */
  change?: { to: api.AppointmentStatus; day: string; time: string };
  west?: boolean;
};
let book: ReturnType<typeof appointmentBooker>;
async function visit(t: TestAccount, w: BillingWorld, v: Visit): Promise<string> {
  const zone = v.west ? WEST : EAST;
  const { id } = await book(t, w, {
    day: v.day,
    zone,
    ended: { status: v.status, cremationType: v.cremationType, ashesDisposition: v.ashes ?? null, ...(v.west && { locationId: westId }) },
  });
  if (v.change) {
    await ctx.database.db.insert(appointmentStatusChanges).values({
      accountId: t.accountId,
      appointmentId: id,
      fromStatus: 'Submitted For Cremation',
      toStatus: v.change.to,
      changedAt: new Date(at(v.change.time, v.change.day, zone)),
    });
  }
  return id;
}

async function report(query: Record<string, string>): Promise<api.EndOfLifeReport> {
  const res = await reporter.call(api.endOfLifeReport, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.EndOfLifeReport;
}

beforeAll(async () => {
  ({ ctx, home, other, reporter, plain, world, theirs, westId } = await reportsWorld());
  book = appointmentBooker(ctx);
  const partner = await home.admin.call(api.createIntegration, {
    body: { data: { locationId: home.locationId, service: 'memorialPartner1', publicKey: 'practice', privateKey: 'secret', settings: { name: 'Rainbow Bridge' } } },
  });
  expect(partner.statusCode, partner.body).toBe(201);

  // 22:00 on the 10th in New York is the 11th in UTC: seven days on the location's calendar, not eight
  await visit(home, world, { day: '2030-06-03', cremationType: 'private', ashes: 'returned', status: 'Ashes Delivered', change: { to: 'Ashes Delivered', day: '2030-06-10', time: '22:00' } });
  await visit(home, world, { day: '2030-06-05', cremationType: 'private', ashes: 'returned', status: 'Cremated', change: { to: 'Cremated', day: '2030-06-07', time: '09:00' } });
  // no ashes come back: cremated is the end
  await visit(home, world, { day: '2030-06-04', cremationType: 'communal', ashes: 'none', status: 'Cremated', change: { to: 'Cremated', day: '2030-06-06', time: '09:00' } });
  await visit(home, world, { day: '2030-06-20', cremationType: 'private', ashes: 'spread', status: 'Ashes Spread', west: true, change: { to: 'Ashes Spread', day: '2030-06-23', time: '21:00' } });
  // cancelled, without a cremation, or outside the days: not counted
  await visit(home, world, { day: '2030-06-12', cremationType: 'partitioned', status: 'Cancelled' });
  await visit(home, world, { day: '2030-06-12', cremationType: null, status: 'Completed' });
  await visit(home, world, { day: '2030-07-01', cremationType: 'private', status: 'Completed' });
  await visit(other, theirs, { day: '2030-06-03', cremationType: 'private', status: 'Ashes Delivered', change: { to: 'Ashes Delivered', day: '2030-06-05', time: '09:00' } });
});
afterAll(() => ctx?.close());

describe('end-of-life volume', () => {
  it('counts cremations by type with turnaround in local days, totals from the rows', async () => {
    const r = await report(range);
    expect(r.groupBy).toBe('cremationType');
    expect(r.rows).toEqual([
      { key: 'private', label: 'Private cremation', cremations: 3, finished: 2, inProgress: 1, turnaroundDays: 10, averageDays: 5, longestDays: 7 },
      { key: 'communal', label: 'Communal cremation', cremations: 1, finished: 1, inProgress: 0, turnaroundDays: 2, averageDays: 2, longestDays: 2 },
    ]);
    expect(r.totals).toEqual({ cremations: 4, finished: 3, inProgress: 1, turnaroundDays: 12, averageDays: 4, longestDays: 7 });
    for (const key of ['cremations', 'finished', 'inProgress', 'turnaroundDays'] as const) {
      expect(r.totals[key]).toBe(r.rows.reduce((s, row) => s + row[key], 0));
    }
  });

  it('by partner: the one connected at the location, the rest not recorded; by location; one location', async () => {
    const byPartner = await report({ ...range, groupBy: 'partner' });
    expect(byPartner.rows.map((row) => [row.key, row.label, row.cremations, row.averageDays])).toEqual([
      ['Rainbow Bridge', 'Rainbow Bridge', 3, 4.5],
      [null, api.END_OF_LIFE_MESSAGES.partnerUnknown, 1, 3],
    ]);
    const byLocation = await report({ ...range, groupBy: 'location' });
    expect(byLocation.rows.map((row) => [row.key, row.cremations, row.longestDays])).toEqual([
      [home.locationId, 3, 7],
      [westId, 1, 3],
    ]);
    const west = await report({ ...range, locationId: westId });
    expect(west.totals).toMatchObject({ cremations: 1, finished: 1, averageDays: 3 });
    expect((await report({ from: '2030-05-01', to: '2030-05-31' })).rows).toEqual([]);
  });

  it('needs reports.export, checks its query and answers 404 for another account’s location', async () => {
    expect((await plain.call(api.endOfLifeReport, { query: range })).statusCode).toBe(403);
    expect((await plain.call(api.endOfLifeReport, { query: { ...range, format: 'xlsx' } })).statusCode).toBe(403);
    const bad = await reporter.call(api.endOfLifeReport, { query: { ...range, groupBy: 'species' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain('groupBy: must be cremationType, partner or location');
    expect((await reporter.call(api.endOfLifeReport, { query: { ...range, locationId: other.locationId } })).statusCode).toBe(404);
  });

  it('downloads as CSV with formulas disarmed and as XLSX', async () => {
    const csv = await reporter.call(api.endOfLifeReport, { query: { ...range, groupBy: 'location', format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="end-of-life-by-location-2030-06-01-to-2030-06-30.csv"');
    expect(parseCsv(csv.body)).toEqual([
      ['Location', 'Cremations', 'Finished', 'In progress', 'Average turnaround (days)', 'Longest turnaround (days)'],
      [expect.any(String), '3', '2', '1', '4.5', '7'],
      ["'@West branch", '1', '1', '0', '3', '3'],
      ['Total', '4', '3', '1', '4', '7'],
    ]);
    const xlsx = await reporter.call(api.endOfLifeReport, { query: { ...range, format: 'xlsx' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('End-of-life volume')!;
    expect(sheet.getRow(2).values).toEqual([undefined, 'Private cremation', 3, 2, 1, 5, 7]);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Total', 4, 3, 1, 4, 7]);
  });
});
