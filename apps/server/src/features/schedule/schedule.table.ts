import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

/** A bookable window at a location. Service ids are an array: a slot is read far more than written. */
export const scheduleSlots = pgTable(
  'schedule_slots',
  {
    ...tenantKey(),
    locationId: locationRef(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    serviceIds: uuid().array().notNull().default([]),
    capacity: integer().notNull().default(1),
    seriesId: uuid(),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('schedule_slots', t),
    tenantReference('schedule_slots', t, t.createdById, users),
    index().on(t.accountId, t.locationId, t.startAt),
    index().on(t.accountId, t.seriesId, t.startAt),
  ],
);

/** A note on a local day of a location's calendar, optionally about one provider. */
export const scheduleNotes = pgTable(
  'schedule_notes',
  {
    ...tenantKey(),
    locationId: locationRef(),
    date: date().notNull(),
    providerId: uuid(),
    text: text().notNull(),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('schedule_notes', t),
    tenantReference('schedule_notes', t, t.providerId, users, 'cascade'),
    tenantReference('schedule_notes', t, t.createdById, users),
    index().on(t.accountId, t.locationId, t.date),
  ],
);
