import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { eventDeliveries } from './domain-events.table.js';
import { acrossAccounts, tenantRepository, type Scope } from './tenant-repository.js';

const deliveries = tenantRepository(eventDeliveries);
const queue = acrossAccounts(eventDeliveries);

export type DeliveryRow = typeof eventDeliveries.$inferSelect;
type Settlement = Partial<Pick<DeliveryRow, 'state' | 'reason' | 'dueAt' | 'doneAt' | 'attempts'>>;

/** The channel a queued delivery is announced on: the event workers LISTEN to it. */
export const EVENTS_CHANNEL = 'willow_events';

const pending = (now: Date) => and(inArray(eventDeliveries.state, ['queued', 'running']), lte(eventDeliveries.dueAt, now))!;

export const domainEventsRepository = {
  /** Queues the deliveries in the publishing transaction; the NOTIFY is heard when it commits. */
  async queue(ex: Executor, scope: Scope, rows: { event: string; subscriber: string; payload: unknown; actorId: string | null }[]): Promise<void> {
    if (rows.length === 0) return;
    await deliveries.insertMany(ex, scope, rows);
    await ex.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
  },

  /** Takes up to `limit` due deliveries of any account for one worker, for `leaseMs`. */
  async claim(ex: Executor, now: Date, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
    // The token is made here, not by gen_random_uuid() in the statement (see acrossAccounts.claim).
    return queue.claim(ex, {
      where: pending(now),
      due: eventDeliveries.dueAt,
      limit,
      set: { state: 'running', attempts: sql`attempts + 1`, dueAt: new Date(now.getTime() + leaseMs), claimToken: randomUUID(), updatedAt: now },
    });
  },

  /** Writes a worker's result only while the delivery is still held by its claim. */
  async settle(ex: Executor, scope: Scope, id: string, claimToken: string, patch: Settlement): Promise<boolean> {
    const held = await deliveries.updateWhere(ex, scope, and(eq(eventDeliveries.id, id), eq(eventDeliveries.claimToken, claimToken)), {
      ...patch,
      claimToken: patch.state === 'running' ? undefined : null,
      updatedAt: new Date(),
    });
    return held > 0;
  },

  async nextDue(ex: Executor): Promise<Date | undefined> {
    const [row] = await queue.select(ex, { at: min(eventDeliveries.dueAt) }, inArray(eventDeliveries.state, ['queued', 'running']));
    return row?.at ?? undefined;
  },

  /** Forgets deliveries done before `before`; failed ones stay to be looked into. */
  async pruneDone(ex: Executor, before: Date): Promise<void> {
    await queue.removeWhere(ex, and(eq(eventDeliveries.state, 'done'), lt(eventDeliveries.doneAt, before))!);
  },

  async ofSubscriber(ex: Executor, scope: Scope, subscriber: string): Promise<DeliveryRow[]> {
    return deliveries.list(ex, scope, { where: eq(eventDeliveries.subscriber, subscriber), orderBy: [eventDeliveries.createdAt] });
  },
};
