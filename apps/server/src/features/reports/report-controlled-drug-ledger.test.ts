// The controlled-drug ledger: every log entry of controlled items in the range, in log order, with
// the log's own balance; corrections and transfers are entries; its last balances are the stock list's.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, dateIn, newClient, newPatient } from '../../../test/records.js';
import { parseCsv } from '../../platform/csv.js';
import { linesAndTotal, sheetValues } from './report-files.fixtures.js';
import { makeItem, receive } from '../inventory/inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let reporter: Awaited<ReturnType<typeof createUser>>;
let plain: Client;
let branchId: string;
const ids: Record<string, string> = {};

const ZONE = 'America/New_York';
/** Around today wherever the locations are (the branch's calendar may be a day ahead). */
const RANGE = () => ({ from: dateIn(ZONE, -1), to: dateIn(ZONE, 2) });

async function report(query: Record<string, string> = {}): Promise<api.ControlledDrugLedgerReport> {
  const res = await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.ControlledDrugLedgerReport;
}
async function log(inventoryLogData: Record<string, unknown>): Promise<api.InventoryLogEntry[]> {
  const res = await home.admin.call(api.createInventoryLogEntry, { body: { inventoryLogData } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { entries: api.InventoryLogEntry[] }).entries;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  reporter = await createUser(ctx, home, ['reports.export']);
  plain = await createUser(ctx, home, []);
  branchId = await addLocation(ctx, home, { timezone: 'Pacific/Auckland', name: 'Zeta Branch' });
  const client = await newClient(home.admin, home.locationId);
  const patientId = (await newPatient(home.admin, client.id, home.speciesId, { name: '=Rex' })).id;
  const at = { locationId: home.locationId };
  // Ketamine vials: 10 received, 2 given to Rex then corrected to 3, 1 broken, 2 moved to the branch
  ids.ketamine = await makeItem(home, { name: 'Ketamine 100 mg/ml', unitsPerPurchase: 1, sellUnit: 'vial', controlled: true });
  await receive(home, ids.ketamine, 10, { lotNumber: 'K1' });
  const [given] = await log({ type: 'administered', itemId: ids.ketamine, ...at, quantity: 2, patientId, reason: 'Induction' });
  const corrected = await home.admin.call(api.correctInventoryLogEntry, { params: { id: given!.id }, body: { inventoryLogData: { quantity: 3, reason: 'Miscounted' } } });
  expect(corrected.statusCode, corrected.body).toBe(200);
  ids.given = given!.id;
  await log({ type: 'damaged', itemId: ids.ketamine, ...at, lotId: given!.lotId, quantity: 1, reason: 'Vial broken' });
  await log({ type: 'transfer', itemId: ids.ketamine, ...at, toLocationId: branchId, quantity: 2 });
  // another controlled drug, and an item that is not controlled: only the first is in the ledger
  ids.morphine = await makeItem(home, { name: 'Morphine', unitsPerPurchase: 1, sellUnit: 'ampoule', controlled: true });
  await receive(home, ids.morphine, 4);
  ids.plain = await makeItem(home, { name: 'Saline' });
  await receive(home, ids.plain, 5);
  ids.theirs = await makeItem(other, { name: 'Their ketamine', controlled: true });
  await receive(other, ids.theirs, 3);
});
afterAll(() => ctx?.close());

describe('controlled-drug ledger', () => {
  it('lists every entry of controlled items in log order with the log’s balance, corrections and transfers as entries', async () => {
    const r = await report();
    expect(r.rows.map((row) => [row.name, row.type, row.quantity, row.balance, row.locationName === 'Zeta Branch', row.lotNumber])).toEqual([
      ['Ketamine 100 mg/ml', 'received', 10, 10, false, 'K1'],
      ['Ketamine 100 mg/ml', 'administered', -2, 8, false, 'K1'],
      ['Ketamine 100 mg/ml', 'correction', -1, 7, false, 'K1'],
      ['Ketamine 100 mg/ml', 'damaged', -1, 6, false, 'K1'],
      ['Ketamine 100 mg/ml', 'transfer_out', -2, 4, false, 'K1'],
      ['Ketamine 100 mg/ml', 'transfer_in', 2, 2, true, 'K1'],
      ['Morphine', 'received', 4, 4, false, 'L1'],
    ]);
    const seqs = r.rows.map((row) => row.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(r.rows[1]).toMatchObject({ patientName: '=Rex', reason: 'Induction', userName: expect.any(String), sellUnit: 'vial' });
    expect(r.rows[2]).toMatchObject({ patientName: '=Rex', reason: 'Miscounted', correctsId: ids.given });
    expect(r.rows[1]!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(r.totals).toEqual({ entries: 7, in: 16, out: 6 });
  });

  it('ends on the stock list’s on hand for each item and location', async () => {
    const rows = (await report()).rows;
    for (const [itemId, locationId] of [
      [ids.ketamine!, home.locationId],
      [ids.ketamine!, branchId],
      [ids.morphine!, home.locationId],
    ] as const) {
      const list = await home.admin.call(api.listStock, { query: { locationId, controlled: 'true', limit: '100' } });
      expect(list.statusCode, list.body).toBe(200);
      const onHand = (list.json() as { items: api.StockRow[] }).items.find((i) => i.itemId === itemId)!.onHand;
      expect(rows.filter((row) => row.itemId === itemId && row.locationId === locationId).at(-1)!.balance).toBe(onHand);
    }
  });

  it('takes an item, a location and the days on each location’s calendar', async () => {
    expect((await report({ itemId: ids.morphine! })).rows.map((row) => row.type)).toEqual(['received']);
    const branch = await report({ locationId: branchId });
    expect(branch.rows.map((row) => [row.type, row.balance])).toEqual([['transfer_in', 2]]);
    expect(branch.totals).toEqual({ entries: 1, in: 2, out: 0 });
    expect((await report({ from: dateIn(ZONE, 3), to: dateIn(ZONE, 30) })).rows).toEqual([]);
    expect((await report({ itemId: ids.plain! })).rows).toEqual([]);
  });

  it('holds a day on the clocks furthest ahead of and behind UTC whole (the log’s constant bounds a day either side)', async () => {
    const account = await createAccount(ctx);
    const caller = await createUser(ctx, account, ['reports.export']);
    const itemId = await makeItem(account, { name: 'Diazepam', unitsPerPurchase: 1, controlled: true });
    for (const timezone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
      const locationId = await addLocation(ctx, account, { timezone, name: timezone });
      await receive(account, itemId, 1, { locationId });
      const day = dateIn(timezone);
      const on = async (from: string, to: string) =>
        ((await caller.call(api.controlledDrugLedgerReport, { query: { from, to, locationId } })).json() as api.ControlledDrugLedgerReport).rows.length;
      expect(await on(day, day), timezone).toBe(1);
      expect(await on(dateIn(timezone, -3), dateIn(timezone, -1)), timezone).toBe(0);
      expect(await on(dateIn(timezone, 1), dateIn(timezone, 3)), timezone).toBe(0);
    }
  });

  it('answers 400 for a bad range, 403 without reports.export, 404 for another account’s location or item', async () => {
    const backwards = await reporter.call(api.controlledDrugLedgerReport, { query: { from: '2026-02-01', to: '2026-01-31' } });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards)).toBe('to: must be on or after from');
    expect(errorOf(await reporter.call(api.controlledDrugLedgerReport, { query: { from: '2026-01-32', to: '2026-02-01' } }))).toBe('from: must be a date (YYYY-MM-DD)');
    expect(errorOf(await reporter.call(api.controlledDrugLedgerReport, { query: { to: '2026-02-01' } }))).toMatch(/^from: /);
    expect((await plain.call(api.controlledDrugLedgerReport, { query: RANGE() })).statusCode).toBe(403);
    expect((await plain.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), format: 'xlsx' } })).statusCode).toBe(403);
    expect((await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), locationId: other.locationId } })).statusCode).toBe(404);
    expect((await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), itemId: ids.theirs! } })).statusCode).toBe(404);
  });

  it('downloads as CSV with formulas disarmed and as XLSX', async () => {
    const csv = await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`controlled-drug-ledger-${RANGE().from}-to-${RANGE().to}.csv`);
    const [header, , given, ...rest] = parseCsv(csv.body);
    expect(header).toEqual(['When (location time)', 'Item', 'Lot number', 'Location', 'Type', 'Quantity', 'In', 'Out', 'Unit', 'Balance after', 'Patient', 'User', 'Reason']);
    expect([given![4], given![5], given![6], given![7], given![9], given![10]]).toEqual(['Administered', '-2', '', '2', '8', "'=Rex"]);
    const total = rest.at(-1)!;
    expect([total[0], total[1], total[5], total[6], total[7]]).toEqual(['Total', '7 entries', '10', '16', '6']);
    const xlsx = await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Controlled-drug ledger')!;
    expect(sheet.getRow(4).getCell(5).value).toBe('Entry corrected');
    expect(sheet.getRow(4).getCell(10).value).toBe(7);
    expect(sheet.getRow(9).getCell(7).value).toBe(16);
  });

  it('writes its files a page at a time: every entry once in log order with the log’s balances, totals summed first', async () => {
    const all = await report();
    const reports = ctx.app.container.reports;
    const pageBefore = reports.ledgerFilePage;
    reports.ledgerFilePage = 2;
    try {
      const auth = { accountId: home.accountId, homeAccountId: home.accountId, userId: reporter.userId, sessionId: 'file', permissions: ['reports.export' as const], roles: [] };
      const file = await reports.controlledDrugLedgerFile(auth, RANGE());
      expect(file.totals).toEqual(all.totals);
      const read: api.ControlledDrugLedgerRow[] = [];
      for await (const page of file.rows as AsyncIterable<api.ControlledDrugLedgerRow[]>) {
        expect(page.length).toBeLessThanOrEqual(2);
        read.push(...page);
      }
      expect(read).toEqual(all.rows);
      expect(new Set(read.map((r) => r.entryId)).size).toBe(all.totals.entries);

      const expected = all.rows.map((r) => [r.name, String(r.quantity), String(r.balance)]);
      const csv = await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), format: 'csv' } });
      expect(csv.statusCode).toBe(200);
      const { lines, total } = linesAndTotal(parseCsv(csv.body));
      expect(lines.map((l) => [l[1], l[5], l[9]])).toEqual(expected);
      const summed = (column: number) => lines.reduce((sum, l) => sum + Math.round(Number(l[column] || 0) * 1000), 0) / 1000;
      expect([total[0], total[1], total[6], total[7]]).toEqual(['Total', `${all.totals.entries} entries`, String(summed(6)), String(summed(7))]);

      const xlsx = await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), format: 'xlsx' } });
      const { lines: sheetRows, total: sheetTotal } = linesAndTotal(await sheetValues(xlsx));
      expect(sheetRows.map((l) => [l[1], String(l[5]), String(l[9])])).toEqual(expected);
      expect([sheetTotal[0], sheetTotal[6], sheetTotal[7]]).toEqual(['Total', all.totals.in, all.totals.out]);
    } finally {
      reports.ledgerFilePage = pageBefore;
    }
  });

  it('answers 404 for another account’s location or item before a byte of the file', async () => {
    for (const format of ['csv', 'xlsx'])
      for (const filter of [{ locationId: other.locationId }, { itemId: ids.theirs! }] as Record<string, string>[]) {
        const res = await reporter.call(api.controlledDrugLedgerReport, { query: { ...RANGE(), ...filter, format } });
        expect(res.statusCode, format).toBe(404);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(errorOf(res)).toBeTruthy();
      }
  });
});
