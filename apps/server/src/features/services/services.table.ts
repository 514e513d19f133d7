import { index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

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
  (t) => [tenantPrimaryKey(t), locationReference('services', t), index().on(t.accountId, t.locationId, t.type)],
);

/** Which provider offers which service: a provider's availability is kept per service. */
export const veterinarianServices = pgTable(
  'veterinarian_services',
  {
    accountId: accountColumn(),
    veterinarianId: uuid().notNull(),
    serviceId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.veterinarianId, t.serviceId] }),
    tenantReference('veterinarian_services', t, t.veterinarianId, users, 'cascade'),
    tenantReference('veterinarian_services', t, t.serviceId, services, 'cascade'),
    index().on(t.accountId, t.serviceId),
  ],
);

/**
 * Which slot start times a provider is available for: a provider's availability is also kept per
 * start time of the account, which every slot starting then shares.
 */
export const veterinarianSlotAvailability = pgTable(
  'veterinarian_slot_availability',
  {
    accountId: accountColumn(),
    veterinarianId: uuid().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'veterinarian_slot_availability_pk', columns: [t.accountId, t.veterinarianId, t.startAt] }),
    tenantReference('veterinarian_slot_availability', t, t.veterinarianId, users, 'cascade'),
    index().on(t.accountId, t.startAt),
  ],
);
