import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { locationRef } from '../locations/locations.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

export const users = pgTable(
  'users',
  {
    ...tenantKey(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  // Sign-in is by email alone, so an email names one user across all accounts.
  (t) => [index().on(t.accountId), uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const userLocations = pgTable(
  'user_locations',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: locationRef(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] }), index().on(t.accountId), index().on(t.locationId)],
);
