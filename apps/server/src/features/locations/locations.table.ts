import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

export const locations = pgTable(
  'locations',
  {
    ...tenantKey(),
    name: text().notNull(),
    timezone: text().notNull(),
    isActive: boolean().notNull().default(true),
    address: text(),
    phone: text(),
    ...timestamps(),
  },
  (t) => [index().on(t.accountId), uniqueIndex('locations_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

/** A row's location: records go when their location goes. */
export const locationRef = () =>
  uuid()
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' });

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
    locationId: locationRef(),
    speciesId: uuid()
      .notNull()
      .references(() => species.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.speciesId] }), index().on(t.accountId)],
);
