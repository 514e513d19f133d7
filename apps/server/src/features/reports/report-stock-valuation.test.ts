// Stock valuation: on hand now at cost, per item and location, its total the stock list's value.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { parseCsv } from '../../platform/csv.js';
import { makeItem, receive } from '../inventory/inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let reporter: Client;
let plain: Client;
const ids: Record<string, string> = {};

async function report(query: Record<string, string> = {}): Promise<api.StockValuationReport> {
  const res = await reporter.call(api.stockValuationReport, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.StockValuationReport;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  reporter = await createUser(ctx, home, ['reports.export']);
  plain = await createUser(ctx, home, []);
  // 3 boxes received, of 100 tablets at 12.34 a box: 300 tablets, 37.02
  ids.tablets = await makeItem(home, { name: 'Meloxicam 1 mg', sku: 'MEL1', cost: 1_234 });
  await receive(home, ids.tablets, 3);
  // 3 bottles at 9.99: archived with stock, still on the shelf
  ids.bottles = await makeItem(home, { name: '=Shampoo', unitsPerPurchase: 1, sellUnit: 'bottle', cost: 999 });
  await receive(home, ids.bottles, 3);
  expect((await home.admin.call(api.archiveItem, { params: { id: ids.bottles } })).statusCode).toBeLessThan(300);
  // kept, none on hand: not a row
  ids.none = await makeItem(home, { name: 'Empty shelf', cost: 500 });
  const theirs = await makeItem(other, { name: 'Their stock', cost: 100_000 });
  await receive(other, theirs, 10);
});
afterAll(() => ctx?.close());

describe('stock valuation', () => {
  it('values what is on hand at cost, per item and location, totals the rows and the stock list’s value', async () => {
    const r = await report();
    expect(r.rows.map((row) => [row.name, row.onHand, row.cost, row.unitsPerPurchase, row.value, row.archived, row.locationId])).toEqual([
      ['=Shampoo', 3, 999, 1, 2_997, true, home.locationId],
      ['Meloxicam 1 mg', 300, 1_234, 100, 3_702, false, home.locationId],
    ]);
    expect(r.totals).toEqual({ items: 2, value: 2_997 + 3_702 });
    const list = await home.admin.call(api.listStock, { query: { locationId: home.locationId, includeArchived: 'true', limit: '100' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(r.totals.value).toBe((list.json() as { value: number }).value);
    expect((await report({ locationId: home.locationId })).totals.value).toBe(r.totals.value);
  });

  it('needs reports.export and answers 404 for another account’s location', async () => {
    expect((await plain.call(api.stockValuationReport, { query: {} })).statusCode).toBe(403);
    expect((await reporter.call(api.stockValuationReport, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    expect((await reporter.call(api.stockValuationReport, { query: { locationId: 'nope' } })).statusCode).toBe(400);
  });

  it('downloads as CSV with formulas disarmed and as XLSX', async () => {
    const csv = await reporter.call(api.stockValuationReport, { query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    const [header, first, , total] = parseCsv(csv.body);
    expect(header![7]).toBe('Value (USD)');
    expect([first![0], first![3], first![7]]).toEqual(["'=Shampoo", '3', '29.97']);
    expect([total![0], total![7]]).toEqual(['Total', '66.99']);
    const xlsx = await reporter.call(api.stockValuationReport, { query: { format: 'xlsx' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Stock valuation')!;
    expect(sheet.getRow(3).getCell(8).value).toBe(37.02);
    expect(sheet.getRow(4).getCell(8).value).toBe(66.99);
  });
});
