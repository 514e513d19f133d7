// The inventory feature's fixtures for the route table test (test/route-fixtures.ts).
import * as api from '@willow/contracts';
import type { TestAccount } from '../../../test/harness.js';
import { unique, type RouteFixtures } from '../../../test/route-fixtures.js';

export async function makeItem(t: TestAccount, data: Partial<api.ItemInput> = {}): Promise<string> {
  const res = await t.admin.call(api.createItem, { body: { itemData: { name: `Meloxicam ${unique()}`, sellUnit: 'tablet', purchaseUnit: 'box', unitsPerPurchase: 100, ...data } } });
  if (res.statusCode !== 201) throw new Error(`item: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** Stock received at the account's first location: the entry's id and its lot's. */
export async function receive(t: TestAccount, itemId: string, quantity = 1, more: Record<string, unknown> = {}): Promise<{ entryId: string; lotId: string }> {
  const res = await t.admin.call(api.createInventoryLogEntry, {
    body: { inventoryLogData: { type: 'received', itemId, locationId: t.locationId, quantity, lotNumber: 'L1', expiresOn: '2031-06-30', ...more } },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`receive: ${res.statusCode} ${res.body}`);
  const entry = res.json().entries[0];
  return { entryId: entry.id, lotId: entry.lotId };
}

export const routeFixtures: RouteFixtures = {
  '/api/item/{id}': (t) => makeItem(t),
  '/api/item/{id}/archive': (t) => makeItem(t),
  '/api/item/{id}/restore': (t) => makeItem(t),
  '/api/item/{id}/lots': (t) => makeItem(t),
  '/api/inventoryLog/{id}': async (t) => (await receive(t, await makeItem(t))).entryId,
};
