import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locationRef } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, timestamps } from '../../db/columns.js';

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
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index().on(t.accountId, t.locationId, t.startAt), index().on(t.accountId, t.seriesId, t.startAt)],
);

/** A note on a local day of a location's calendar, optionally about one provider. */
export const scheduleNotes = pgTable(
  'schedule_notes',
  {
    ...tenantKey(),
    locationId: locationRef(),
    date: date().notNull(),
    providerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index().on(t.accountId, t.locationId, t.date)],
);
