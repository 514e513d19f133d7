// What a claim on either outbox table reads and writes (features/communications and
// features/product-mail each claim their own rows with these).
import { randomUUID } from 'node:crypto';
import { and, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import type { DeliveryProvider, DeliveryState } from './outbox.table.js';

/** The channel a queued message is announced on: the workers LISTEN to it. */
export const OUTBOX_CHANNEL = 'willow_outbox';

/**
 * Wakes the outbox workers of every app server when the caller's transaction commits (never for
 * one rolled back); workers also poll, for notices missed while a connection was down. Sent by
 * the repositories that queue (decision 0247: no trigger on a table distributed by account).
 */
export async function noticeOutbox(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** What a worker writes back about a message it holds. */
export interface Settlement {
  state?: DeliveryState;
  reason?: string | null;
  provider?: DeliveryProvider | null;
  providerMessageId?: string | null;
  dueAt?: Date;
  sentAt?: Date | null;
  attempts?: number;
}

/** The rows a worker may take: not final, and due (a retry's time, or a lease that ended). */
export const dueRows = (t: { state: PgColumn; dueAt: PgColumn }, now: Date): SQL => and(inArray(t.state, ['queued', 'sending']), lte(t.dueAt, now))!;

/**
 * What a claim sets: held by this worker until the lease ends. The token is made here, one per
 * claim: each row's result is written only with it, and a later claim of the row makes another.
 * Not `gen_random_uuid()` in the statement: Citus refuses a volatile function in an UPDATE of a
 * distributed or reference table (decision 0254).
 */
export const claimSet = (now: Date, leaseMs: number) => ({
  state: 'sending' as const,
  attempts: sql`attempts + 1`,
  dueAt: new Date(now.getTime() + leaseMs),
  claimToken: randomUUID(),
  updatedAt: now,
});
