import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export interface NullableReference {
  table: PgTable;
  /** the referring column's property name (for `.set`) and the column itself */
  key: string;
  column: PgColumn;
  accountId: PgColumn;
}

let byTarget: Map<PgTable, NullableReference[]> | undefined;

/**
 * The optional references to a tenant table: a nullable column in a composite
 * `(account_id, x_id) → (account_id, id)` key without a delete action. They are what
 * `ON DELETE SET NULL` used to clear; a database sharded by account refuses that action on a key
 * holding the distribution column, so the tenant repository clears them itself, in the delete's
 * transaction, just before the row goes (docs/decisions/0042). Read from the schema, so a new
 * optional reference is cleared without anyone remembering to.
 */
export function nullableReferencesTo(target: PgTable): NullableReference[] {
  byTarget ??= collect();
  return byTarget.get(target) ?? [];
}

function collect(): Map<PgTable, NullableReference[]> {
  const map = new Map<PgTable, NullableReference[]>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    // The key's columns are the extra-config copies of the table's: match them by name.
    const columns: Record<string, PgColumn> = getTableColumns(table);
    const accountId = columns.accountId;
    if (!accountId) continue;
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      if (ref.columns.length !== 2 || ref.columns[0]!.name !== accountId.name) continue;
      const key = Object.keys(columns).find((k) => columns[k]!.name === ref.columns[1]!.name)!;
      const column = columns[key]!;
      if (column.notNull || (fk.onDelete && fk.onDelete !== 'no action')) continue;
      const list = map.get(ref.foreignTable) ?? [];
      list.push({ table, key, column, accountId });
      map.set(ref.foreignTable, list);
    }
  }
  return map;
}
