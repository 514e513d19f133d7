import { boolean, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { locations } from '../locations/locations.table.js';

export const addOnCategories = pgTable(
  'add_on_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.locationId, t.name)],
);

export interface AddOnOptionRow {
  name: string;
  choices: string[];
}

export const addOns = pgTable(
  'add_ons',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** always the category's location; kept here so lists by location need no join */
    locationId: uuid()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    categoryId: uuid()
      .notNull()
      .references(() => addOnCategories.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    description: text(),
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    options: jsonb().$type<AddOnOptionRow[]>().notNull().default([]),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.locationId, t.name), index().on(t.accountId, t.categoryId)],
);
