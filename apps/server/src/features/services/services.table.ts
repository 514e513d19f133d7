import { index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { locationRef } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

export const services = pgTable(
  'services',
  {
    ...tenantKey(),
    locationId: locationRef(),
    type: text().notNull(),
    name: text().notNull(),
    /** minutes */
    duration: integer().notNull(),
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    active: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [index().on(t.accountId, t.locationId, t.type)],
);

/** Which provider offers which service (SPEC §3: availability per service). */
export const veterinarianServices = pgTable(
  'veterinarian_services',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    veterinarianId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.veterinarianId, t.serviceId] }), index().on(t.accountId, t.serviceId)],
);

/** Which slot start times a provider is available for (SPEC §3: availability per slot start time). */
export const veterinarianSlotAvailability = pgTable(
  'veterinarian_slot_availability',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    veterinarianId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.veterinarianId, t.startAt] }), index().on(t.accountId, t.startAt)],
);
