import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { addLocation } from '../../../test/records.js';
import { makeItem, receive } from './inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let desk: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
});
afterAll(() => ctx?.close());

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function supplier(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.createContact, { body: { data: { name: '=Vetsupply', category: 'supplier' } } });
  return res.json().id;
}

describe('GET /api/inventory/stock', () => {
  it('lists a location’s stock with value, reorder, expiry and lots, and the totals of all that match', async () => {
    const supplierId = await supplier(home);
    const itemId = await makeItem(home, {
      name: 'Stock Cefovecin',
      category: 'medication',
      cost: 10_000,
      unitsPerPurchase: 10,
      supplierId,
      locations: [{ locationId: home.locationId, reorderPoint: 15, reorderTo: 40, taxCodeId: null }],
    });
    await receive(home, itemId, 1, { lotNumber: 'SOON', expiresOn: inDays(20), receivedOn: today() });
    await receive(home, itemId, 4, { unit: 'sell', lotNumber: 'LATER', expiresOn: inDays(200), receivedOn: today() });
    const res = await desk.call(api.listStock, { query: { locationId: home.locationId, search: 'stock cefo', limit: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 1, value: 14_000, belowReorder: 1, expiring: 1 });
    expect(body.items[0]).toMatchObject({
      itemId,
      onHand: 14,
      value: 14_000,
      reorderPoint: 15,
      reorderTo: 40,
      belowReorder: true,
      nextExpiry: inDays(20),
      expiring: 10,
    });
    expect(body.items[0].lots.map((l: api.Lot) => l.lotNumber)).toEqual(['SOON', 'LATER']);
    const within30 = await desk.call(api.listStock, { query: { locationId: home.locationId, expiringWithin: 30, belowReorder: true, limit: 10 } });
    expect(within30.json().items.map((r: api.StockRow) => r.itemId)).toContain(itemId);

    // the reorder list: up to 40 from 14 in boxes of 10 is 3 boxes
    const reorder = await desk.call(api.listReorder, { query: { locationId: home.locationId, supplierId } });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect(reorder.json()).toEqual([expect.objectContaining({ itemId, supplierId, supplierName: '=Vetsupply', onHand: 14, orderQuantity: 3, orderCost: 30_000 })]);
    const pdf = await desk.call(api.reorderPdf, { query: { locationId: home.locationId, supplierId } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Stock Cefovecin');

    // the CSV: one row per lot, user text escaped against formulas
    const csv = await desk.call(api.exportStock, { query: { locationId: home.locationId, search: 'stock cefo' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Item,Category,SKU,Barcode,Lot number,Expires on/);
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['SOON', 'LATER']);
    expect(lines[1]!.endsWith(",'=Vetsupply")).toBe(true);
  });

  it('lists what the location keeps: items with its settings or stock received there, not the account’s others', async () => {
    const branch = await addLocation(ctx, home);
    const kept = await makeItem(home, { name: 'Keep Settings Only', locations: [{ locationId: branch, reorderPoint: 2, reorderTo: 5, taxCodeId: null }] });
    const received = await makeItem(home, { name: 'Keep Received Only', unitsPerPurchase: 1 });
    const elsewhere = await makeItem(home, { name: 'Keep Elsewhere', locations: [{ locationId: home.locationId, reorderPoint: 1, reorderTo: 2, taxCodeId: null }] });
    await receive(home, received, 3, { lotNumber: 'K1', expiresOn: null, locationId: branch });
    const res = await desk.call(api.listStock, { query: { locationId: branch, search: 'keep ', limit: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((r: api.StockRow) => [r.itemId, r.onHand])).toEqual([
      [received, 3],
      [kept, 0],
    ]);
    expect(res.json().total).toBe(2);
    expect(res.json().items.map((r: api.StockRow) => r.itemId)).not.toContain(elsewhere);
  });

  it('answers 400 naming the field, and 404 for another account’s location or supplier', async () => {
    const bad = await desk.call(api.listStock, { query: { locationId: home.locationId, expiringWithin: 45 } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^expiringWithin: /);
    expect((await desk.call(api.listStock, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    expect((await desk.call(api.exportStock, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    expect((await desk.call(api.listReorder, { query: { locationId: home.locationId, supplierId: await supplier(other) } })).statusCode).toBe(404);
    expect((await desk.call(api.reorderPdf, { query: { locationId: other.locationId } })).statusCode).toBe(404);
  });
});

describe('POST /api/inventory/stockTake', () => {
  it('posts a count correction for each lot whose count differs', async () => {
    const itemId = await makeItem(home, { unitsPerPurchase: 1 });
    const a = await receive(home, itemId, 10, { lotNumber: 'A', expiresOn: '2031-01-01' });
    const b = await receive(home, itemId, 5, { lotNumber: 'B', expiresOn: '2032-01-01' });
    const c = await receive(home, itemId, 3, { lotNumber: 'C', expiresOn: null });
    const res = await home.admin.call(api.postStockTake, {
      body: {
        stockTakeData: {
          locationId: home.locationId,
          itemId,
          counts: [
            { lotId: a.lotId, counted: 8 },
            { lotId: b.lotId, counted: 5 },
            { lotId: c.lotId, counted: 4 },
          ],
          reason: 'Monthly count',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entries.map((e: api.InventoryLogEntry) => [e.lotId, e.type, e.quantity, e.balance, e.reason])).toEqual([
      [a.lotId, 'count_correction', -2, 16, 'Monthly count'],
      [c.lotId, 'count_correction', 1, 17, 'Monthly count'],
    ]);
  });

  it('refuses without inventory.manage (403), a lot of another item (400), another account’s ids (404), writing nothing', async () => {
    const itemId = await makeItem(home);
    const { lotId } = await receive(home, itemId, 1);
    const otherItem = await makeItem(home);
    const theirs = await receive(other, await makeItem(other), 1);
    const take = (counts: { lotId: string; counted: number }[], more: Record<string, unknown> = {}, caller: Client = home.admin) =>
      caller.call(api.postStockTake, { body: { stockTakeData: { locationId: home.locationId, itemId, counts, reason: 'Count', ...more } } });
    expect((await take([{ lotId, counted: 1 }], {}, desk)).statusCode).toBe(403);
    const wrongLot = await take([{ lotId: (await receive(home, otherItem, 1)).lotId, counted: 0 }]);
    expect(wrongLot.statusCode).toBe(400);
    expect(errorOf(wrongLot)).toBe('counts.0.lotId: must be a lot of the item at the location');
    const fraction = await take([{ lotId, counted: 1.5 }]);
    expect(errorOf(fraction)).toBe('counts.0.counted: must be a whole number of tablets');
    expect((await take([{ lotId: theirs.lotId, counted: 0 }])).statusCode).toBe(404);
    expect((await take([{ lotId, counted: 0 }], { locationId: other.locationId })).statusCode).toBe(404);
    expect((await home.admin.call(api.listItemLots, { params: { id: itemId }, query: { locationId: home.locationId } })).json()[0].onHand).toBe(100);
  });
});
