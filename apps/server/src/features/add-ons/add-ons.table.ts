import { boolean, index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

export const addOnCategories = pgTable(
  'add_on_categories',
  {
    ...tenantKey(),
    locationId: locationRef(),
    name: text().notNull(),
    description: text(),
    active: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [tenantPrimaryKey(t), locationReference('add_on_categories', t), index().on(t.accountId, t.locationId, t.name)],
);

export interface AddOnOptionRow {
  name: string;
  choices: string[];
}

export const addOns = pgTable(
  'add_ons',
  {
    ...tenantKey(),
    /** always the category's location; kept here so lists by location need no join */
    locationId: locationRef(),
    categoryId: uuid().notNull(),
    name: text().notNull(),
    description: text(),
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    options: jsonb().$type<AddOnOptionRow[]>().notNull().default([]),
    active: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('add_ons', t),
    tenantReference('add_ons', t, t.categoryId, addOnCategories, 'restrict'),
    index().on(t.accountId, t.locationId, t.name),
    index().on(t.accountId, t.categoryId),
  ],
);

/** Add-ons refer to their category; a delete and an add-on created in it at once meet on this key. */
export const CATEGORY_REFERENCE = 'add_ons_category_id_fk';
