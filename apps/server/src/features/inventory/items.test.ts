import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { makeAddOnCategory } from '../add-ons/add-ons.route-fixtures.js';
import { makeTaxCode } from '../invoices/invoices.route-fixtures.js';
import { makeItem, receive } from './inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
/** staff without inventory.manage */
let desk: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
});
afterAll(() => ctx?.close());

const create = (itemData: Record<string, unknown>, caller: Client = home.admin) => caller.call(api.createItem, { body: { itemData } });
const count = async (table: string, account: TestAccount = home) =>
  (await ctx.database.query<{ n: number }>(`select count(*)::int as n from ${table} where account_id = '${account.accountId}'`))[0]!.n;
async function supplier(t: TestAccount, category = 'supplier'): Promise<string> {
  const res = await t.admin.call(api.createContact, { body: { data: { name: `Vetsupply ${Math.random()}`, category } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function addOn(t: TestAccount): Promise<string> {
  const res = await t.admin.call(api.addOnOps.create, { body: { data: { categoryId: await makeAddOnCategory(t), name: 'Oak urn', price: 90 } } });
  return res.json().id;
}

describe('POST /api/item', () => {
  it('creates an item with its settings per location, its supplier and the add-ons that draw it', async () => {
    const [supplierId, addOnId, taxCodeId] = await Promise.all([supplier(home), addOn(home), makeTaxCode(home)]);
    const res = await create({
      name: 'Oak urn',
      category: 'urn',
      sku: 'URN-OAK',
      barcode: '5012345678900',
      supplierId,
      cost: 4_000,
      sellPrice: 9_000,
      locations: [{ locationId: home.locationId, reorderPoint: 2, reorderTo: 6, taxCodeId }],
      addOnDraws: [{ addOnId, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as api.Item;
    expect(item).toMatchObject({
      name: 'Oak urn',
      category: 'urn',
      supplierId,
      locations: [{ locationId: home.locationId, reorderPoint: 2, reorderTo: 6, taxCodeId }],
      addOnDraws: [{ addOnId, addOnName: 'Oak urn', quantity: 1 }],
      archivedAt: null,
    });
    expect(item.supplierName).toMatch(/^Vetsupply/);
    const got = await home.admin.call(api.getItem, { params: { id: item.id } });
    expect(got.json()).toEqual(item);
  });

  it('answers 400 naming the field', async () => {
    const res = await create({ name: '' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^name: /);
    const fraction = await create({ name: 'Pills', unitsPerPurchase: 1.5 });
    expect(errorOf(fraction)).toMatch(/^unitsPerPurchase: /);
  });

  it('refuses a barcode or SKU another item has (400 naming it), and a contact that is not a supplier', async () => {
    await makeItem(home, { name: 'Carprofen', barcode: 'ABC-123', sku: 'CARP' });
    const res = await create({ name: 'Other', barcode: 'abc-123' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('barcode: is already used by Carprofen');
    expect(errorOf(await create({ name: 'Other', sku: 'carp' }))).toBe('sku: is already used by Carprofen');
    const notSupplier = await create({ name: 'Other', supplierId: await supplier(home, 'crematory') });
    expect(notSupplier.statusCode).toBe(400);
    expect(errorOf(notSupplier)).toBe('supplierId: must be a supplier');
  });

  it('refuses a tax code of another location (400)', async () => {
    const { addLocation } = await import('../../../test/records.js');
    const branch = await addLocation(ctx, home);
    const res = await create({ name: 'Taxed', locations: [{ locationId: branch, taxCodeId: await makeTaxCode(home) }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('locations.0.taxCodeId: must be a tax code of the location');
  });

  it('answers 403 to staff without inventory.manage, who may still read', async () => {
    const res = await create({ name: 'Nope' }, desk);
    expect(res.statusCode).toBe(403);
    expect((await desk.call(api.listItems, { query: { limit: 10 } })).statusCode).toBe(200);
  });

  it("answers 404 for another account's supplier, location, tax code or add-on, writing nothing", async () => {
    const before = await count('items');
    for (const data of [
      { supplierId: await supplier(other) },
      { locations: [{ locationId: other.locationId }] },
      { locations: [{ locationId: home.locationId, taxCodeId: await makeTaxCode(other) }] },
      { addOnDraws: [{ addOnId: await addOn(other) }] },
    ]) {
      const res = await create({ name: 'Stray', ...data });
      expect(res.statusCode, JSON.stringify(data)).toBe(404);
    }
    expect(await count('items')).toBe(before);
  });
});

describe('GET /api/item', () => {
  it('pages items by name with what is on hand at the location; search, barcode, archived', async () => {
    const id = await makeItem(home, { name: 'Zzz Gabapentin', barcode: 'GABA-1' });
    await receive(home, id, 2);
    const res = await home.admin.call(api.listItems, { query: { search: 'zzz gaba', locationId: home.locationId, limit: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ id, onHand: 200 })]);
    const scanned = await home.admin.call(api.listItems, { query: { barcode: 'gaba-1', limit: 10 } });
    expect(scanned.json().items.map((i: api.ItemListRow) => [i.id, i.onHand])).toEqual([[id, null]]);
    await home.admin.call(api.archiveItem, { params: { id } });
    expect((await home.admin.call(api.listItems, { query: { search: 'zzz gaba', limit: 10 } })).json().total).toBe(0);
    expect((await home.admin.call(api.listItems, { query: { search: 'zzz gaba', includeArchived: true, limit: 10 } })).json().total).toBe(1);
  });

  it("answers 404 for another account's location", async () => {
    expect((await home.admin.call(api.listItems, { query: { locationId: other.locationId, limit: 10 } })).statusCode).toBe(404);
  });
});

describe('POST /api/item/{id}, archive, restore, DELETE', () => {
  it('updates an item and its sets', async () => {
    const id = await makeItem(home);
    const res = await home.admin.call(api.updateItem, { params: { id }, body: { itemData: { sellPrice: 125, locations: [{ locationId: home.locationId, reorderPoint: 5, reorderTo: 10 }] } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sellPrice: 125, locations: [{ reorderPoint: 5, reorderTo: 10, taxCodeId: null }] });
    const bad = await home.admin.call(api.updateItem, { params: { id }, body: { itemData: { locations: [{ locationId: home.locationId, reorderPoint: 5, reorderTo: 1 }] } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^locations\.0\.reorderTo: /);
    expect((await desk.call(api.updateItem, { params: { id }, body: { itemData: { sellPrice: 1 } } })).statusCode).toBe(403);
  });

  it('archives and restores; an archived item is not received', async () => {
    const id = await makeItem(home);
    expect((await home.admin.call(api.archiveItem, { params: { id } })).json().archivedAt).not.toBeNull();
    const res = await home.admin.call(api.createInventoryLogEntry, {
      body: { inventoryLogData: { type: 'received', itemId: id, locationId: home.locationId, quantity: 1, expiresOn: null } },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('itemId: This item is archived');
    expect((await home.admin.call(api.restoreItem, { params: { id } })).json().archivedAt).toBeNull();
    expect((await desk.call(api.archiveItem, { params: { id } })).statusCode).toBe(403);
  });

  it('deletes an item nothing names, and refuses (409) one with stock or log entries', async () => {
    const unused = await makeItem(home, { locations: [{ locationId: home.locationId, reorderPoint: 1, reorderTo: 2 }] });
    expect((await home.admin.call(api.deleteItem, { params: { id: unused } })).statusCode).toBe(200);
    expect((await home.admin.call(api.getItem, { params: { id: unused } })).statusCode).toBe(404);
    const stocked = await makeItem(home);
    await receive(home, stocked, 1);
    const res = await home.admin.call(api.deleteItem, { params: { id: stocked } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(api.INVENTORY_MESSAGES.itemInUse);
    expect((await desk.call(api.deleteItem, { params: { id: stocked } })).statusCode).toBe(403);
  });

  it("answers 404 for another account's item", async () => {
    const id = await makeItem(other);
    for (const res of [
      await home.admin.call(api.getItem, { params: { id } }),
      await home.admin.call(api.updateItem, { params: { id }, body: { itemData: { name: 'Mine' } } }),
      await home.admin.call(api.archiveItem, { params: { id } }),
      await home.admin.call(api.deleteItem, { params: { id } }),
      await home.admin.call(api.listItemLots, { params: { id }, query: { locationId: home.locationId } }),
    ])
      expect(res.statusCode).toBe(404);
    expect((await other.admin.call(api.getItem, { params: { id } })).json().name).toMatch(/^Meloxicam/);
  });
});

describe('an add-on deleted', () => {
  it('takes away what it drew (a link), leaving the item', async () => {
    const addOnId = await addOn(home);
    const id = await makeItem(home, { addOnDraws: [{ addOnId, quantity: 1 }] });
    expect((await home.admin.call(api.addOnOps.remove!, { params: { id: addOnId } })).statusCode).toBe(200);
    expect((await home.admin.call(api.getItem, { params: { id } })).json().addOnDraws).toEqual([]);
  });
});
