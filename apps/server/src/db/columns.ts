import { foreignKey, primaryKey, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { accounts } from '../features/accounts/accounts.table.js';

/**
 * The first columns of every tenant table: its id and the account it belongs to, which scopes every
 * statement and is the key the tables are distributed by. A function, so each table gets its own
 * builders. The primary key is `(account_id, id)` (see `tenantPrimaryKey`): on a PostgreSQL sharded
 * by account the distribution column must be part of every primary key, unique constraint and
 * foreign key between tenant tables (docs/decisions/0042).
 */
export const tenantKey = () => ({
  id: uuid().notNull().defaultRandom(),
  accountId: accountColumn(),
});

/** `account_id` alone: link tables and logs that have no uuid id of their own. */
export const accountColumn = () =>
  uuid()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const tenantPrimaryKey = (t: { accountId: PgColumn; id: PgColumn }) => primaryKey({ columns: [t.accountId, t.id] });

interface Keyed {
  accountId: PgColumn;
  id: PgColumn;
}

/**
 * A reference from one tenant table to another: `(account_id, column) → (account_id, id)`, so a
 * row can never point at another account's row, whatever the code above it does. The constraint
 * is named `<table>_<column>_fk` (Drizzle's own names outgrow PostgreSQL's 63 characters).
 *
 * `ON DELETE SET NULL` is deliberately not offered: a distributed PostgreSQL refuses it on a key
 * that includes the distribution column. The service that deletes the referenced row clears the
 * references first, in the delete's transaction.
 */
export function tenantReference(
  table: string,
  from: { accountId: PgColumn },
  column: PgColumn,
  to: Keyed,
  onDelete: 'cascade' | 'restrict' | 'no action' = 'no action',
) {
  return foreignKey({
    name: `${table}_${snakeCase(column.name)}_fk`,
    columns: [from.accountId, column],
    foreignColumns: [to.accountId, to.id],
  }).onDelete(onDelete);
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
