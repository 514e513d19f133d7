import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const subscriptionTiers = pgTable('subscription_tiers', {
  key: text().primaryKey(),
  name: text().notNull(),
  maxUsers: integer(),
  maxLocations: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    subscriptionTier: text()
      .notNull()
      .references(() => subscriptionTiers.key),
    isActive: boolean().notNull().default(true),
    /** ISO 4217 code every amount of the account is in (integer minor units), docs/decisions/0030 */
    currency: text().notNull().default('USD'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.subscriptionTier)],
);
