import { and, desc, eq, getTableColumns, getTableName, is, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { GLOBAL_TABLES } from '../../db/distribution.js';
import * as schema from '../../db/schema.js';
import { acrossAccounts, scopedTable, tenantRepository, type Row, type RowSet, type Scope } from '../../platform/tenant-repository.js';
import { locations } from '../locations/index.js';
import { accountArchives } from './account-archive.table.js';
import { ARCHIVED, LEFT_OUT } from './archive-contents.js';

export type ArchiveRow = Row<typeof accountArchives>;

export interface ArchivedTable {
  /** the SQL name, and the CSV's name without .csv */
  name: string;
  table: PgTable & { accountId: PgColumn };
  /** the JS keys of the columns written, in the table's order, with their header (SQL names) */
  columns: readonly { key: string; header: string }[];
  /** the primary key past account_id: the cursor's columns, in order */
  cursor: readonly { key: string; column: PgColumn }[];
}

/** Every tenant table of the schema: its SQL name and table object. */
export function tenantTables(): Map<string, PgTable> {
  const found = new Map<string, PgTable>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable) || !('accountId' in getTableColumns(value))) continue;
    const name = getTableName(value);
    if (!(GLOBAL_TABLES as readonly string[]).includes(name)) found.set(name, value);
  }
  return found;
}

/** A column's SQL name: the schema names columns in camelCase and the database casing makes them snake_case. */
export const sqlName = (column: PgColumn) => column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

let cached: ArchivedTable[] | undefined;

/** The tables an archive writes, in name order; throws on a tenant table neither archived nor left out. */
export function archivedTables(): ArchivedTable[] {
  if (cached) return cached;
  const out: ArchivedTable[] = [];
  for (const [name, table] of [...tenantTables()].sort(([a], [b]) => a.localeCompare(b))) {
    if (LEFT_OUT[name]) continue;
    const entry = ARCHIVED[name];
    if (!entry) throw new Error(`The account archive does not say whether ${name} is archived (archive-contents.ts)`);
    const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
    const leaveOut = new Set(entry.leaveOut ?? []);
    const unknown = [...leaveOut].filter((n) => !columns.some(([, c]) => sqlName(c) === n));
    if (unknown.length) throw new Error(`The account archive leaves out ${unknown.join(', ')}, which ${name} does not have (archive-contents.ts)`);
    const byName = new Map(columns.map(([key, column]) => [column.name, key]));
    const pk = getTableConfig(table).primaryKeys[0]?.columns ?? columns.filter(([, c]) => c.primary).map(([, c]) => c);
    out.push({
      name,
      table: table as PgTable & { accountId: PgColumn },
      columns: columns.filter(([key, column]) => key !== 'accountId' && !leaveOut.has(sqlName(column))).map(([key, column]) => ({ key, header: sqlName(column) })),
      cursor: pk.filter((c) => sqlName(c) !== 'account_id').map((column) => ({ key: byName.get(column.name)!, column })),
    });
  }
  cached = out;
  return out;
}

/** How many times an archive is begun before it is given up: a worker dying or its storage failing. */
export const MAX_ATTEMPTS = 3;

const archives = tenantRepository(accountArchives);
const across = acrossAccounts(accountArchives);
const a = accountArchives;
const preparing = eq(a.status, 'preparing');
/** The claim's token is the row's own: progress and the result of a worker that lost it change nothing. */
const held = (id: string, token: string) => and(eq(a.id, id), preparing, eq(a.claimToken, token));

const locationRows = scopedTable(locations);

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

  /** How many of the account's locations have a logo: the logo files an archive holds. */
  countLogos(ex: Executor, scope: Scope): Promise<number> {
    return locationRows.count(ex, scope, isNotNull(locations.logoStorageKey));
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
