import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';

export const locations = pgTable(
  'locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    timezone: text().notNull(),
    isActive: boolean().notNull().default(true),
    address: text(),
    phone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId), uniqueIndex('locations_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

/** Reference data shared by every account: the catalogue locations pick their species from. */
export const species = pgTable('species', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
});

export const locationSpecies = pgTable(
  'location_species',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    speciesId: uuid()
      .notNull()
      .references(() => species.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.speciesId] }), index().on(t.accountId)],
);
