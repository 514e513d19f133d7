import { date, index, integer, pgTable, text, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { patients } from '../patients/patients.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

/** Columns every patient care record shares: whose, where, and by whom. */
const careColumns = () => ({
  ...tenantKey(),
  locationId: locationRef(),
  patientId: uuid().notNull(),
  clientId: uuid().notNull(),
  ...timestamps(),
});

type CareKeys = { id: PgColumn; accountId: PgColumn; locationId: PgColumn; patientId: PgColumn; clientId: PgColumn };

/** The keys and indexes every care table shares: the clinical record never goes with its location, patient or client (decision 0155). */
const careConstraints = (table: string, t: CareKeys) => [
  tenantPrimaryKey(t),
  locationReference(table, t, 'no action'),
  tenantReference(table, t, t.patientId, patients),
  tenantReference(table, t, t.clientId, clients),
  index().on(t.accountId, t.patientId),
  index().on(t.accountId, t.clientId),
];

export const prescriptions = pgTable(
  'prescriptions',
  {
    ...careColumns(),
    drug: text().notNull(),
    dose: text().notNull(),
    frequency: text().notNull(),
    quantity: text().notNull(),
    refills: integer().notNull().default(0),
    prescriberId: uuid(),
    prescribedOn: date().notNull(),
    expiresOn: date(),
    instructions: text(),
  },
  (t) => [
    ...careConstraints('prescriptions', t),
    tenantReference('prescriptions', t, t.prescriberId, users),
    index().on(t.accountId, t.locationId, t.prescribedOn),
  ],
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
    providerId: uuid(),
    notes: text(),
  },
  (t) => [
    ...careConstraints('vaccinations', t),
    tenantReference('vaccinations', t, t.providerId, users),
    index().on(t.accountId, t.locationId, t.nextDueOn),
  ],
);
