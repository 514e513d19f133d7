// The large seed's inventory is written set-based, beside the stock primitive rather than through
// it (decision 0229): what the primitive keeps true must hold of it all the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { LARGE_ACCOUNT, seedLarge } from './large.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedLarge(ctx.database.db, { seed: 1, clients: 60, patients: 90, locations: 3, appointments: 400, tasks: 10, messages: 20, items: 40 }, () => {});
});
afterAll(async () => {
  await ctx?.close();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const LARGE = sql`(select id from accounts where name = ${LARGE_ACCOUNT})`;

describe('large seed inventory', () => {
  it('makes the items, four lots each and a hundred log entries each, at two locations each', async () => {
    const [n] = await rowsOf<{ items: number; lots: number; entries: number; places: number; received: number }>(sql`
      select (select count(*) from items where account_id = ${LARGE})::int as items,
             (select count(*) from lots where account_id = ${LARGE})::int as lots,
             (select count(*) from inventory_movements where account_id = ${LARGE})::int as entries,
             (select count(*) from item_locations where account_id = ${LARGE})::int as places,
             (select count(*) from inventory_movements where account_id = ${LARGE} and type = 'received')::int as received`);
    expect(n).toEqual({ items: 40, lots: 160, entries: 4_000, places: 80, received: 160 });
  });

  it('keeps the books as the stock primitive does: lots hold what their entries say, totals are their lots, balances run in the log’s order', async () => {
    const [off] = await rowsOf<{ lots: number; totals: number; balances: number; order: number; negative: number }>(sql`
      select
        (select count(*) from lots lt where lt.account_id = ${LARGE}
           and lt.on_hand <> (select coalesce(sum(m.quantity), 0) from inventory_movements m where m.account_id = lt.account_id and m.lot_id = lt.id))::int as lots,
        (select count(*) from item_stocks s where s.account_id = ${LARGE}
           and s.on_hand <> (select coalesce(sum(lt.on_hand), 0) from lots lt where lt.account_id = s.account_id and lt.item_id = s.item_id and lt.location_id = s.location_id))::int as totals,
        (select count(*) from (select m.balance, sum(m.quantity) over (partition by m.item_id, m.location_id order by m.seq) as running
           from inventory_movements m where m.account_id = ${LARGE}) r where r.balance <> r.running)::int as balances,
        (select count(*) from (select m.created_at, lag(m.created_at) over (order by m.seq) as before
           from inventory_movements m where m.account_id = ${LARGE}) r where r.created_at < r.before)::int as order,
        (select count(*) from inventory_movements m where m.account_id = ${LARGE} and m.balance < 0)::int as negative`);
    expect(off).toEqual({ lots: 0, totals: 0, balances: 0, order: 0, negative: 0 });
  });

  it('gives the Stock page something to show: some below the reorder point, some expiring within 30 days, administered to patients, sold on invoices', async () => {
    const [n] = await rowsOf<{ below: number; expiring: number; administered: number; sold: number }>(sql`
      select
        (select count(*) from item_stocks s join item_locations il using (account_id, item_id, location_id)
           where s.account_id = ${LARGE} and il.reorder_point > 0 and s.on_hand <= il.reorder_point)::int as below,
        (select count(*) from lots where account_id = ${LARGE} and on_hand > 0 and expires_on <= current_date + 30)::int as expiring,
        (select count(*) from inventory_movements where account_id = ${LARGE} and type = 'administered' and patient_id is not null)::int as administered,
        (select count(*) from inventory_movements where account_id = ${LARGE} and type = 'sold' and invoice_id is not null and patient_id is not null)::int as sold`);
    expect(n!.below).toBeGreaterThan(0);
    expect(n!.expiring).toBeGreaterThan(0);
    expect(n!.administered).toBeGreaterThan(0);
    expect(n!.sold).toBeGreaterThan(0);
  });
});
