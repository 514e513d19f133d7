// Security-critical: the tenant kit's one way across accounts (`acrossAccounts`), deliberately
// named and kept apart from the scoped builders of tenant-repository.ts, which re-exports it: the
// platform's own workers (the outbox's and the queues' claims) and administration. Nothing a
// practice's staff can reach calls it. `test/tenant-rules.test.ts` treats it as part of the kit.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { accounts } from '../features/accounts/accounts.table.js';
import type { AccountTable, Row, ScopedSelect } from './tenant-repository.js';

/**
 * Security-critical, and deliberately named: reads of a tenant table across every account, for
 * the platform's own administration (a super administrator choosing who holds a system role).
 * Nothing a practice's staff can reach calls it.
 */
export function acrossAccounts<T extends AccountTable>(table: T) {
  const t = table as unknown as PgTable;
  return {
    select<F extends SelectedFields>(ex: Executor, fields: F, where?: SQL) {
      return ex.select(fields).from(t).where(where).$dynamic() as unknown as ScopedSelect<T, F>;
    },
    count: (ex: Executor, where?: SQL): Promise<number> => ex.$count(t, where),
    /**
     * A join of this table to `other` inside the other row's account (and `on`), where no scope is
     * known yet (sign-in's lookup from the global email directory): the same account, no constant.
     */
    joined: (other: { accountId: PgColumn }, on?: SQL): SQL => and(eq((t as unknown as { accountId: PgColumn }).accountId, other.accountId), on)!,
    /** A condition: the row's account is active (a deactivated practice's rows serve no one). */
    ofActiveAccount: (): SQL => {
      const k = t as unknown as { accountId: PgColumn };
      return sql`exists (select 1 from ${accounts} where ${accounts.id} = ${k.accountId} and ${accounts.isActive})`;
    },
    /**
     * A work queue's claim across accounts: up to `limit` rows meeting `where`, earliest `due`
     * first, that no other transaction holds (FOR UPDATE SKIP LOCKED, so workers on several app
     * servers never take the same row), updated with `set` as they are taken. For the platform's
     * own workers that serve every account (the outbox); each row answered carries its account,
     * and everything the worker does next with it goes through the scoped builders.
     *
     * One statement counts the `limit` earliest due rows by account; then one statement per
     * account takes that many of its rows, filtered by that account inside and out (a row another
     * claim holds is skipped, not replaced: the next claim finds the next rows).
     * On a database distributed by account (decision 0254) each take runs on one shard: Citus
     * refuses FOR UPDATE in a statement that spans shards, and `set` must hold no volatile
     * function (a claim token is made by the caller).
     */
    async claim(ex: Executor, opts: { where: SQL; due: PgColumn; limit: number; set: Record<string, unknown> }): Promise<Row<T>[]> {
      const k = t as unknown as { accountId: PgColumn; id: PgColumn };
      const earliest = ex.select({ accountId: k.accountId, due: opts.due }).from(t).where(opts.where).orderBy(opts.due).limit(opts.limit).as('earliest');
      const waiting = await ex
        .select({ accountId: earliest.accountId, count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(earliest)
        .groupBy(earliest.accountId)
        .orderBy(sql`min(${earliest.due})`);
      const taken: Row<T>[] = [];
      for (const { accountId, count } of waiting) {
        const rest = Math.min(count, opts.limit - taken.length);
        if (rest <= 0) break;
        const mine = eq(k.accountId, accountId);
        const due = ex
          .select({ id: k.id })
          .from(t)
          .where(and(mine, opts.where))
          .orderBy(opts.due)
          .limit(rest)
          .for('update', { skipLocked: true });
        // `= any(array(…))`, not `in (…)`: the array is an init plan, read once. PostgreSQL may
        // join `in (…)` as a nested loop that runs the subquery again for each row, and each run
        // skips the rows the statement just updated and takes others: more than `rest`, or rows a
        // concurrent claim holds at the next run.
        const rows = (await ex
          .update(t)
          .set(opts.set as never)
          .where(and(mine, sql`${k.id} = any(array(${due}))`))
          .returning()) as Row<T>[];
        taken.push(...rows);
      }
      return taken;
    },
    /**
     * Deletes across accounts: the platform's own housekeeping and administration (expired
     * sessions, the booking requests' rate-limit log, a system role's holders), never a practice's
     * records. Optional references to the rows are not cleared: only for tables nothing refers to.
     */
    async removeWhere(ex: Executor, where: SQL): Promise<number> {
      return (
        await ex
          .delete(t)
          .where(where)
          .returning({ one: sql`1` })
      ).length;
    },
  };
}
