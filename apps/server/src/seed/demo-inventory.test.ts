// The demo's inventory: what a newcomer sees on the Stock page and in the log at both practices,
// written through the stock primitive, so the lots, the totals and the log agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as api from '@willow/contracts';
import { localDate } from '@willow/contracts';
import { clientWithCookie, createTestApp, loginRequest, type TestContext } from '../../test/harness.js';
import { DEMO_PASSWORD } from './demo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const DEMO = sql`(select id from accounts where name = 'Demo Veterinary Group')`;

describe('demo inventory', () => {
  it('stocks both practices in lots: some expiring within 30 days, some at or below the reorder point, urns that do not expire', async () => {
    const locations = await rowsOf<{ id: string; name: string; timezone: string }>(sql`select id, name, timezone from locations where account_id = ${DEMO} order by name`);
    expect(locations.map((l) => l.name)).toEqual(['Lakeside Pet Care', 'Riverside Animal Hospital']);
    for (const l of locations) {
      const today = localDate(Date.now(), l.timezone);
      const [lots] = await rowsOf<{ items: number; expiring: number; lasting: number; boxes: number }>(sql`
        select count(distinct lt.item_id)::int as items,
               count(*) filter (where lt.on_hand > 0 and lt.expires_on between ${today}::date and ${today}::date + 30)::int as expiring,
               count(*) filter (where lt.expires_on is null and i.category = 'urn')::int as lasting,
               count(*) filter (where i.units_per_purchase = 100 and i.sell_unit = 'tablet' and lt.lot_number is not null and lt.expires_on is not null)::int as boxes
        from lots lt join items i on i.account_id = lt.account_id and i.id = lt.item_id
        where lt.account_id = ${DEMO} and lt.location_id = ${l.id}`);
      expect(lots!.items, l.name).toBeGreaterThanOrEqual(12);
      expect(lots!.expiring, l.name).toBeGreaterThan(0);
      expect(lots!.lasting, l.name).toBeGreaterThan(0);
      expect(lots!.boxes, l.name).toBeGreaterThan(0);
      const [below] = await rowsOf<{ n: number }>(sql`
        select count(*)::int as n from item_stocks s join item_locations il on il.account_id = s.account_id and il.item_id = s.item_id and il.location_id = s.location_id
        where s.account_id = ${DEMO} and s.location_id = ${l.id} and il.reorder_point > 0 and s.on_hand <= il.reorder_point`);
      expect(below!.n, l.name).toBeGreaterThan(0);
      // The urn add-on at the practice takes an urn from stock.
      const draws = await rowsOf<{ item: string }>(sql`
        select i.name as item from item_add_on_draws d join add_ons a on a.account_id = d.account_id and a.id = d.add_on_id
        join items i on i.account_id = d.account_id and i.id = d.item_id
        where d.account_id = ${DEMO} and a.location_id = ${l.id} and a.name = 'Urn'`);
      expect(draws.map((d) => d.item), l.name).toEqual(['Wooden urn, medium']);
    }
    const [supplied] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from items i join contacts c on c.account_id = i.account_id and c.id = i.supplier_id
      where i.account_id = ${DEMO} and c.category = 'supplier'`);
    expect(supplied!.n).toBeGreaterThan(10);
  });

  it('logs every change: lots received, given at visits, written off, the controlled drug’s ledger, urns sold by the invoices', async () => {
    const types = await rowsOf<{ type: string; location: string }>(sql`
      select distinct m.type, l.name as location from inventory_movements m join locations l on l.id = m.location_id where m.account_id = ${DEMO}`);
    for (const location of ['Riverside Animal Hospital', 'Lakeside Pet Care'])
      expect(new Set(types.filter((t) => t.location === location).map((t) => t.type)), location).toEqual(new Set(['received', 'administered', 'damaged', 'sold', ...(location.startsWith('Riverside') ? ['expired'] : [])]));
    // Given at a visit: to the visit's own patient.
    const given = await rowsOf<{ ok: boolean }>(sql`
      select m.patient_id = any(a.patient_ids) and a.location_id = m.location_id as ok from inventory_movements m
      join appointments a on a.account_id = m.account_id and a.id = m.appointment_id where m.account_id = ${DEMO} and m.type = 'administered'`);
    expect(given.length).toBeGreaterThan(5);
    expect(given.every((g) => g.ok)).toBe(true);
    // Sold: each urn by a finalised invoice's urn line.
    const sold = await rowsOf<{ status: string; add_on: string; item: string }>(sql`
      select i.status, a.name as add_on, it.name as item from inventory_movements m
      join invoices i on i.account_id = m.account_id and i.id = m.invoice_id
      join invoice_items ii on ii.account_id = m.account_id and ii.id = m.invoice_item_id
      join add_ons a on a.account_id = ii.account_id and a.id = ii.add_on_id
      join items it on it.account_id = m.account_id and it.id = m.item_id
      where m.account_id = ${DEMO} and m.type = 'sold'`);
    expect(sold.length).toBeGreaterThan(0);
    expect(sold.every((s) => s.status === 'finalised' && ((s.add_on === 'Urn' && s.item === 'Wooden urn, medium') || (s.add_on === 'Paw print' && s.item === 'Paw print kit')))).toBe(true);
    const ledger = await rowsOf<{ type: string }>(sql`
      select m.type from inventory_movements m join items i on i.account_id = m.account_id and i.id = m.item_id
      where m.account_id = ${DEMO} and i.controlled order by m.seq`);
    expect(ledger.length).toBeGreaterThanOrEqual(8);
  });

  it('keeps the books straight: each lot holds what its entries say, each total is its lots’ sum, each balance the running total', async () => {
    const lotsOff = await rowsOf<{ id: string }>(sql`
      select lt.id from lots lt where lt.account_id = ${DEMO}
        and lt.on_hand <> (select coalesce(sum(m.quantity), 0) from inventory_movements m where m.account_id = lt.account_id and m.lot_id = lt.id)`);
    expect(lotsOff).toEqual([]);
    const totalsOff = await rowsOf<{ item_id: string }>(sql`
      select s.item_id from item_stocks s where s.account_id = ${DEMO}
        and s.on_hand <> (select coalesce(sum(lt.on_hand), 0) from lots lt where lt.account_id = s.account_id and lt.item_id = s.item_id and lt.location_id = s.location_id)`);
    expect(totalsOff).toEqual([]);
    const balancesOff = await rowsOf<{ id: string }>(sql`
      select id from (
        select m.id, m.balance, sum(m.quantity) over (partition by m.item_id, m.location_id order by m.seq) as running
        from inventory_movements m where m.account_id = ${DEMO}
      ) r where r.balance <> r.running`);
    expect(balancesOff).toEqual([]);
  });

  it('shows on the Stock page: expiring within 30 days, below the reorder point, the log newest first', async () => {
    const login = await loginRequest(ctx, 'owner@demo.test', DEMO_PASSWORD, '192.0.2.60');
    const owner = clientWithCookie(ctx, `x-access-token=${login.cookies.find((c) => c.name === 'x-access-token')!.value}`);
    for (const location of (await owner.call(api.listLocations)).json() as api.Location[]) {
      const res = await owner.call(api.listStock, { query: { locationId: location.id, expiringWithin: '30', limit: '50' } });
      expect(res.statusCode, res.body).toBe(200);
      const expiring = res.json() as { items: api.StockRow[]; belowReorder: number; value: number };
      expect(expiring.items.length, location.name).toBeGreaterThan(0);
      expect(expiring.items.every((r) => r.expiring > 0 && r.nextExpiry !== null)).toBe(true);
      const below = (await owner.call(api.listStock, { query: { locationId: location.id, belowReorder: 'true' } })).json() as { items: api.StockRow[] };
      expect(below.items.length, location.name).toBeGreaterThan(0);
      const log = (await owner.call(api.listInventoryLog, { query: { locationId: location.id, limit: '20' } })).json() as { items: api.InventoryLogEntry[]; total: number };
      expect(log.total, location.name).toBeGreaterThan(20);
      expect(log.items.some((e) => e.type === 'sold' && e.invoiceId), location.name).toBe(true);
    }
  });
});
