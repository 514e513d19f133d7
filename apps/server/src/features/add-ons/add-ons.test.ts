import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { holdTransaction, onPostgres, settledFlag, waitForLockWaiters } from '../../../test/concurrency.js';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { addOnsRepository } from './add-ons.repository.js';
import { addOnCategories } from './add-ons.table.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let manager: Client & { userId: string };
let staff: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  manager = await createUser(ctx, home, ['locations.manage']);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

async function createCategory(locationId: string, extra: Record<string, unknown> = {}, caller: Client = manager): Promise<api.AddOnCategory> {
  const res = await caller.call(api.addOnCategoryOps.create, { body: { data: { locationId, name: 'Keepsakes', ...extra } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.AddOnCategory;
}
const addOnData = (categoryId: string, extra: Record<string, unknown> = {}) => ({ categoryId, name: 'Paw print', price: 25, ...extra });
async function createAddOn(categoryId: string, extra: Record<string, unknown> = {}, caller: Client = manager): Promise<api.AddOn> {
  const res = await caller.call(api.addOnOps.create, { body: { data: addOnData(categoryId, extra) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.AddOn;
}
async function listAddOns(query: Record<string, string | boolean>): Promise<api.AddOn[]> {
  const res = await staff.call(api.addOnOps.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.AddOn[];
}
async function listCategories(query: Record<string, string | boolean>): Promise<api.AddOnCategory[]> {
  const res = await staff.call(api.addOnCategoryOps.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.AddOnCategory[];
}

describe('add-on categories', () => {
  it('creates categories and lists them by location, by name, optionally only active ones', async () => {
    const locationId = await addLocation(ctx, home);
    const urns = await createCategory(locationId, { name: 'urns', description: '  Ceramic and wood  ' });
    expect(urns).toMatchObject({ locationId, name: 'urns', description: 'Ceramic and wood', active: true });
    const keepsakes = await createCategory(locationId, { description: '' });
    expect(keepsakes.description).toBeNull();
    const hidden = await createCategory(locationId, { name: 'Archived', active: false });
    await createCategory(home.locationId, { name: 'Elsewhere' });
    expect((await listCategories({ locationId })).map((c) => c.id)).toEqual([hidden.id, keepsakes.id, urns.id]);
    expect((await listCategories({ locationId, onlyActive: true })).map((c) => c.id)).toEqual([keepsakes.id, urns.id]);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name: is required'],
      [{ name: 'Urns & boxes' }, api.MESSAGES.ampersand],
      [{ description: 'x'.repeat(501) }, 'description: must be at most 500 characters'],
      [{ locationId: other.locationId }, 'locationId: unknown location'],
    ];
    for (const [extra, message] of cases) {
      const res = await manager.call(api.addOnCategoryOps.create, { body: { data: { locationId: home.locationId, name: 'Urns', ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('updates a category; its add-ons move with it to another location', async () => {
    const from = await addLocation(ctx, home);
    const to = await addLocation(ctx, home);
    const category = await createCategory(from);
    const addOn = await createAddOn(category.id);
    const res = await manager.call(api.addOnCategoryOps.update, { params: { id: category.id }, body: { data: { locationId: to, name: 'Memorials' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...category, locationId: to, name: 'Memorials', updatedAt: expect.any(String) });
    expect(await listAddOns({ locationId: from })).toEqual([]);
    expect(await listAddOns({ locationId: to })).toEqual([{ ...addOn, locationId: to, categoryName: 'Memorials', updatedAt: expect.any(String) }]);
  });

  it('refuses to delete a category that still has add-ons', async () => {
    const category = await createCategory(home.locationId);
    const addOn = await createAddOn(category.id);
    const refused = await manager.call(api.addOnCategoryOps.remove, { params: { id: category.id } });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('Remove this category’s add-ons first');
    expect((await manager.call(api.addOnOps.remove, { params: { id: addOn.id } })).statusCode).toBe(200);
    const res = await manager.call(api.addOnCategoryOps.remove, { params: { id: category.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listCategories({ locationId: home.locationId })).map((c) => c.id)).not.toContain(category.id);
  });

  it('refuses writes without locations.manage and answers 404 for another account’s ids', async () => {
    const category = await createCategory(home.locationId);
    for (const [op, opts] of [
      [api.addOnCategoryOps.create, { body: { data: { locationId: home.locationId, name: 'X' } } }],
      [api.addOnCategoryOps.update, { params: { id: category.id }, body: { data: { name: 'X' } } }],
      [api.addOnCategoryOps.remove, { params: { id: category.id } }],
    ] as const) {
      const res = await staff.call(op, opts);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe('You do not have permission to do this');
    }
    const them = other.admin;
    expect((await them.call(api.addOnCategoryOps.update, { params: { id: category.id }, body: { data: { name: 'Mine' } } })).statusCode).toBe(404);
    expect((await them.call(api.addOnCategoryOps.remove, { params: { id: category.id } })).statusCode).toBe(404);
    expect((await them.call(api.addOnCategoryOps.list, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    expect((await listCategories({ locationId: home.locationId })).find((c) => c.id === category.id)).toEqual(category);
  });
});

describe('add-ons', () => {
  it('creates an add-on at its category’s location and lists by category name, then name', async () => {
    const locationId = await addLocation(ctx, home);
    const urns = await createCategory(locationId, { name: 'Urns' });
    const keepsakes = await createCategory(locationId, { name: 'keepsakes' });
    const created = await createAddOn(urns.id, {
      name: 'Oak urn',
      description: 'Engraved',
      price: 149.99,
      locationId: home.locationId, // the category decides
      options: [
        { name: 'Engraving', choices: [] },
        { name: 'Finish', choices: [' Light ', 'Dark'] },
      ],
    });
    expect(created).toMatchObject({
      locationId,
      categoryId: urns.id,
      categoryName: 'Urns',
      name: 'Oak urn',
      description: 'Engraved',
      price: 149.99,
      options: [
        { name: 'Engraving', choices: [] },
        { name: 'Finish', choices: ['Light', 'Dark'] },
      ],
      active: true,
    });
    const clay = await createAddOn(keepsakes.id, { name: 'Clay paw print' });
    const ash = await createAddOn(urns.id, { name: 'ash urn' });
    const fur = await createAddOn(keepsakes.id, { name: 'Fur clipping' });
    expect((await listAddOns({ locationId })).map((a) => [a.categoryName, a.name])).toEqual([
      ['keepsakes', 'Clay paw print'],
      ['keepsakes', 'Fur clipping'],
      ['Urns', 'ash urn'],
      ['Urns', 'Oak urn'],
    ]);
    expect((await listAddOns({ locationId })).map((a) => a.id)).toEqual([clay.id, fur.id, ash.id, created.id]);
  });

  it('lists only active add-ons of active categories when asked', async () => {
    const locationId = await addLocation(ctx, home);
    const open = await createCategory(locationId, { name: 'Open' });
    const closed = await createCategory(locationId, { name: 'Closed', active: false });
    const shown = await createAddOn(open.id, { name: 'Shown' });
    const inactive = await createAddOn(open.id, { name: 'Inactive', active: false });
    const inClosed = await createAddOn(closed.id, { name: 'In closed' });
    expect((await listAddOns({ locationId, onlyActive: true })).map((a) => a.id)).toEqual([shown.id]);
    expect((await listAddOns({ locationId })).map((a) => a.id)).toEqual([inClosed.id, inactive.id, shown.id]);
  });

  it('answers 400 naming the field', async () => {
    const category = await createCategory(home.locationId);
    const theirs = await createCategory(other.locationId, {}, other.admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ categoryId: theirs.id }, 'categoryId: unknown category'],
      [{ categoryId: randomUUID() }, 'categoryId: unknown category'],
      [{ price: 10.001 }, 'price: must have at most two decimals'],
      [{ options: [{ name: 'Size' }, { name: 'size' }] }, 'options: option names must differ'],
      [{ options: [{ name: 'Size', choices: ['Small', ' small'] }] }, 'options.0.choices: must differ'],
      [{ options: [{ name: 'Size', choices: ['  '] }] }, 'options.0.choices.0: is required'],
      [{ options: [{ name: '' }] }, 'options.0.name: is required'],
    ];
    for (const [extra, message] of cases) {
      const res = await manager.call(api.addOnOps.create, { body: { data: addOnData(category.id, extra) } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const addOn = await createAddOn(category.id);
    const bad = await manager.call(api.addOnOps.update, { params: { id: addOn.id }, body: { data: { categoryId: theirs.id } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('categoryId: unknown category');
  });

  it('updates only the fields sent; a new category brings its location', async () => {
    const elsewhere = await addLocation(ctx, home);
    const first = await createCategory(home.locationId, { name: 'First' });
    const second = await createCategory(elsewhere, { name: 'Second' });
    const addOn = await createAddOn(first.id, { description: 'Kept', options: [{ name: 'Colour', choices: ['Red'] }] });
    const res = await manager.call(api.addOnOps.update, { params: { id: addOn.id }, body: { data: { categoryId: second.id, price: 30 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...addOn, categoryId: second.id, categoryName: 'Second', locationId: elsewhere, price: 30, updatedAt: expect.any(String) });
  });

  it('refuses writes without locations.manage and answers 404 for another account’s ids', async () => {
    const category = await createCategory(home.locationId);
    const addOn = await createAddOn(category.id);
    for (const [op, opts] of [
      [api.addOnOps.create, { body: { data: addOnData(category.id) } }],
      [api.addOnOps.update, { params: { id: addOn.id }, body: { data: { name: 'X' } } }],
      [api.addOnOps.remove, { params: { id: addOn.id } }],
    ] as const) {
      const res = await staff.call(op, opts);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe('You do not have permission to do this');
    }
    const them = other.admin;
    expect((await them.call(api.addOnOps.update, { params: { id: addOn.id }, body: { data: { name: 'Mine' } } })).statusCode).toBe(404);
    expect((await them.call(api.addOnOps.remove, { params: { id: addOn.id } })).statusCode).toBe(404);
    expect((await them.call(api.addOnOps.list, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    expect((await them.call(api.addOnOps.list, {})).json()).toEqual([]);
    expect((await listAddOns({ locationId: home.locationId })).find((a) => a.id === addOn.id)).toEqual(addOn);
  });
});

// A delete and a create meeting: each checks before the other commits, and the foreign key
// decides. The loser answers 409 with what happened instead of a server error.
describe.runIf(onPostgres)('a category deleted while an add-on is added to it', () => {
  it('answers 409 to the add-on whose category was deleted under it', async () => {
    const category = await createCategory(home.locationId);
    // The delete has run its checks and removed the row, but not committed yet.
    const deleting = await holdTransaction(ctx, async (tx) => {
      await tx.delete(addOnCategories).where(eq(addOnCategories.id, category.id));
    });
    const creating = manager.call(api.addOnOps.create, { body: { data: addOnData(category.id) } });
    await waitForLockWaiters(ctx, 1, settledFlag(creating));
    await deleting.commit();
    const res = await creating;
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe('categoryId: unknown category');
    expect(await listAddOns({ locationId: home.locationId })).not.toContainEqual(expect.objectContaining({ categoryId: category.id }));
  });

  it('answers 409 to the delete of a category an add-on was just added to', async () => {
    const category = await createCategory(home.locationId);
    // The add-on is written but not committed: the delete's own check cannot see it yet.
    const adding = await holdTransaction(ctx, async (tx) => {
      await addOnsRepository.insert(tx, home, { ...addOnData(category.id), locationId: home.locationId, description: null, options: [], active: true });
    });
    const deleting = manager.call(api.addOnCategoryOps.remove, { params: { id: category.id } });
    await waitForLockWaiters(ctx, 1, settledFlag(deleting));
    await adding.commit();
    const res = await deleting;
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toBe('Remove this category’s add-ons first');
    expect((await listCategories({ locationId: home.locationId })).map((c) => c.id)).toContain(category.id);
  });
});
