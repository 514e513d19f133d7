import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Transaction-scoped advisory locks on named keys (hashed), taken in one order so that two
 * transactions never wait on each other crosswise: what serialises work that several app servers
 * could do at once (bookings that could clash, attempts that count towards one limit).
 */
export async function lockKeys(ex: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  await ex.execute(sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(k) as h from unnest(array[${list}]::text[]) as k order by h) as locks`);
}
