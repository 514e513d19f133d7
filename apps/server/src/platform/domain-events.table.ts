import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantPrimaryKey, timestamps } from '../db/columns.js';

/**
 * An event handed to a subscriber that runs after the publishing transaction commits (slow work,
 * work that must survive a restart): one row per event and subscriber, written in the publishing
 * transaction, so it exists exactly when the change does. The queue worker claims due rows with
 * FOR UPDATE SKIP LOCKED and a lease (`dueAt`, `claimToken` as in the outbox), runs the
 * subscriber, and retries with backoff until it succeeds or its attempts run out.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    ...tenantKey(),
    event: text().notNull(),
    subscriber: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    /** who made the change the event tells of (null: a public form, a provider's webhook) */
    actorId: uuid(),
    state: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimToken: uuid(),
    /** the last failure's words, for whoever looks into a failed delivery */
    reason: text(),
    doneAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // What the workers look for: due rows not yet done, oldest first.
    index('event_deliveries_due').on(t.dueAt).where(sql`${t.state} in ('queued', 'running')`),
  ],
);
