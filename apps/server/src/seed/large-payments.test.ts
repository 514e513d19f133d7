// The large seed's payments and aftercare are written in batches beside the services that record
// them: the balances, the reports and the appointments' histories must read them as they read the
// desk's, and a seed made before them gains them when run again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, localDate } from '@willow/contracts';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { endOfLifeRepository } from '../features/reports/report-end-of-life.repository.js';
import { reportsRepository } from '../features/reports/reports.repository.js';
import { LARGE_ACCOUNT, seedLarge } from './large.js';

let ctx: TestContext;
const SIZE = { seed: 1, clients: 80, patients: 120, locations: 2, appointments: 1_500, tasks: 5, messages: 10, items: 5 };
beforeAll(async () => {
  ctx = await createTestApp();
  await seedLarge(ctx.database.db, SIZE, () => {});
});
afterAll(async () => {
  await ctx?.close();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const LARGE = sql`(select id from accounts where name = ${LARGE_ACCOUNT})`;
const accountId = async () => (await rowsOf<{ id: string }>(sql`select ${LARGE} as id`))[0]!.id;

/** Each finalised invoice's total and what its allocations paid of it. */
const invoiceBalances = () =>
  rowsOf<{ total: number; paid: number; count: number }>(sql`
    select i.total::int as total, coalesce(sum(pa.amount), 0)::int as paid, count(pa.id)::int as count
    from invoices i left join payment_allocations pa on pa.account_id = i.account_id and pa.invoice_id = i.id
    where i.account_id = ${LARGE} and i.status = 'finalised'
    group by i.id, i.total`);

describe('large seed payments', () => {
  it('pays most finalised invoices: some in full, some in part, some not at all, never more than the total', async () => {
    const balances = await invoiceBalances();
    const full = balances.filter((b) => b.paid === b.total).length;
    const part = balances.filter((b) => b.paid > 0 && b.paid < b.total).length;
    const none = balances.filter((b) => b.paid === 0).length;
    expect(balances.length).toBeGreaterThan(200);
    expect(balances.filter((b) => b.paid > b.total)).toEqual([]);
    expect(full / balances.length).toBeGreaterThan(0.6);
    expect(part).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(0);
    // Some invoices were paid in two parts.
    expect(balances.some((b) => b.count === 2 && b.paid === b.total)).toBe(true);
  });

  it('writes each payment as the desk does: allocated whole onto an invoice of its client at its location, received no later than now, across the payment types', async () => {
    const [off] = await rowsOf<{ unallocated: number; otherClient: number; otherLocation: number; future: number; types: number; noType: number }>(sql`
      select
        (select count(*) from payments p where p.account_id = ${LARGE}
           and p.amount <> (select coalesce(sum(pa.amount), 0) from payment_allocations pa where pa.account_id = p.account_id and pa.payment_id = p.id))::int as unallocated,
        (select count(*) from payments p join payment_allocations pa on pa.account_id = p.account_id and pa.payment_id = p.id
           join invoices i on i.account_id = pa.account_id and i.id = pa.invoice_id where p.account_id = ${LARGE} and i.client_id <> p.client_id)::int as "otherClient",
        (select count(*) from payments p join payment_allocations pa on pa.account_id = p.account_id and pa.payment_id = p.id
           join invoices i on i.account_id = pa.account_id and i.id = pa.invoice_id where p.account_id = ${LARGE} and i.location_id <> p.location_id)::int as "otherLocation",
        (select count(*) from payments where account_id = ${LARGE} and received_at > now())::int as future,
        (select count(distinct payment_type_id) from payments where account_id = ${LARGE})::int as types,
        (select count(*) from payments where account_id = ${LARGE} and payment_type_id is null)::int as "noType"`);
    expect(off).toMatchObject({ unallocated: 0, otherClient: 0, otherLocation: 0, future: 0, noType: 0 });
    expect(off!.types).toBeGreaterThanOrEqual(4);
  });

  it('gives the reports their figures: the payments by type sum what was received, the ageing what is still owed', async () => {
    const scope = { accountId: await accountId() };
    const today = localDate(new Date(), 'UTC');
    const byType = await reportsRepository.paymentsByType(ctx.database.db, scope, { from: addDays(today, -800), to: addDays(today, 1) });
    const [sums] = await rowsOf<{ received: number }>(sql`select coalesce(sum(amount), 0)::int as received from payments where account_id = ${LARGE}`);
    expect(byType.reduce((s, t) => s + Number(t.received), 0)).toBe(sums!.received);
    const owed = (await invoiceBalances()).reduce((s, b) => s + b.total - b.paid, 0);
    const ageing = await reportsRepository.ageingRows(ctx.database.db, scope, {});
    expect(ageing.reduce((s, r) => s + Number(r.total), 0)).toBe(owed);
    expect((await reportsRepository.ageingTotals(ctx.database.db, scope, {})).total).toBe(owed);
  });
});

describe('large seed aftercare', () => {
  it('records the family’s choice on most end-of-life appointments and the moves of their aftercare, in order and no later than now', async () => {
    const [n] = await rowsOf<{ chosen: number; endOfLife: number; moves: number; late: number; unordered: number; ashesMismatch: number }>(sql`
      select
        (select count(*) from appointments where account_id = ${LARGE} and cremation_type is not null)::int as chosen,
        (select count(*) from appointments a join services s on s.account_id = a.account_id and s.id = a.service_ids[1]
           where a.account_id = ${LARGE} and s.type in ('Euthanasia', 'Cremation') and a.status not in ('Cancelled', 'Rejected'))::int as "endOfLife",
        (select count(*) from appointment_status_changes where account_id = ${LARGE})::int as moves,
        (select count(*) from appointment_status_changes where account_id = ${LARGE} and changed_at > now())::int as late,
        (select count(*) from (select c.changed_at, lag(c.changed_at) over (partition by c.appointment_id order by c.changed_at, c.id) as before,
              lag(c.to_status) over (partition by c.appointment_id order by c.changed_at, c.id) as was, c.from_status
            from appointment_status_changes c where c.account_id = ${LARGE}) r
           where r.before is not null and r.was <> r.from_status)::int as unordered,
        (select count(*) from appointments where account_id = ${LARGE}
           and ((status = 'Ashes Delivered' and ashes_disposition <> 'returned') or (status = 'Ashes Spread' and ashes_disposition <> 'spread')))::int as "ashesMismatch"`);
    expect(n!.chosen).toBeGreaterThan(0.8 * n!.endOfLife);
    expect(n!.chosen).toBeLessThanOrEqual(n!.endOfLife);
    expect(n!.moves).toBeGreaterThan(0);
    expect(n).toMatchObject({ late: 0, unordered: 0, ashesMismatch: 0 });
    // The last move of each appointment is the status it has now.
    const [last] = await rowsOf<{ off: number }>(sql`
      select count(*)::int as off from appointments a
      where a.account_id = ${LARGE} and exists (select 1 from appointment_status_changes c where c.account_id = a.account_id and c.appointment_id = a.id)
        and a.status <> (select c.to_status from appointment_status_changes c where c.account_id = a.account_id and c.appointment_id = a.id order by c.changed_at desc, c.id desc limit 1)`);
    expect(last!.off).toBe(0);
  });

  it('gives the end-of-life report its cremation types and finished turnarounds', async () => {
    const scope = { accountId: await accountId() };
    const today = localDate(new Date(), 'UTC');
    const volume = await endOfLifeRepository.volume(ctx.database.db, scope, { from: addDays(today, -400), to: today });
    expect(new Set(volume.map((v) => v.cremationType))).toEqual(new Set(['private', 'partitioned', 'communal']));
    expect(volume.reduce((s, v) => s + v.finished, 0)).toBeGreaterThan(0);
    expect(volume.every((v) => v.turnaroundDays >= 0)).toBe(true);
  });
});

describe('a large seed made before payments and aftercare', () => {
  it('gains them when run again, and a further run adds nothing', async () => {
    const count = async () =>
      (
        await rowsOf<{ payments: number; allocations: number; chosen: number; moves: number }>(sql`
          select (select count(*) from payments where account_id = ${LARGE})::int as payments,
                 (select count(*) from payment_allocations where account_id = ${LARGE})::int as allocations,
                 (select count(*) from appointments where account_id = ${LARGE} and cremation_type is not null)::int as chosen,
                 (select count(*) from appointment_status_changes where account_id = ${LARGE})::int as moves`)
      )[0]!;
    const seeded = await count();
    await ctx.database.db.execute(sql`delete from payments where account_id = ${LARGE}`);
    await ctx.database.db.execute(sql`delete from appointment_status_changes where account_id = ${LARGE}`);
    await ctx.database.db.execute(sql`update appointments set cremation_type = null, ashes_disposition = null where account_id = ${LARGE}`);
    expect(await count()).toEqual({ payments: 0, allocations: 0, chosen: 0, moves: 0 });

    expect(await seedLarge(ctx.database.db, SIZE, () => {})).toBe(true);
    // The same seed makes the same mix again.
    expect(await count()).toEqual(seeded);
    expect(await seedLarge(ctx.database.db, SIZE, () => {})).toBe(false);
    expect(await count()).toEqual(seeded);
  });
});
