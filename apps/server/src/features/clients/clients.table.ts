import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

export const clients = pgTable(
  'clients',
  {
    ...tenantKey(),
    locationId: locationRef(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text(),
    alternatePhone: text(),
    address: text(),
    notes: text(),
    primaryVeterinarianId: uuid(),
    /** set while archived: kept with their history, left out of lists, search and pickers (docs/decisions/0059) */
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
    /**
     * What the as-you-type search matches: names, email and the digits of each phone with no
     * spaces between them, so "555 0142" and "530-555-0142" both find "+1 (530) 555-0142".
     * Kept by the database, indexed by trigrams.
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, '')) || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(alternate_phone, ''), '[^0-9]', '', 'g')`,
      ),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('clients', t),
    tenantReference('clients', t, t.primaryVeterinarianId, users),
    // The list's order (firstName) per location, and the substring search.
    // account_id first, archived_at last: the count of a location's clients (archived ones left
    // out) is then answered from the index alone.
    index('clients_account_location_first_name').on(
      t.accountId,
      t.locationId,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
      t.archivedAt,
    ),
    index('clients_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The search box's order over all the account's locations (search.service.ts, the pickers):
    // a word of one or two letters matches nearly every client, and this index lets PostgreSQL
    // read them in the answer's order and stop at the first few instead of sorting them all
    // (decision 0239). Archived clients are never offered there.
    index('clients_account_name')
      .on(t.accountId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    uniqueIndex('clients_location_email_unique')
      .on(t.accountId, t.locationId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);
