import { bigserial, boolean, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { addOns } from '../add-ons/add-ons.table.js';
import { clients } from '../clients/clients.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

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
    clientId: uuid().notNull(),
    patientIds: uuid().array().notNull().default([]),
    serviceIds: uuid().array().notNull().default([]),
    primaryProviderId: uuid(),
    secondaryProviderId: uuid(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    status: text().notNull(),
    address: text(),
    notes: text(),
    cancellationReason: text(),
    overlapReason: text(),
    source: text().notNull().default('staff'),
    /** an online request's owner confirmed their address (the emailed link, token kind onlineBooking) */
    emailConfirmedAt: timestamp({ withTimezone: true }),
    requestedTimes: jsonb().$type<string[]>().notNull().default([]),
    /** the aftercare the family chose: CREMATION_TYPES and ASHES_DISPOSITIONS; null until chosen */
    cremationType: text(),
    ashesDisposition: text(),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('appointments', t),
    tenantReference('appointments', t, t.clientId, clients, 'cascade'),
    tenantReference('appointments', t, t.primaryProviderId, users),
    tenantReference('appointments', t, t.secondaryProviderId, users),
    tenantReference('appointments', t, t.createdById, users),
    // the calendar range and the list by location; the status last, so analytics counts a
    // year of appointments by day and status from the index alone (decision 0269)
    index().on(t.accountId, t.locationId, t.startAt, t.status),
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
    appointmentId: uuid().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    note: text(),
    /** a correction of a finished appointment (docs/decisions/0026); note holds its reason */
    correction: boolean().notNull().default(false),
    changedById: uuid(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('appointment_status_changes', t, t.appointmentId, appointments, 'cascade'),
    tenantReference('appointment_status_changes', t, t.changedById, users),
    index().on(t.accountId, t.appointmentId, t.changedAt),
  ],
);

/** An add-on on an appointment; its name and price are copied so later catalogue edits leave it be. */
export const appointmentAddOns = pgTable(
  'appointment_add_ons',
  {
    ...tenantKey(),
    appointmentId: uuid().notNull(),
    addOnId: uuid(),
    name: text().notNull(),
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    values: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('appointment_add_ons', t, t.appointmentId, appointments, 'cascade'),
    tenantReference('appointment_add_ons', t, t.addOnId, addOns),
    index().on(t.accountId, t.appointmentId),
    index().on(t.accountId, t.addOnId),
  ],
);

/** Public booking requests, counted per IP and per location for the rate limit. */
export const bookingRequestLog = pgTable(
  'booking_request_log',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    accountId: accountColumn(),
    locationId: locationRef(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    locationReference('booking_request_log', t),
    index().on(t.ip, t.createdAt),
    index().on(t.accountId, t.locationId, t.createdAt),
  ],
);

/**
 * The booking page's form tokens already used: a token admits one request (docs/decisions/0052).
 * Its id is inserted in the transaction of the request it admits, so of two requests with one
 * token exactly one commits; the row is kept until the token would have expired anyway.
 */
export const bookingFormUses = pgTable(
  'booking_form_uses',
  {
    accountId: accountColumn(),
    /** the token's random id (signed with it, so only the server can have made it) */
    tokenId: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tokenId] }), index().on(t.expiresAt)],
);
