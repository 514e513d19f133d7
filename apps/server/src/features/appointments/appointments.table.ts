import { bigserial, boolean, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { addOns } from '../add-ons/add-ons.table.js';
import { clients } from '../clients/clients.table.js';
import { locationRef } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

/**
 * Patients and services are id arrays: the calendar reads a week of appointments far more often
 * than they change, and arrays answer it without joins; the patient array has a GIN index for the
 * overlap check. Services in use cannot be deleted; a deleted patient is removed from the arrays.
 */
export const appointments = pgTable(
  'appointments',
  {
    ...tenantKey(),
    locationId: locationRef(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    patientIds: uuid().array().notNull().default([]),
    serviceIds: uuid().array().notNull().default([]),
    primaryProviderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    secondaryProviderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    status: text().notNull(),
    address: text(),
    notes: text(),
    cancellationReason: text(),
    overlapReason: text(),
    source: text().notNull().default('staff'),
    requestedTimes: jsonb().$type<string[]>().notNull().default([]),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // the calendar range and the list by location
    index().on(t.accountId, t.locationId, t.startAt),
    // overlap checks per provider
    index().on(t.accountId, t.primaryProviderId, t.startAt),
    index().on(t.accountId, t.secondaryProviderId, t.startAt),
    // the Pending badge
    index().on(t.accountId, t.status, t.locationId),
    index().on(t.accountId, t.clientId, t.startAt),
    index().using('gin', t.patientIds),
  ],
);

/** Append-only: who moved an appointment from which status to which, when, and why. */
export const appointmentStatusChanges = pgTable(
  'appointment_status_changes',
  {
    ...tenantKey(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    note: text(),
    /** a correction of a finished appointment (docs/decisions/0026); note holds its reason */
    correction: boolean().notNull().default(false),
    changedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.appointmentId, t.changedAt)],
);

/** An add-on on an appointment; its name and price are copied so later catalogue edits leave it be. */
export const appointmentAddOns = pgTable(
  'appointment_add_ons',
  {
    ...tenantKey(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    addOnId: uuid().references(() => addOns.id, { onDelete: 'set null' }),
    name: text().notNull(),
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    values: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.appointmentId)],
);

/** Public booking requests, counted per IP and per location for the rate limit. */
export const bookingRequestLog = pgTable(
  'booking_request_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: locationRef(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ip, t.createdAt), index().on(t.locationId, t.createdAt)],
);
