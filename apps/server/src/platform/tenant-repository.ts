// Security-critical: tenant scoping. Every read and write of a tenant table goes through here,
// so a row of another account can never be read, changed or deleted: the account_id always
// comes from the caller's session scope, never from the request.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { nullableReferencesTo } from '../db/references.js';

export type TenantTable = PgTable & { id: PgColumn; accountId: PgColumn; $inferSelect: object; $inferInsert: object };

/** Whose data a call may touch: always built from the session. */
export interface Scope {
  readonly accountId: string;
}

export type Row<T extends TenantTable> = T['$inferSelect'];
export type NewRow<T extends TenantTable> = Omit<T['$inferInsert'], 'accountId' | 'id'>;
export type RowPatch<T extends TenantTable> = Partial<NewRow<T>>;

/**
 * `column = any($1::uuid[])`: one parameter however many ids. A page of a week's appointments looks
 * up hundreds of clients and patients; as an IN list each id is a parameter to build and plan.
 */
export function idIn(column: PgColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}

export interface ListOptions {
  where?: SQL | undefined;
  orderBy?: (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
}

/**
 * The list/get/create/update/delete every tenant entity shares, typed by its table.
 * Feature repositories build on it and add their own queries.
 */
export function tenantRepository<T extends TenantTable>(table: T) {
  // Drizzle's builders cannot follow a generic table type; the casts stay inside this file.
  const t = table as unknown as PgTable & { id: PgColumn; accountId: PgColumn; updatedAt?: PgColumn };
  const scoped = (scope: Scope, extra?: SQL) => and(eq(t.accountId, scope.accountId), extra)!;

  return {
    table,
    /** The scope condition, for feature queries that join or filter further. */
    scoped,

    async findById(ex: Executor, scope: Scope, id: string): Promise<Row<T> | undefined> {
      const rows = await ex.select().from(t).where(scoped(scope, eq(t.id, id))).limit(1);
      return rows[0] as Row<T> | undefined;
    },

    async list(ex: Executor, scope: Scope, opts: ListOptions = {}): Promise<Row<T>[]> {
      let q = ex.select().from(t).where(scoped(scope, opts.where)).$dynamic();
      if (opts.orderBy?.length) q = q.orderBy(...opts.orderBy);
      if (opts.limit !== undefined) q = q.limit(opts.limit);
      if (opts.offset !== undefined) q = q.offset(opts.offset);
      return (await q) as Row<T>[];
    },

    async count(ex: Executor, scope: Scope, where?: SQL): Promise<number> {
      return ex.$count(t, scoped(scope, where));
    },

    /** Whether every id names a row of this account (references sent by a client), each also meeting `where`. */
    async allExist(ex: Executor, scope: Scope, ids: readonly string[], where?: SQL): Promise<boolean> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return true;
      return (await ex.$count(t, scoped(scope, and(idIn(t.id, unique), where)))) === unique.length;
    },

    async insert(ex: Executor, scope: Scope, values: NewRow<T>): Promise<Row<T>> {
      const rows = await ex
        .insert(t)
        .values({ ...values, accountId: scope.accountId } as never)
        .returning();
      return rows[0] as Row<T>;
    },

    async update(ex: Executor, scope: Scope, id: string, patch: RowPatch<T>): Promise<Row<T> | undefined> {
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
      for (const ref of nullableReferencesTo(t)) {
        await ex
          .update(ref.table)
          .set({ [ref.key]: null })
          .where(and(eq(ref.accountId, scope.accountId), eq(ref.column, id)));
      }
      const rows = await ex
        .delete(t)
        .where(scoped(scope, eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}

export type TenantRepository<T extends TenantTable> = ReturnType<typeof tenantRepository<T>>;
