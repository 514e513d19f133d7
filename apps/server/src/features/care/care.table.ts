import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { clients } from '../clients/clients.table.js';
import { locations } from '../locations/locations.table.js';
import { patients } from '../patients/patients.table.js';
import { users } from '../users/users.table.js';

/** Columns every patient care record shares: whose, where, and by whom. */
const careColumns = () => ({
  id: uuid().primaryKey().defaultRandom(),
  accountId: uuid()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  locationId: uuid()
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  patientId: uuid()
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' }),
  clientId: uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
