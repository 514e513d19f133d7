import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { tenantKey, tenantPrimaryKey, timestamps } from '../../db/columns.js';

/**
 * A cremation price by the pet's weight, per location and cremation type: the band holds weights
 * w with minGrams ≤ w < maxGrams (half-open, in grams), so adjacent bands share a boundary and no
 * weight falls between them. The service refuses overlapping bands; above the last band the
 * calculator says "call for a quote".
 */
export const priceBands = pgTable(
  'price_bands',
  {
    ...tenantKey(),
    locationId: locationRef(),
    /** private, partitioned or communal */
    cremationType: text().notNull(),
    minGrams: integer().notNull(),
    maxGrams: integer().notNull(),
    /** cents */
    price: integer().notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('price_bands', t),
    index().on(t.accountId, t.locationId, t.cremationType, t.minGrams),
    check('price_bands_range', sql`${t.minGrams} >= 0 and ${t.minGrams} < ${t.maxGrams}`),
  ],
);
