// The demo seed is what a newcomer sees on first start: a living calendar at both practices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, localDate } from '@willow/contracts';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { seedDemo } from './demo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

interface Row {
  location: string;
  timezone: string;
  status: string;
  start_at: string | Date;
  provider: string | null;
}

describe('demo seed', () => {
  it('fills an empty database once, with appointments in every status at both practices, some today and some the owner’s', async () => {
    const db = ctx.database.db;
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false);

    // PGlite and node-postgres both answer { rows }; the union client types it loosely.
    const { rows } = (await db.execute(sql`
      select l.name as location, l.timezone, a.status, a.start_at, u.email as provider
      from appointments a join locations l on l.id = a.location_id left join users u on u.id = a.primary_provider_id
      join accounts acc on acc.id = a.account_id where acc.name = 'Demo Veterinary Group'`)) as unknown as { rows: Row[] };
    const locations = [...new Set(rows.map((r) => r.location))];
    expect(locations).toHaveLength(2);
    for (const location of locations) {
      const here = rows.filter((r) => r.location === location);
      expect(new Set(here.map((r) => r.status)), location).toEqual(new Set(APPOINTMENT_STATUSES));
      const today = localDate(Date.now(), here[0]!.timezone);
      expect(here.some((r) => localDate(new Date(r.start_at).getTime(), r.timezone) === today), `${location} today`).toBe(true);
      expect(here.some((r) => r.provider === 'owner@demo.test'), `${location} owner`).toBe(true);
    }

    // Cremation and aftercare ride along with the euthanasia without lengthening its block.
    const farewells = (await db.execute(sql`
      select a.start_at, a.end_at,
        (select sum(s.duration) from services s where s.id = any(a.service_ids) and s.type not in ('Cremation', 'Aftercare')) as visit,
        (select count(*) from services s where s.id = any(a.service_ids) and s.type in ('Cremation', 'Aftercare')) as after
      from appointments a join accounts acc on acc.id = a.account_id
      where acc.name = 'Demo Veterinary Group' and cardinality(a.service_ids) > 1`)) as unknown as {
      rows: { start_at: string | Date; end_at: string | Date; visit: string | number; after: string | number }[];
    };
    expect(farewells.rows.length).toBeGreaterThan(0);
    for (const r of farewells.rows) {
      expect(Number(r.after)).toBeGreaterThan(0);
      expect((new Date(r.end_at).getTime() - new Date(r.start_at).getTime()) / 60_000).toBe(Number(r.visit));
    }
  });
});
