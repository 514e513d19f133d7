// Expiring stock: the lots with stock expiring by a day, the expired first, days left from each
// location's today, valued by the stock list's rule; its figures checked against the stock list's own.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, dateIn } from '../../../test/records.js';
import { parseCsv } from '../../platform/csv.js';
import { makeItem, receive } from '../inventory/inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let reporter: Client;
let plain: Client;
let branchId: string;
const ids: Record<string, string> = {};

const HOME_ZONE = 'America/New_York';
const BRANCH_ZONE = 'Pacific/Auckland';
const homeDay = (days = 0) => dateIn(HOME_ZONE, days);

async function report(query: Record<string, string> = {}): Promise<api.ExpiringStockReport> {
  const res = await reporter.call(api.expiringStockReport, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.ExpiringStockReport;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  reporter = await createUser(ctx, home, ['reports.export']);
  plain = await createUser(ctx, home, []);
  branchId = await addLocation(ctx, home, { timezone: BRANCH_ZONE, name: 'Zeta Branch' });
  // Meloxicam, 12.34 a box of 100: expired 10 days ago (1 box), in 30 days (2 boxes), in 200 days, never
  ids.tablets = await makeItem(home, { name: 'Meloxicam 1 mg', sku: 'MEL1', cost: 1_234 });
  await receive(home, ids.tablets, 1, { lotNumber: 'OLD', expiresOn: homeDay(-10), receivedOn: homeDay(-100) });
  await receive(home, ids.tablets, 2, { lotNumber: 'SOON', expiresOn: homeDay(30) });
  await receive(home, ids.tablets, 1, { lotNumber: 'LATER', expiresOn: homeDay(200) });
  await receive(home, ids.tablets, 1, { lotNumber: 'NEVER', expiresOn: null });
  // Drops at the branch, 9.99 a bottle: 3 bottles, 5 days from the branch's today
  ids.drops = await makeItem(home, { name: '=Drops', unitsPerPurchase: 1, sellUnit: 'bottle', cost: 999 });
  const drops = await home.admin.call(api.createInventoryLogEntry, {
    body: { inventoryLogData: { type: 'received', itemId: ids.drops, locationId: branchId, quantity: 3, lotNumber: 'D1', expiresOn: dateIn(BRANCH_ZONE, 5) } },
  });
  expect(drops.statusCode, drops.body).toBe(200);
  // written off to nothing: an empty lot is no row
  ids.gone = await makeItem(home, { name: 'Gone', unitsPerPurchase: 1, cost: 100 });
  const gone = await receive(home, ids.gone, 2, { expiresOn: homeDay(3) });
  const writeOff = await home.admin.call(api.createInventoryLogEntry, {
    body: { inventoryLogData: { type: 'damaged', itemId: ids.gone, locationId: home.locationId, lotId: gone.lotId, quantity: 2, reason: 'Dropped' } },
  });
  expect(writeOff.statusCode, writeOff.body).toBe(200);
  const theirs = await makeItem(other, { name: 'Their stock', cost: 100_000 });
  await receive(other, theirs, 10, { expiresOn: dateIn(HOME_ZONE, 1) });
});
afterAll(() => ctx?.close());

describe('expiring stock', () => {
  it('lists the lots expiring within the stock list’s window, the expired first, valued per lot, totalled', async () => {
    const r = await report();
    expect(r.before).toBeNull();
    expect(r.rows.map((row) => [row.name, row.lotNumber, row.locationName, row.expiresOn, row.daysLeft, row.onHand, row.sellUnit, row.value])).toEqual([
      ['Meloxicam 1 mg', 'OLD', expect.any(String), homeDay(-10), -10, 100, 'tablet', 1_234],
      ['=Drops', 'D1', 'Zeta Branch', dateIn(BRANCH_ZONE, 5), 5, 3, 'bottle', 2_997],
      ['Meloxicam 1 mg', 'SOON', expect.any(String), homeDay(30), 30, 200, 'tablet', 2_468],
    ]);
    expect(r.rows[0]).toMatchObject({ sku: 'MEL1', locationId: home.locationId, controlled: false, archived: false });
    expect(r.totals).toEqual({ lots: 3, expired: 1, value: r.rows.reduce((s, row) => s + row.value, 0) });
    expect(r.totals.value).toBe(1_234 + 2_997 + 2_468);
  });

  it('agrees with the stock list’s expiring figure at each location', async () => {
    for (const locationId of [home.locationId, branchId]) {
      const list = await home.admin.call(api.listStock, { query: { locationId, limit: '100' } });
      expect(list.statusCode, list.body).toBe(200);
      const rows = (await report({ locationId })).rows;
      for (const item of (list.json() as { items: api.StockRow[] }).items) {
        const fromReport = rows.filter((row) => row.itemId === item.itemId).reduce((s, row) => s + row.onHand, 0);
        expect(fromReport, item.name).toBe(item.expiring);
      }
    }
  });

  it('takes a day (on or before it) and a location', async () => {
    const later = await report({ before: homeDay(200) });
    expect(later.before).toBe(homeDay(200));
    expect(later.rows.map((row) => row.lotNumber)).toEqual(['OLD', 'D1', 'SOON', 'LATER']);
    expect((await report({ before: homeDay(199) })).rows.map((row) => row.lotNumber)).toEqual(['OLD', 'D1', 'SOON']);
    expect((await report({ before: homeDay(-11) })).rows).toEqual([]);
    const branch = await report({ locationId: branchId });
    expect(branch.rows.map((row) => row.lotNumber)).toEqual(['D1']);
    expect(branch.totals).toEqual({ lots: 1, expired: 0, value: 2_997 });
  });

  it('answers 400 for a bad day, 403 without reports.export, 404 for another account’s location', async () => {
    const bad = await reporter.call(api.expiringStockReport, { query: { before: '2026-13-01' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('before: must be a date (YYYY-MM-DD)');
    expect(errorOf(await reporter.call(api.expiringStockReport, { query: { locationId: 'nope' } }))).toBe('locationId: must be a valid id');
    expect((await plain.call(api.expiringStockReport, { query: {} })).statusCode).toBe(403);
    expect((await plain.call(api.expiringStockReport, { query: { format: 'csv' } })).statusCode).toBe(403);
    expect((await reporter.call(api.expiringStockReport, { query: { locationId: other.locationId } })).statusCode).toBe(404);
  });

  it('downloads as CSV with formulas disarmed and as XLSX', async () => {
    const csv = await reporter.call(api.expiringStockReport, { query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/expiring-stock-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, first, second, , total] = parseCsv(csv.body);
    expect(header).toEqual(['Expires on', 'Days left', 'Item', 'SKU', 'Lot number', 'Location', 'On hand', 'Unit', 'Value at cost (USD)']);
    expect([first![1], first![2], first![8]]).toEqual(['-10', 'Meloxicam 1 mg', '12.34']);
    expect([second![2], second![8]]).toEqual(["'=Drops", '29.97']);
    expect([total![0], total![2], total![8]]).toEqual(['Total', '3 lots, 1 expired', '66.99']);
    const xlsx = await reporter.call(api.expiringStockReport, { query: { format: 'xlsx', before: homeDay(200) } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Expiring stock')!;
    expect(sheet.getRow(2).getCell(2).value).toBe(-10);
    expect(sheet.getRow(5).getCell(5).value).toBe('LATER');
    expect(sheet.getRow(6).getCell(9).value).toBe(66.99 + 12.34);
  });
});
