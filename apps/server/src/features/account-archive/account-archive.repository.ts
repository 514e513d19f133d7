import { and, desc, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { acrossAccounts, scopedTable, tenantRepository, type Row, type RowSet, type Scope } from '../../platform/tenant-repository.js';
import { accountArchives } from './account-archive.table.js';
import type { ArchivedTable } from './archive-contents.js';

export type ArchiveRow = Row<typeof accountArchives>;

/** How many times an archive is begun before it is given up: a worker dying or its storage failing. */
export const MAX_ATTEMPTS = 3;

const archives = tenantRepository(accountArchives);
const across = acrossAccounts(accountArchives);
const a = accountArchives;
const preparing = eq(a.status, 'preparing');
/** The claim's token is the row's own: progress and the result of a worker that lost it change nothing. */
const held = (id: string, token: string) => and(eq(a.id, id), preparing, eq(a.claimToken, token));

/** Each archived table's scoped reader, built once. */
const readers = new Map<string, ReturnType<typeof scopedTable>>();
function readerOf(t: ArchivedTable) {
  let reader = readers.get(t.name);
  if (!reader) readers.set(t.name, (reader = scopedTable(t.table as never)));
  return reader;
}

/** After the row `last`, in the primary key's order: one column compared, or the key's row of columns. */
function after(t: ArchivedTable, last: Record<string, unknown>): SQL {
  const value = (c: { key: string; column: PgColumn }) => sql.param(last[c.key], c.column);
  if (t.cursor.length === 1) return sql`${t.cursor[0]!.column} > ${value(t.cursor[0]!)}`;
  return sql`(${sql.join(
    t.cursor.map((c) => sql`${c.column}`),
    sql`, `,
  )}) > (${sql.join(t.cursor.map(value), sql`, `)})`;
}

/** The archive queue's NOTIFY channel: its workers wake when an archive is queued. */
export const ARCHIVE_CHANNEL = 'willow_account_archives';

export const accountArchivesRepository = {
  findById: archives.findById,

  /** Wakes the archive queue's workers once the transaction commits. */
  async notice(ex: Executor): Promise<void> {
    await ex.execute(sql`select pg_notify(${ARCHIVE_CHANNEL}, '')`);
  },

  async list(ex: Executor, scope: Scope, limit: number): Promise<ArchiveRow[]> {
    return archives.list(ex, scope, { orderBy: [desc(a.createdAt), desc(a.id)], limit });
  },

  async findPreparing(ex: Executor, scope: Scope): Promise<ArchiveRow | undefined> {
    return (await archives.list(ex, scope, { where: preparing, limit: 1 }))[0];
  },

  /** A new archive in preparation, or nothing when the account has one already (the partial unique index). */
  async insertPreparing(ex: Executor, scope: Scope, values: { requestedById: string; requestedByName: string; notifyEmail: string }): Promise<ArchiveRow | undefined> {
    return (await archives.insertMany(ex, scope, [{ ...values, status: 'preparing' }], { ignoreConflicts: true }))[0];
  },

  remove: archives.remove,

  /**
   * Takes up to `limit` archives in preparation whose lease ended (or that no one holds), across
   * accounts, FOR UPDATE SKIP LOCKED (decision 0254), for `leaseMs` under a new token.
   */
  async claim(ex: Executor, opts: { now: Date; leaseMs: number; limit: number; token: string }): Promise<ArchiveRow[]> {
    return across.claim(ex, {
      where: and(preparing, lt(a.attempts, MAX_ATTEMPTS), or(isNull(a.claimedUntil), lte(a.claimedUntil, opts.now)))!,
      due: a.createdAt,
      limit: opts.limit,
      set: { claimToken: opts.token, claimedUntil: new Date(opts.now.getTime() + opts.leaseMs), attempts: sql`${a.attempts} + 1` },
    });
  },

  /** When the next archive may be taken: one waiting now, or the earliest lease to end. */
  async nextDue(ex: Executor): Promise<Date | undefined> {
    const [row] = await across.select(ex, { due: sql<string | null>`min(coalesce(${a.claimedUntil}, ${a.createdAt}))` }, and(preparing, lt(a.attempts, MAX_ATTEMPTS)));
    return row?.due ? new Date(row.due) : undefined;
  },

  /** Writes what a holder says (progress, its lease renewed, its result); false once the hold is not its own. */
  async whileHeld(ex: Executor, scope: Scope, id: string, token: string, set: RowSet<typeof accountArchives>): Promise<boolean> {
    return (await archives.updateReturning(ex, scope, held(id, token), set)).length > 0;
  },

  /** Ready archives whose days are over, across accounts (the expiry job's). */
  async expiredBy(ex: Executor, now: Date, limit: number): Promise<{ accountId: string; id: string; storageKey: string | null }[]> {
    return across
      .select(ex, { accountId: a.accountId, id: a.id, storageKey: a.storageKey }, and(eq(a.status, 'ready'), lte(a.expiresAt, now)))
      .orderBy(a.expiresAt)
      .limit(limit);
  },

  /** Archives begun MAX_ATTEMPTS times whose last worker's lease ended: given up. */
  async abandonedBy(ex: Executor, now: Date, limit: number): Promise<{ accountId: string; id: string }[]> {
    return across
      .select(ex, { accountId: a.accountId, id: a.id }, and(preparing, sql`${a.attempts} >= ${MAX_ATTEMPTS}`, lte(a.claimedUntil, now)))
      .limit(limit);
  },

  async setStatus(ex: Executor, scope: Scope, id: string, from: string, set: RowSet<typeof accountArchives>): Promise<boolean> {
    return (await archives.updateReturning(ex, scope, and(eq(a.id, id), eq(a.status, from)), set)).length > 0;
  },

  // ---------- the archived tables, read a page at a time ----------

  countRows(ex: Executor, scope: Scope, t: ArchivedTable): Promise<number> {
    return readerOf(t).count(ex, scope);
  },

  /** The next `limit` rows of `t` after `last` (from the first without it), in its primary key's order. */
  async pageOf(ex: Executor, scope: Scope, t: ArchivedTable, last: Record<string, unknown> | undefined, limit: number): Promise<Record<string, unknown>[]> {
    return (await readerOf(t).list(ex, scope, {
      ...(last && { where: after(t, last) }),
      orderBy: t.cursor.map((c) => c.column),
      limit,
    })) as Record<string, unknown>[];
  },
};
