// Security-critical: tenant scoping. Link tables (a user's roles) and child tables (an invoice's
// items): sets of rows written and read as a whole through the scoped builders of
// tenant-repository.ts, so every statement they make is still built, and scoped to the caller's
// account, there. Apart from it because they add no scoping of their own: nothing here compares
// account_id or reaches a table without those builders (test/tenant-rules.test.ts holds both).
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { idIn, scopedTable, tenantRepository, type AccountTable, type NewRow, type Row, type Scope, type TenantTable } from './tenant-repository.js';

/**
 * A link table of the account (a user's roles, a location's species): rows of (owner, other),
 * replaced as a set, added and removed one by one.
 */
export function linkTable<T extends AccountTable>(table: T, ownerColumn: PgColumn, otherColumn: PgColumn) {
  const base = scopedTable(table);
  const key = (column: PgColumn) => Object.entries(table as unknown as Record<string, unknown>).find(([, c]) => c === column)![0];
  const ownerKey = key(ownerColumn);
  const otherKey = key(otherColumn);
  const row = (ownerId: string, otherId: string) => ({ [ownerKey]: ownerId, [otherKey]: otherId }) as unknown as NewRow<T>;

  return {
    ...base,

    /** The owner's links become exactly `otherIds`. */
    async replace(ex: Executor, scope: Scope, ownerId: string, otherIds: readonly string[]): Promise<void> {
      await base.removeWhere(ex, scope, eq(ownerColumn, ownerId));
      await base.insertMany(
        ex,
        scope,
        [...new Set(otherIds)].map((id) => row(ownerId, id)),
      );
    },

    async add(ex: Executor, scope: Scope, ownerId: string, otherId: string): Promise<void> {
      await base.insertMany(ex, scope, [row(ownerId, otherId)], { ignoreConflicts: true });
    },

    async remove(ex: Executor, scope: Scope, ownerId: string, otherId: string): Promise<void> {
      await base.removeWhere(ex, scope, and(eq(ownerColumn, ownerId), eq(otherColumn, otherId)));
    },

    /** The links of these owners (all of the account's when `ownerIds` is omitted). */
    async of(ex: Executor, scope: Scope, ownerIds?: readonly string[]): Promise<{ ownerId: string; otherId: string }[]> {
      if (ownerIds?.length === 0) return [];
      const rows = await base.select(
        ex,
        scope,
        { ownerId: sql<string>`${ownerColumn}`, otherId: sql<string>`${otherColumn}` },
        ownerIds ? idIn(ownerColumn, [...new Set(ownerIds)]) : undefined,
      );
      return rows;
    },
  };
}

/**
 * The child rows of a header (an invoice's items): written with the header, in its transaction,
 * always as the whole set; read back grouped by header.
 */
export function childTable<T extends TenantTable>(table: T, parentColumn: PgColumn) {
  const base = tenantRepository(table);
  const parentKey = Object.entries(table as unknown as Record<string, unknown>).find(([, c]) => c === parentColumn)![0];
  const t = table as unknown as PgTable & { id: PgColumn; position?: PgColumn };
  // Ids are random: a `position` column (required of a child table) keeps the order rows were sent in.
  if (!t.position) throw new Error(`${getTableName(t)}: a child table needs a position column`);
  const position = t.position;

  return {
    ...base,

    /** The header's children become exactly `rows` (in their order); answers the rows written. */
    async replace(ex: Executor, scope: Scope, parentId: string, rows: readonly ChildRow<T>[]): Promise<Row<T>[]> {
      await base.removeWhere(ex, scope, eq(parentColumn, parentId));
      return base.insertMany(
        ex,
        scope,
        rows.map((r, i) => ({ ...r, [parentKey]: parentId, position: i }) as unknown as NewRow<T>),
      );
    },

    async removeAll(ex: Executor, scope: Scope, parentId: string): Promise<void> {
      await base.removeWhere(ex, scope, eq(parentColumn, parentId));
    },

    /** The children of these headers, grouped by header, each group in the order it was written. */
    async of(ex: Executor, scope: Scope, parentIds: readonly string[]): Promise<Map<string, Row<T>[]>> {
      const groups = new Map<string, Row<T>[]>(parentIds.map((id) => [id, []]));
      if (parentIds.length === 0) return groups;
      const rows = await base.list(ex, scope, { where: idIn(parentColumn, [...new Set(parentIds)]), orderBy: [parentColumn, position] });
      for (const row of rows) groups.get((row as Record<string, string>)[parentKey]!)?.push(row);
      return groups;
    },
  };
}
/** A child row as its feature writes it: the header's id and the position are filled in by `childTable.replace`. */
export type ChildRow<T extends AccountTable> = Partial<NewRow<T>>;
export type ChildTable<T extends TenantTable = TenantTable> = ReturnType<typeof childTable<T>>;
