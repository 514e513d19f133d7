import { sql } from 'drizzle-orm';
import { boolean, date, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { locationRef, species } from '../locations/locations.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

export const patients = pgTable(
  'patients',
  {
    ...tenantKey(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** the client's location, kept here so location lists need no join */
    locationId: locationRef(),
    name: text().notNull(),
    speciesId: uuid()
      .notNull()
      .references(() => species.id),
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
    ...timestamps(),
  },
  (t) => [
    index().on(t.accountId),
    index().on(t.clientId),
    index('patients_account_location_name').on(t.accountId, t.locationId, sql`lower(${t.name})`, t.id),
    index('patients_account_name_prefix').on(t.accountId, sql`lower(${t.name}) text_pattern_ops`),
    index('patients_account_microchip').on(t.accountId, t.microchip),
    index('patients_deceased').on(t.accountId, t.deceasedOn),
  ],
);
