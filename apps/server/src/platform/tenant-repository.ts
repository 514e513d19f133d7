// Security-critical: tenant scoping. Every statement on a tenant table is built here, so a row of
// another account can never be read, changed or deleted: the account_id always comes from the
// caller's session scope, never from the request. Every join and correlated subquery between two
// tenant tables equates their account_id and names the scope's account on both (`sameAccount`), so
// on a PostgreSQL distributed by account each statement is answered by one shard
// (docs/decisions/0042, 0276). `test/tenant-rules.test.ts` fails
// when code elsewhere compares account_id, reaches a tenant table without these builders, or joins
// one without the account equated. Link and child tables (tenant-row-sets.ts) are built on the
// builders here and add no scoping of their own.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { type PgColumn, type PgSelectBase, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { nullableReferencesTo } from '../db/references.js';
import { accounts } from '../features/accounts/accounts.table.js';
import { mapRows, runArrays, type Decoder } from '../db/sql-compiler.js';
import { isDateTimestamptz, isoTimestampDecoder, type WithTextTimes } from '../db/timestamp-text.js';

/** A table (or an alias of one) whose rows belong to an account. */
export interface AccountKeyed {
  accountId: PgColumn;
}
export type AccountTable = PgTable & AccountKeyed & { $inferSelect: object; $inferInsert: object };
export type TenantTable = AccountTable & { id: PgColumn };

/** Whose data a call may touch: always built from the session. */
export interface Scope {
  readonly accountId: string;
}

export type Row<T extends AccountTable> = T['$inferSelect'];
export type NewRow<T extends AccountTable> = Omit<T['$inferInsert'], 'accountId' | 'id'>;
export type RowPatch<T extends AccountTable> = Partial<NewRow<T>>;
/** A patch whose values may also be SQL expressions (`array_remove(…)`). */
export type RowSet<T extends AccountTable> = { [K in keyof NewRow<T>]?: NewRow<T>[K] | SQL };
export type Lock = 'update' | 'share';

/**
 * What `select` answers: Drizzle's own dynamic select from `T`, typed as if written in place
 * (inside the generic builder Drizzle would lose the table's name, and with it the row types of
 * joins chained on).
 */
export type ScopedSelect<T extends AccountTable, F extends SelectedFields> = PgSelectBase<
  T['_']['name'],
  F,
  'partial',
  Record<T['_']['name'], 'not-null'>,
  true,
  never
>;

/**
 * `column = any($1::uuid[])`: one parameter however many ids. A page of a week's appointments looks
 * up hundreds of clients and patients; as an IN list each id is a parameter to build and plan.
 */
export function idIn(column: PgColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}

/**
 * `column = any($1::timestamptz[])`, the same for instants: one statement text however many there
 * are, so it is prepared once (db/named-statements.ts, decision 0232).
 */
export function instantIn(column: PgColumn, instants: readonly Date[]): SQL {
  return sql`${column} = any(${sql.param(instants.map((t) => t.toISOString()))}::timestamptz[])`;
}

/**
 * `a.account_id = b.account_id and a.account_id = <the scope's account> and b.account_id = <the
 * scope's account>` (and `on`): the condition of every join and correlated subquery between two
 * tenant tables. Co-located on a database distributed by account, and a row can only ever meet rows
 * of its own account. The account named as a constant on both tables is for Citus: it routes a
 * statement to one shard only when every table in it is filtered by a constant account, and does
 * not carry the outer statement's account through a correlation (decision 0276).
 */
export function sameAccount(scope: Scope, a: AccountKeyed, b: AccountKeyed, on?: SQL): SQL {
  return and(eq(a.accountId, b.accountId), inScope(scope, a), inScope(scope, b), on)!;
}

/**
 * `t.account_id = <the scope's account>`: a table's filter by the scope's account as a constant
 * (what `sameAccount` adds to both of its tables).
 */
export function inScope(scope: Scope, t: AccountKeyed): SQL {
  return eq(t.accountId, scope.accountId);
}

/** A test built here (`allExistSql`), to be asked inside a statement. */
export type Condition = SQL<boolean>;

/** All of them, as one condition. */
export function allOf(conditions: readonly Condition[]): Condition {
  return sql<boolean>`(${and(...conditions)})`;
}

/** Whether a condition built here (`allExistSql`, …) holds: one statement, no table of its own. */
export async function holds(ex: Executor, condition: SQL<boolean>): Promise<boolean> {
  const [row] = await ex.select({ ok: condition.mapWith(Boolean) }).from(sql`(select 1) as one`);
  return row?.ok === true;
}

/** `accounts.id = t.account_id`: the (global) account a tenant row belongs to, for a join to it. */
export function accountOf(t: AccountKeyed): SQL {
  return eq(accounts.id, t.accountId);
}

export interface ListOptions {
  where?: SQL | undefined;
  orderBy?: (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
  /** lock the rows read until the transaction ends */
  lock?: Lock;
}

/**
 * Values read beside each row of a list, in the same statement (`{patientCount: …}`): a correlated
 * subquery instead of a second round trip for the page's rows.
 */
export type Extras = Record<string, SQL>;
export type ExtraValues<X extends Extras> = { [K in keyof X]: X[K] extends SQL<infer V> ? V : never };
export type RowWith<T extends AccountTable, X extends Extras> = Row<T> & ExtraValues<X>;

/** The page of a list, with a condition it requires (its filters name rows of the account), asked in the count's statement. */
export interface PageOptions<X extends Extras> extends ListOptions {
  limit: number;
  offset: number;
  extras?: X;
  /** false: the page is refused (`allowed: false`), whatever rows it found */
  require?: SQL<boolean> | undefined;
}

/**
 * The scoped statements every table keyed by account shares (link tables and logs included):
 * select, list, count, insert, update and delete, each with `account_id = scope` added.
 */
export function scopedTable<T extends AccountTable>(table: T) {
  // Drizzle's builders cannot follow a generic table type; the casts stay inside this file.
  const t = table as unknown as PgTable & { id?: PgColumn; accountId: PgColumn; updatedAt?: PgColumn };
  const scoped = (scope: Scope, extra?: SQL) => and(eq(t.accountId, scope.accountId), extra)!;

  // A list's columns, their keys and decoders: the select list is written once, not per request.
  const columns = Object.entries(getTableColumns(t)) as [string, PgColumn][];
  const columnKeys = columns.map(([key]) => key);
  const columnDecoders: Decoder[] = columns.map(([, column]) => column);
  // The same with each timestamptz read as its ISO text (listTextTimes).
  const textTimeDecoders: Decoder[] = columns.map(([, column]) => (isDateTimestamptz(column) ? isoTimestampDecoder : column));
  const columnList = sql.join(
    columns.map(([, column]) => sql`${column}`),
    sql`, `,
  );

  /**
   * `select <columns>[, (extra)…] from t where <scope and where> [order by …] [limit] [offset]
   * [for lock]`, compiled by the platform (sql-compiler.ts); the rows as arrays, then each value
   * through its column's or extra's decoder.
   */
  async function selectRows(ex: Executor, scope: Scope, opts: ListOptions, extras: readonly SQL[]): Promise<unknown[][]> {
    const parts: SQL[] = [sql`select `, columnList];
    // Each extra under a name of its own: left unnamed, `(select "id" from …)` is a second output
    // column "id", and Citus's text for the shard orders by the bare "id", which is then ambiguous.
    extras.forEach((extra, i) => parts.push(sql`, (${extra}) as ${sql.identifier(`extra_${i}`)}`));
    parts.push(sql` from ${t} where ${scoped(scope, opts.where)}`);
    if (opts.orderBy?.length) parts.push(sql` order by ${sql.join(opts.orderBy, sql`, `)}`);
    if (opts.limit !== undefined) parts.push(sql` limit ${opts.limit}`);
    if (opts.offset !== undefined) parts.push(sql` offset ${opts.offset}`);
    if (opts.lock) parts.push(opts.lock === 'update' ? sql` for update` : sql` for share`);
    return runArrays(ex, sql.join(parts));
  }
  /** The values read beside each row (`extras`, in their order) and the keys and decoders of a whole row. */
  const rowShape = (extras: Extras | undefined, decoders = columnDecoders) => {
    const extraKeys = extras ? Object.keys(extras) : [];
    const extraSql = extraKeys.map((k) => extras![k]!);
    return {
      extraSql,
      keys: [...columnKeys, ...extraKeys],
      decoders: [...decoders, ...extraSql.map((extra) => (extra as unknown as { decoder: Decoder }).decoder)],
    };
  };

  /** Optional references to rows about to be deleted are cleared first (what SET NULL did; db/references.ts). */
  async function clearReferences(ex: Executor, scope: Scope, ids: SQL): Promise<void> {
    for (const ref of nullableReferencesTo(t)) {
      await ex
        .update(ref.table)
        .set({ [ref.key]: null })
        .where(and(eq(ref.accountId, scope.accountId), sql`${ref.column} in ${ids}`));
    }
  }

  return {
    table,
    /** The scope condition, with `extra`. */
    scoped,

    /** A join or correlated-subquery condition between this table and `other`: the scope's account on both, and `on`. */
    joined: (scope: Scope, other: AccountKeyed, on?: SQL): SQL => sameAccount(scope, other, t, on),

    /** `exists (select 1 from this where the scope's account, as outer's, and …)`: a correlated test in another table's query. */
    existsFor: (scope: Scope, outer: AccountKeyed, where?: SQL): SQL => sql`exists (select 1 from ${t} where ${sameAccount(scope, t, outer, where)})`,

    /** `(select column from this where the scope's account, as outer's, and …)`: one value for each row of another table's query. */
    valueFor: <V>(scope: Scope, outer: AccountKeyed, column: PgColumn | SQL, where?: SQL): SQL<V> =>
      sql<V>`(select ${column} from ${t} where ${sameAccount(scope, t, outer, where)})`,

    /**
     * A select of `fields` from this table in the scope, as Drizzle's own builder (joins, order,
     * grouping, limits and locks chain on). Join another tenant table with `.joined(it, on)`.
     */
    select<F extends SelectedFields>(ex: Executor, scope: Scope, fields: F, where?: SQL) {
      return ex.select(fields).from(t).where(scoped(scope, where)).$dynamic() as unknown as ScopedSelect<T, F>;
    },

    /** The same, each row once. */
    selectDistinct<F extends SelectedFields>(ex: Executor, scope: Scope, fields: F, where?: SQL) {
      return ex.selectDistinct(fields).from(t).where(scoped(scope, where)).$dynamic() as unknown as ScopedSelect<T, F>;
    },

    async list<X extends Extras = {}>(ex: Executor, scope: Scope, opts: ListOptions & { extras?: X } = {}): Promise<RowWith<T, X>[]> {
      if (!opts.extras) return mapRows(await selectRows(ex, scope, opts, []), columnKeys, columnDecoders);
      const shape = rowShape(opts.extras);
      return mapRows(await selectRows(ex, scope, opts, shape.extraSql), shape.keys, shape.decoders);
    },

    /** `list` with each timestamptz read as the ISO text an answer carries, no Date made (db/timestamp-text.ts, decision 0237). */
    async listTextTimes<X extends Extras = {}>(ex: Executor, scope: Scope, opts: ListOptions & { extras?: X } = {}): Promise<(WithTextTimes<Row<T>> & ExtraValues<X>)[]> {
      const shape = rowShape(opts.extras, textTimeDecoders);
      return mapRows(await selectRows(ex, scope, opts, shape.extraSql), shape.keys, shape.decoders);
    },

    async count(ex: Executor, scope: Scope, where?: SQL): Promise<number> {
      return ex.$count(t, scoped(scope, where));
    },

    /**
     * One page of the rows meeting `opts.where` in `opts.orderBy`, how many there are in all, and
     * whether `opts.require` holds, in ONE statement: the count and the requirement ride along each
     * row as uncorrelated subqueries (PostgreSQL evaluates them once). Only an empty page, which has
     * no row to carry them, asks them in a second statement (docs/decisions/0063).
     */
    async page<X extends Extras = {}>(ex: Executor, scope: Scope, opts: PageOptions<X>): Promise<{ items: RowWith<T, X>[]; total: number; allowed: boolean }> {
      const { require, extras, ...listOpts } = opts;
      const allowed = require ?? sql<boolean>`true`;
      const shape = rowShape(extras);
      // The count and the requirement are the last two values of each row, past the row's own.
      const tally = [sql`select count(*) from ${t} where ${scoped(scope, opts.where)}`, sql`select ${allowed}`];
      const raw = await selectRows(ex, scope, listOpts, [...shape.extraSql, ...tally]);
      const first = raw[0];
      if (!first) {
        const [row] = await ex
          .select({ total: sql<number>`count(*)`.mapWith(Number), allowed: allowed.mapWith(Boolean) })
          .from(t)
          .where(scoped(scope, opts.where));
        return { items: [], total: row?.total ?? 0, allowed: row?.allowed ?? true };
      }
      // The mapper reads only the row's own values: the two past them are left behind.
      const items = mapRows<RowWith<T, X>>(raw, shape.keys, shape.decoders);
      const width = first.length;
      return { items, total: Number(first[width - 2]), allowed: Boolean(first[width - 1]) };
    },

    async exists(ex: Executor, scope: Scope, where?: SQL): Promise<boolean> {
      const rows = await ex
        .select({ one: sql`1` })
        .from(t)
        .where(scoped(scope, where))
        .limit(1);
      return rows.length > 0;
    },

    async insertMany(ex: Executor, scope: Scope, rows: readonly NewRow<T>[], opts: { ignoreConflicts?: boolean } = {}): Promise<Row<T>[]> {
      if (rows.length === 0) return [];
      const q = ex.insert(t).values(rows.map((r) => ({ ...r, accountId: scope.accountId })) as never);
      return (await (opts.ignoreConflicts ? q.onConflictDoNothing() : q).returning()) as Row<T>[];
    },

    /**
     * `insert into this select …` for copies inside the account: `query` must come from this
     * table's (or another scoped table's) `select`, so it already carries the scope.
     */
    async insertFrom(ex: Executor, query: SQL | Parameters<ReturnType<Executor['insert']>['select']>[0]): Promise<void> {
      await ex
        .insert(t)
        .select(query as never)
        .onConflictDoNothing();
    },

    /** Updates the rows of the scope meeting `where`; answers how many changed. */
    async updateWhere(ex: Executor, scope: Scope, where: SQL | undefined, set: RowSet<T>): Promise<number> {
      const values: Record<string, unknown> = { ...set };
      delete values.accountId;
      delete values.id;
      if (t.updatedAt) values.updatedAt = new Date();
      const rows = await ex
        .update(t)
        .set(values as never)
        .where(scoped(scope, where))
        .returning({ one: sql`1` });
      return rows.length;
    },

    /**
     * Updates the rows of the scope meeting `where` and answers them as they now are: a counter
     * taken in one statement (`last_number = last_number + 1 … returning`), so the row lock it
     * takes orders two transactions and a rollback gives the value back.
     */
    async updateReturning(ex: Executor, scope: Scope, where: SQL | undefined, set: RowSet<T>): Promise<Row<T>[]> {
      const values: Record<string, unknown> = { ...set };
      delete values.accountId;
      delete values.id;
      if (t.updatedAt) values.updatedAt = new Date();
      return (await ex
        .update(t)
        .set(values as never)
        .where(scoped(scope, where))
        .returning()) as Row<T>[];
    },

    /** Deletes the rows of the scope meeting `where` (clearing optional references to them); answers how many went. */
    async removeWhere(ex: Executor, scope: Scope, where?: SQL): Promise<number> {
      if (t.id) await clearReferences(ex, scope, sql`(select ${t.id} from ${t} where ${scoped(scope, where)})`);
      const rows = await ex
        .delete(t)
        .where(scoped(scope, where))
        .returning({ one: sql`1` });
      return rows.length;
    },

    /** @internal the id-keyed repository builds on it */
    clearReferences,
  };
}

/**
 * The list/get/create/update/delete every tenant entity shares, typed by its table.
 * Feature repositories build on it and add their own queries.
 */
export function tenantRepository<T extends TenantTable>(table: T) {
  const base = scopedTable(table);
  const t = table as unknown as PgTable & { id: PgColumn; accountId: PgColumn; updatedAt?: PgColumn };
  const { scoped } = base;

  /** Every id names a row of this account, each also meeting `where` (no ids: true). */
  const allExistSql = (scope: Scope, ids: readonly string[], where?: SQL): SQL<boolean> => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return sql<boolean>`true`;
    return sql<boolean>`((select count(*) from ${t} where ${scoped(scope, and(idIn(t.id, unique), where))}) = ${unique.length})`;
  };

  return {
    ...base,

    async findById(ex: Executor, scope: Scope, id: string, opts: { lock?: Lock } = {}): Promise<Row<T> | undefined> {
      const [row] = await base.list(ex, scope, { where: eq(t.id, id), limit: 1, ...(opts.lock && { lock: opts.lock }) });
      return row as Row<T> | undefined;
    },

    /** Rows by id, optionally locked (always in id order, so two such writes never wait crosswise). */
    async findByIds(ex: Executor, scope: Scope, ids: readonly string[], opts: { lock?: Lock; where?: SQL } = {}): Promise<Row<T>[]> {
      if (ids.length === 0) return [];
      return base.list(ex, scope, { where: and(idIn(t.id, [...new Set(ids)]), opts.where), ...(opts.lock && { lock: opts.lock, orderBy: [t.id] }) });
    },

    /** The same test as an SQL condition, to be asked inside another statement (a page's count). */
    allExistSql,

    /** Whether every id names a row of this account (references sent by a client), each also meeting `where`. */
    async allExist(ex: Executor, scope: Scope, ids: readonly string[], where?: SQL): Promise<boolean> {
      if (ids.length === 0) return true;
      return holds(ex, allExistSql(scope, ids, where));
    },

    async insert(ex: Executor, scope: Scope, values: NewRow<T>): Promise<Row<T>> {
      const rows = await ex
        .insert(t)
        .values({ ...values, accountId: scope.accountId } as never)
        .returning();
      return rows[0] as Row<T>;
    },

    async update(ex: Executor, scope: Scope, id: string, patch: RowSet<T>): Promise<Row<T> | undefined> {
      const values: Record<string, unknown> = { ...patch };
      delete values.accountId;
      delete values.id;
      if (t.updatedAt) values.updatedAt = new Date();
      if (Object.keys(values).length === 0) return this.findById(ex, scope, id);
      const rows = await ex
        .update(t)
        .set(values as never)
        .where(scoped(scope, eq(t.id, id)))
        .returning();
      return rows[0] as Row<T> | undefined;
    },

    /** Deletes a row; the optional references to it are cleared first (db/references.ts). Run it in a transaction. */
    async remove(ex: Executor, scope: Scope, id: string): Promise<boolean> {
      await base.clearReferences(ex, scope, sql`(${id}::uuid)`);
      const rows = await ex
        .delete(t)
        .where(scoped(scope, eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}

export type TenantRepository<T extends TenantTable> = ReturnType<typeof tenantRepository<T>>;

// Reads and claims across every account, deliberately named, live beside this kit: tenant-across-accounts.ts.
export { acrossAccounts } from './tenant-across-accounts.js';
