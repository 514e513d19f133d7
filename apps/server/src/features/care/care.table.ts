import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { locationRef } from '../locations/locations.table.js';
import { patients } from '../patients/patients.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

/** Columns every patient care record shares: whose, where, and by whom. */
const careColumns = () => ({
  ...tenantKey(),
  locationId: locationRef(),
  patientId: uuid()
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' }),
  clientId: uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  ...timestamps(),
});

export const prescriptions = pgTable(
  'prescriptions',
  {
    ...careColumns(),
    drug: text().notNull(),
    dose: text().notNull(),
    frequency: text().notNull(),
    quantity: text().notNull(),
    refills: integer().notNull().default(0),
    prescriberId: uuid().references(() => users.id, { onDelete: 'set null' }),
    prescribedOn: date().notNull(),
    expiresOn: date(),
    instructions: text(),
  },
  (t) => [index().on(t.accountId), index().on(t.patientId), index().on(t.clientId), index().on(t.locationId, t.prescribedOn)],
);

export const vaccinations = pgTable(
  'vaccinations',
  {
    ...careColumns(),
    vaccine: text().notNull(),
    givenOn: date().notNull(),
    nextDueOn: date(),
    lotNumber: text(),
    serialNumber: text(),
    providerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    notes: text(),
  },
  (t) => [index().on(t.accountId), index().on(t.patientId), index().on(t.clientId), index().on(t.locationId, t.nextDueOn)],
);
