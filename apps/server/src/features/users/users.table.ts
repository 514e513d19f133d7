import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

export const users = pgTable(
  'users',
  {
    ...tenantKey(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    /** null: no password yet (invited), or one who signs in only by code, link or Google */
    passwordHash: text(),
    isActive: boolean().notNull().default(true),
    /** when the person put away the Schedule's "Get started" list (decision 0193): theirs on every computer */
    gettingStartedDismissedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [tenantPrimaryKey(t)],
);

/**
 * Sign-in is by email alone, so an email names one user across all accounts: this small global
 * table is the one lookup that crosses accounts (email → account, user), which lets the users
 * table itself be keyed by account like every other. `email` is stored lower-cased. It has no
 * foreign key to users or accounts (a global table cannot reference a table distributed by
 * account, decision 0248); the users repository writes it in the same transaction as the user.
 */
export const userEmails = pgTable(
  'user_emails',
  {
    email: text().primaryKey(),
    accountId: uuid().notNull(),
    userId: uuid().notNull(),
  },
  (t) => [index().on(t.accountId, t.userId)],
);

export const userLocations = pgTable(
  'user_locations',
  {
    accountId: accountColumn(),
    userId: uuid().notNull(),
    locationId: locationRef(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.locationId] }),
    tenantReference('user_locations', t, t.userId, users, 'cascade'),
    locationReference('user_locations', t),
    index().on(t.accountId, t.locationId),
  ],
);

/** The unique clash of an email already in use anywhere. */
export const EMAIL_TAKEN_CONSTRAINT = 'user_emails_pkey';
