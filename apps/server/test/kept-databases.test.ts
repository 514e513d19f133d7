// The test databases a worker keeps between files (kept-databases.ts): one handed back is as the
// template holds it, or it is never handed out again. On PGlite the database itself is kept, on
// the PostgreSQL server its name.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { imageBlob } from './harness.js';
import { giveBackPglite, giveBackServerDatabase, keptPglite, keptServerDatabase } from './kept-databases.js';

const image = inject('pgliteImage');
const templateUrl = inject('pgTemplateUrl');

/** A kept database as a file holds it, and what identifies it across files. */
interface Held {
  database: Database;
  id: unknown;
}
const held: Held[] = [];

const kept = image
  ? {
      async take(): Promise<Held> {
        const database = await keptPglite(imageBlob(image));
        return { database, id: database };
      },
      giveBack: (h: Held) => giveBackPglite(h.database),
      async gone(h: Held) {
        return (h.database.db as unknown as { $client: { closed: boolean } }).$client.closed;
      },
    }
  : {
      async take(): Promise<Held> {
        const url = await keptServerDatabase(templateUrl);
        return { database: await openDatabase({ dataDir: '', databaseUrl: url, migrate: false }), id: url };
      },
      async giveBack(h: Held) {
        await h.database.close();
        await giveBackServerDatabase(h.id as string);
      },
      async gone(h: Held) {
        const name = new URL(h.id as string).pathname.slice(1);
        const probe = await openDatabase({ dataDir: '', databaseUrl: templateUrl, migrate: false });
        try {
          return (await probe.query(`select 1 from pg_database where datname = '${name}'`)).length === 0;
        } finally {
          await probe.close();
        }
      },
    };

/**
 * Databases none other is waiting in: the worker keeps at most two, so taking two empties its
 * pool, and the first one handed back is the next one taken. Each test hands its own back
 * (afterEach): the next test takes them again instead of opening new ones.
 */
async function own(): Promise<Held[]> {
  const taken = [await kept.take(), await kept.take()];
  held.push(...taken);
  return taken;
}

async function again(h: Held): Promise<Held> {
  held.splice(held.indexOf(h), 1);
  await kept.giveBack(h);
  const next = await kept.take();
  held.push(next);
  return next;
}

afterEach(async () => {
  for (const h of held.splice(0)) await kept.giveBack(h).catch(() => undefined);
});

describe.skipIf(!image && !templateUrl)('a kept test database', () => {
  it('comes back empty, its sequences restarted and its session reset', async () => {
    const [first] = await own();
    const { database } = first!;
    await database.query(`insert into rate_events (bucket, key) values ('a', '1'), ('a', '2')`);
    // emptied again: only the sequence remembers the two rows
    await database.query(`delete from rate_events`);
    await database.query(`set statement_timeout = '5s'`);
    await database.query('begin');
    await database.query(`insert into rate_events (bucket, key) values ('open', '3')`);

    const next = await again(first!);
    expect(next.id).toBe(first!.id);
    expect(await next.database.query('select * from rate_events')).toEqual([]);
    expect(await next.database.query(`select setting from pg_settings where name = 'statement_timeout'`)).toEqual([{ setting: '0' }]);
    expect(await next.database.query(`insert into rate_events (bucket, key) values ('b', '1') returning id::int as id`)).toEqual([{ id: 1 }]);
    expect((await next.database.query<{ n: number }>('select count(*)::int as n from species'))[0]!.n).toBeGreaterThan(0);
  });

  it('comes back with the template’s reference rows when a file changed them', async () => {
    const [first] = await own();
    const { database } = first!;
    const before = await database.query(`select id, name from species order by id`);
    // A species renamed, one removed, one added; the tiers renamed.
    await database.query(`update species set name = 'Dragon' where name = 'Dog'`);
    await database.query(`delete from species where name = 'Cat'`);
    await database.query(`insert into species (name) values ('Griffin')`);
    await database.query(`update subscription_tiers set name = name || ' (changed)'`);

    const next = await again(first!);
    expect(next.id).toBe(first!.id);
    expect(await next.database.query(`select id, name from species order by id`)).toEqual(before);
    expect(await next.database.query(`select name from subscription_tiers where name like '% (changed)'`)).toEqual([]);
  });

  it('is closed instead when a file changed its schema', async () => {
    const [reshaped] = await own();
    await reshaped!.database.query('create table made_by_a_test (n int)');

    const next = await again(reshaped!);
    expect(await kept.gone(reshaped!)).toBe(true);
    expect(next.id).not.toBe(reshaped!.id);
    expect(await next.database.query(`select to_regclass('made_by_a_test') as t`)).toEqual([{ t: null }]);
  });
});

describe.skipIf(!templateUrl)('a kept database on the PostgreSQL server', () => {
  it('is emptied even when a file left a connection in a transaction on it', async () => {
    const [first] = await own();
    await first!.database.query(`insert into rate_events (bucket, key) values ('a', '1')`);
    const pg = await import('pg');
    const left = new pg.default.Client({ connectionString: first!.id as string });
    left.on('error', () => undefined); // ended by the give-back, as intended
    await left.connect();
    await left.query('begin');
    await left.query('lock table rate_events in access share mode');

    const next = await again(first!);
    expect(next.id).toBe(first!.id);
    expect(await next.database.query('select * from rate_events')).toEqual([]);
  });
});
