import { sql } from 'drizzle-orm';
import { boolean, foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

export const locations = pgTable(
  'locations',
  {
    ...tenantKey(),
    name: text().notNull(),
    timezone: text().notNull(),
    isActive: boolean().notNull().default(true),
    address: text(),
    phone: text(),
    /** the letterhead logo printed on PDFs: where document storage keeps it, and its type */
    logoStorageKey: text(),
    logoContentType: text(),
    ...timestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('locations_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

/** A row's location column; pair it with `locationReference`. */
export const locationRef = () => uuid().notNull();

/**
 * A row's location: records go when their location goes, but for the books' and the law's (invoices,
 * payments, signed forms, care records: `'no action'`), whose location can never go (decision 0155).
 */
export const locationReference = (table: string, t: { accountId: PgColumn; locationId: PgColumn }, onDelete: 'cascade' | 'no action' = 'cascade') =>
  tenantReference(table, t, t.locationId, locations, onDelete);

/** Reference data shared by every account: the catalogue locations pick their species from. */
export const species = pgTable('species', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
});

export const locationSpecies = pgTable(
  'location_species',
  {
    accountId: accountColumn(),
    locationId: locationRef(),
    speciesId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.locationId, t.speciesId] }),
    locationReference('location_species', t),
    // species are global (a reference table on a sharded database): a plain key
    foreignKey({ name: 'location_species_species_id_fk', columns: [t.speciesId], foreignColumns: [species.id] }).onDelete('cascade'),
  ],
);
