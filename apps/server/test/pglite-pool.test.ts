// The embedded test databases a worker keeps between files (pglite-pool.ts): one handed back is
// as the image holds it, or it is never handed out again.
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { imageBlob } from './harness.js';
import { giveBack, templateDatabase } from './pglite-pool.js';

const image = inject('pgliteImage');
const isClosed = (database: Database) => (database.db as unknown as { $client: { closed: boolean } }).$client.closed;
const open: Database[] = [];

/** A database no earlier file is waiting in: the worker keeps at most two. */
async function ownDatabases(): Promise<Database[]> {
  const taken = await Promise.all([1, 2, 3].map(() => templateDatabase(imageBlob(image))));
  open.push(...taken);
  return taken;
}

async function again(database: Database): Promise<Database> {
  await giveBack(database);
  const next = await templateDatabase(imageBlob(image));
  open.push(next);
  return next;
}

afterAll(async () => {
  for (const database of open) if (!isClosed(database)) await database.close();
});

describe.skipIf(!image)('a kept embedded test database', () => {
  it('comes back empty, its sequences restarted and its session reset', async () => {
    const [database] = await ownDatabases();
    await database!.query(`insert into rate_events (bucket, key) values ('a', '1'), ('a', '2')`);
    // emptied again: only the sequence remembers the two rows
    await database!.query(`delete from rate_events`);
    await database!.query(`set statement_timeout = '5s'`);
    await database!.query('begin');
    await database!.query(`insert into rate_events (bucket, key) values ('open', '3')`);

    const next = await again(database!);
    expect(next).toBe(database);
    expect(await next.query('select * from rate_events')).toEqual([]);
    expect(await next.query(`select setting from pg_settings where name = 'statement_timeout'`)).toEqual([{ setting: '0' }]);
    expect(await next.query(`insert into rate_events (bucket, key) values ('b', '1') returning id::int as id`)).toEqual([{ id: 1 }]);
    expect((await next.query<{ n: number }>('select count(*)::int as n from species'))[0]!.n).toBeGreaterThan(0);
  });

  it('is closed instead when a file changed its schema or its reference rows', async () => {
    const [reshaped, renamed] = await ownDatabases();
    await reshaped!.query('create table made_by_a_test (n int)');
    await renamed!.query(`update species set name = 'Dragon' where name = 'Dog'`);

    for (const database of [reshaped!, renamed!]) {
      const next = await again(database);
      expect(isClosed(database)).toBe(true);
      expect(next).not.toBe(database);
      expect(await next.query(`select to_regclass('made_by_a_test') as t`)).toEqual([{ t: null }]);
      expect(await next.query(`select name from species where name in ('Dog', 'Dragon')`)).toEqual([{ name: 'Dog' }]);
    }
  });
});
