import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { locationRef, locationReference, species } from '../locations/locations.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

export const patients = pgTable(
  'patients',
  {
    ...tenantKey(),
    clientId: uuid().notNull(),
    /** the client's location, kept here so location lists need no join */
    locationId: locationRef(),
    name: text().notNull(),
    speciesId: uuid().notNull(),
    breed: text(),
    sex: text().notNull().default('unknown'),
    neutered: boolean().notNull().default(false),
    dateOfBirth: date(),
    weightKg: numeric({ precision: 7, scale: 2, mode: 'number' }),
    microchip: text(),
    colour: text(),
    alerts: text().array().notNull().default([]),
    notes: text(),
    /** set when the patient has died: automations must never message about them */
    deceasedOn: date(),
    deceasedNote: text(),
    /**
     * set while archived: kept with their history, left out of lists, search and pickers. A
     * patient archived with their client carries the client's archived_at, so restoring the
     * client brings back those patients and not ones archived on their own (docs/decisions/0059).
     */
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('patients', t, t.clientId, clients, 'cascade'),
    locationReference('patients', t),
    // species are global (a reference table on a sharded database): a plain key
    foreignKey({ name: 'patients_species_id_fk', columns: [t.speciesId], foreignColumns: [species.id] }),
    index().on(t.accountId, t.clientId),
    // archived_at last: a location's count with archived patients left out is answered from the index alone.
    index('patients_account_location_name').on(t.accountId, t.locationId, sql`lower(${t.name})`, t.id, t.archivedAt),
    index('patients_account_name_prefix').on(t.accountId, sql`lower(${t.name}) text_pattern_ops`),
    // The global search's names by prefix in byte order: a prefix is a range of it, read in the
    // answer's order (decision 0291). Archived patients are never offered there.
    index('patients_account_name_search')
      .on(t.accountId, sql`(lower(${t.name}) collate "C")`, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('patients_account_microchip').on(t.accountId, t.microchip),
    index('patients_deceased').on(t.accountId, t.deceasedOn),
  ],
);
