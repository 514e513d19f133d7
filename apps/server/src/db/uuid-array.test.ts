// uuid[] values read by splitting (db/client.ts) say what the driver's general parser said.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { uuidArrayParser } from './client.js';

// text[] (1009): what the driver parses uuid[] with, absent the split. Its typings list only some ids.
const general = pg.types.getTypeParser(1009 as Parameters<typeof pg.types.getTypeParser>[0]) as (text: string) => unknown;
const split = uuidArrayParser(general);

describe('reading uuid[] by splitting', () => {
  it('answers what the general array parser answers, NULLs and empty arrays included', () => {
    const element = fc.oneof({ weight: 5, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constant(null) });
    fc.assert(
      fc.property(fc.array(element, { maxLength: 12 }), (ids) => {
        const text = `{${ids.map((id) => id ?? 'NULL').join(',')}}`;
        expect(split(text)).toEqual(general(text));
      }),
    );
  });

  it('hands what it does not read (a nested array, quoted elements) to the general parser', () => {
    const a = randomUUID();
    for (const text of [`{{${a},${a}}}`, `{"${a}"}`]) expect(split(text)).toEqual(general(text));
  });

  describe('through the database', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    it('reads a uuid[] column as its ids, in order', async () => {
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      // PGlite and node-postgres both answer { rows }; the union client types it loosely.
      const { rows } = (await ctx.database.db.execute(
        sql`select ${`{${ids.join(',')}}`}::uuid[] as ids, '{}'::uuid[] as none, ${`{${ids[0]},NULL}`}::uuid[] as holes`,
      )) as unknown as { rows: unknown[] };
      const [row] = rows;
      expect(row).toEqual({ ids, none: [], holes: [ids[0], null] });
    });
  });
});
