import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../features/accounts/accounts.table.js';

/**
 * The first columns of every tenant table: its id and the account it belongs to, which scopes every
 * statement and is the key the tables are sharded by. A function, so each table gets its own builders.
 */
export const tenantKey = () => ({
  id: uuid().primaryKey().defaultRandom(),
  accountId: uuid()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
});

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
