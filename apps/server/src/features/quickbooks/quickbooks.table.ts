import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantPrimaryKey, tenantReference } from '../../db/columns.js';
import { integrations } from '../integrations/integrations.table.js';

/**
 * The `state` of each QuickBooks connection started and not yet completed: random, single-use,
 * short-lived, bound to the user, the account (its key) and the integration. Kept here, not in an
 * app server's memory, so Intuit's redirect may land on any app server; only its SHA-256 is kept,
 * so a copy of the table cannot complete anyone's connection.
 */
export const quickbooksOauthStates = pgTable(
  'quickbooks_oauth_states',
  {
    ...tenantKey(),
    integrationId: uuid().notNull(),
    /** who started it: only they may complete it */
    userId: uuid().notNull(),
    /** hex SHA-256 of the state handed to Intuit */
    stateHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // Removing the integration removes the connections being made with it.
    tenantReference('quickbooks_oauth_states', t, t.integrationId, integrations, 'cascade'),
    uniqueIndex('quickbooks_oauth_states_hash_unique').on(t.accountId, t.stateHash),
    index('quickbooks_oauth_states_expiry').on(t.accountId, t.expiresAt),
  ],
);
