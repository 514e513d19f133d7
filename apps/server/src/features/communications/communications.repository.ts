import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { acrossAccounts, allOf, scopedTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { clients } from '../clients/index.js';
import { smsConversations } from './sms-conversations.repository.js';
import { claimSet, dueRows, noticeOutbox, type Settlement } from '../../platform/outbox.repository.js';
import { inboundMessages, outboxMessages, smsOptOuts } from './communications.table.js';

const outbox = tenantRepository(outboxMessages);
const queue = acrossAccounts(outboxMessages);
const inbound = tenantRepository(inboundMessages);
const optOuts = scopedTable(smsOptOuts);
const clientRows = tenantRepository(clients);

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = Omit<typeof outboxMessages.$inferInsert, 'accountId' | 'id'>;
export type { Settlement };

export const communicationsRepository = {
  ...outbox,

  /** Queues a message in the caller's transaction: it exists exactly when the change that caused it commits. */
  async enqueue(ex: Executor, scope: Scope, values: NewOutboxRow): Promise<OutboxRow> {
    const row = await outbox.insert(ex, scope, values);
    await noticeOutbox(ex);
    return row;
  },

  /** The log's filters. */
  filters(q: {
    locationId?: string | undefined;
    clientId?: string | undefined;
    channel?: 'email' | 'sms' | undefined;
    state?: OutboxRow['state'] | undefined;
    since?: string | undefined;
  }): SQL | undefined {
    return and(
      q.since ? gte(outboxMessages.createdAt, new Date(q.since)) : undefined,
      q.locationId ? eq(outboxMessages.locationId, q.locationId) : undefined,
      q.clientId ? eq(outboxMessages.clientId, q.clientId) : undefined,
      q.channel ? eq(outboxMessages.channel, q.channel) : undefined,
      q.state ? eq(outboxMessages.state, q.state) : undefined,
    );
  },

  all: allOf,

  /** Takes up to `limit` due messages of any account for one worker, for `leaseMs`. */
  async claim(ex: Executor, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
    return queue.claim(ex, { where: dueRows(outboxMessages, now), due: outboxMessages.dueAt, limit, set: claimSet(now, leaseMs) });
  },

  /** Writes a worker's result, only while the message is still held by that worker's claim; answers whether it was. */
  async settle(ex: Executor, scope: Scope, id: string, claimToken: string, patch: Settlement): Promise<boolean> {
    const claimedOnes = await outbox.updateWhere(ex, scope, and(eq(outboxMessages.id, id), eq(outboxMessages.claimToken, claimToken)), {
      ...patch,
      ...(patch.state !== 'sending' && { claimToken: null }),
    });
    return claimedOnes > 0;
  },

  /** The next time a queued message of any account falls due (the workers' timer), if any. */
  async nextDue(ex: Executor): Promise<Date | undefined> {
    const [row] = await queue
      .select(ex, { dueAt: sql<Date>`min(${outboxMessages.dueAt})`.mapWith(outboxMessages.dueAt) }, inArray(outboxMessages.state, ['queued', 'sending']))
      .limit(1);
    return row?.dueAt ?? undefined;
  },

  /** A page of the log, newest first, with the client's name read in the same statement. */
  async page(ex: Executor, scope: Scope, opts: { where: SQL | undefined; limit: number; offset: number; require?: SQL<boolean> | undefined }) {
    return outbox.page(ex, scope, {
      ...opts,
      orderBy: [desc(outboxMessages.createdAt), desc(outboxMessages.id)],
      extras: {
        clientName: sql<string | null>`(select ${clients.firstName} || ' ' || ${clients.lastName} from ${clients} where ${clientRows.joined(scope, outboxMessages, eq(clients.id, outboxMessages.clientId))})`,
      },
    });
  },

  /** What Twilio's status callback says of a message it took. */
  async recordDeliveryStatus(ex: Executor, scope: Scope, id: string, status: string, failure: string | null): Promise<void> {
    await outbox.updateWhere(ex, scope, eq(outboxMessages.id, id), { deliveryStatus: status });
    // A carrier's failure fails a message Twilio took; one still in a worker's hand keeps its claim's result.
    if (failure) await outbox.updateWhere(ex, scope, and(eq(outboxMessages.id, id), eq(outboxMessages.state, 'sent')), { state: 'failed', reason: failure });
  },

  /** The message a Twilio status callback is about. */
  async findByProviderId(ex: Executor, scope: Scope, provider: 'twilio', providerMessageId: string): Promise<OutboxRow | undefined> {
    const [row] = await outbox.list(ex, scope, {
      where: and(eq(outboxMessages.provider, provider), eq(outboxMessages.providerMessageId, providerMessageId)),
      limit: 1,
    });
    return row;
  },

  // --- inbound texts and STOP/START ---

  /** Stores a text a client sent; the same MessageSid again (a retried webhook) is stored once. */
  /** The stored message, or undefined when its provider id was stored before (a retried webhook). */
  async storeInbound(ex: Executor, scope: Scope, values: Omit<typeof inboundMessages.$inferInsert, 'accountId' | 'id'>): Promise<typeof inboundMessages.$inferSelect | undefined> {
    const rows = await inbound.insertMany(ex, scope, [values], { ignoreConflicts: true });
    return rows[0];
  },

  async inboundOf(ex: Executor, scope: Scope, locationId: string) {
    return inbound.list(ex, scope, { where: eq(inboundMessages.locationId, locationId), orderBy: [desc(inboundMessages.receivedAt)], limit: 200 });
  },

  /** Records a STOP (optedOut) or START at a location's number for a phone. */
  async recordConsent(ex: Executor, scope: Scope, row: { locationId: string; phone: string; clientId: string | null; optedOut: boolean; keyword: string }) {
    await optOuts.removeWhere(ex, scope, and(eq(smsOptOuts.locationId, row.locationId), eq(smsOptOuts.phone, row.phone)));
    await optOuts.insertMany(ex, scope, [{ ...row, changedAt: new Date() }]);
  },

  ...smsConversations,

  /** Of these (location, phone) pairs, the ones with a STOP in force, as `location:phone`; one statement. */
  async optedOutOf(ex: Executor, scope: Scope, pairs: readonly { locationId: string; phone: string }[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows = await optOuts.list(ex, scope, {
      where: and(
        inArray(smsOptOuts.locationId, [...new Set(pairs.map((p) => p.locationId))]),
        inArray(smsOptOuts.phone, [...new Set(pairs.map((p) => p.phone))]),
        eq(smsOptOuts.optedOut, true),
      ),
    });
    return new Set(rows.map((r) => `${r.locationId}:${r.phone}`));
  },

  /** The STOP in force for a phone at a location, if any. */
  async optOut(ex: Executor, scope: Scope, locationId: string, phone: string) {
    const [row] = await optOuts.list(ex, scope, {
      where: and(eq(smsOptOuts.locationId, locationId), eq(smsOptOuts.phone, phone), eq(smsOptOuts.optedOut, true)),
      limit: 1,
    });
    return row;
  },
};
