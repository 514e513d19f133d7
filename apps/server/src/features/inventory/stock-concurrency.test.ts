// Two requests taking the last units never both succeed: the gate is one conditional UPDATE whose
// row lock orders them (decision 0218). Only a PostgreSQL server runs requests side by side
// (PGlite serialises everything), so this runs there alone (npm run test:pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { onPostgres } from '../../../test/concurrency.js';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient, newPatient } from '../../../test/records.js';
import { makeItem, receive } from './inventory.route-fixtures.js';

let ctx: TestContext;
let home: TestAccount;
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestApp();
  home = await createAccount(ctx);
});
afterAll(() => ctx?.close());

describe.runIf(onPostgres)('taking the last units at the same time', () => {
  it('20 administrations of 1 against the last 5 units: exactly 5 succeed, the rest 409, stock ends at 0 with 5 entries', async () => {
    const itemId = await makeItem(home, { name: 'Ketamine', unitsPerPurchase: 1, sellUnit: 'vial', controlled: true });
    // two lots, so the takes also cross from one lot to the next
    await receive(home, itemId, 2, { lotNumber: 'K1', expiresOn: '2031-01-01' });
    await receive(home, itemId, 3, { lotNumber: 'K2', expiresOn: '2031-06-01' });
    const client = await newClient(home.admin, home.locationId);
    const patientId = (await newPatient(home.admin, client.id, home.speciesId)).id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        home.admin.call(api.createInventoryLogEntry, {
          body: { inventoryLogData: { type: 'administered', itemId, locationId: home.locationId, quantity: 1, patientId } },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().error.message).toBe(api.INVENTORY_MESSAGES.notEnoughStock('Ketamine', 0, 'vial'));
    const lots = (await home.admin.call(api.listItemLots, { params: { id: itemId }, query: { locationId: home.locationId, includeEmpty: true } })).json();
    expect(lots.map((l: api.Lot) => l.onHand)).toEqual([0, 0]);
    const ledger = await home.admin.call(api.listInventoryLog, { query: { itemId, type: 'administered', order: 'oldest', limit: 50 } });
    expect(ledger.json().items.map((e: api.InventoryLogEntry) => e.balance)).toEqual([4, 3, 2, 1, 0]);
    const [stock] = await ctx.database.query<{ on_hand: string }>(`select on_hand from item_stocks where item_id = '${itemId}'`);
    expect(Number(stock!.on_hand)).toBe(0);
  });
});
