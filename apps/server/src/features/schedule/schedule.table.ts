import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { locations } from '../locations/locations.table.js';
import { users } from '../users/users.table.js';

/** A bookable window at a location. Service ids are an array: a slot is read far more than written. */
export const scheduleSlots = pgTable(
  'schedule_slots',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    serviceIds: uuid().array().notNull().default([]),
    capacity: integer().notNull().default(1),
    seriesId: uuid(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.locationId, t.startAt), index().on(t.accountId, t.seriesId, t.startAt)],
);

/** A note on a local day of a location's calendar, optionally about one provider. */
export const scheduleNotes = pgTable(
  'schedule_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    providerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.locationId, t.date)],
);
