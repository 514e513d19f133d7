import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AutomationKind, QueueItemStatus } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { acrossAccounts, idIn, scopedTable, tenantRepository, type ListOptions, type NewRow, type RowSet, type Scope } from '../../platform/tenant-repository.js';
import { clients, clientsRepository } from '../clients/index.js';
import { patients, patientsRepository } from '../patients/index.js';
import { roles, rolesRepository } from '../roles/index.js';
import { usersRepository } from '../users/index.js';
import { automationClaims, automationQueueItems, automations } from './automations.table.js';

const base = tenantRepository(automationQueueItems);
const queue = acrossAccounts(automationQueueItems);
const claims = scopedTable(automationClaims);
const automationRows = tenantRepository(automations);

export type ItemRow = typeof automationQueueItems.$inferSelect;
export type NewItemRow = NewRow<typeof automationQueueItems>;

/** Waiting: still to go, by itself (scheduled) or once staff send it (pending). */
export const WAITING_STATUSES: readonly QueueItemStatus[] = ['scheduled', 'pending'];
const waiting = inArray(automationQueueItems.status, [...WAITING_STATUSES]);

/** What a queue answer shows beside its row, read in the row's own statement. */
export const itemExtras = (scope: Scope) => ({
  automationName: automationRows.valueFor<string>(scope, automationQueueItems, automations.name, eq(automations.id, automationQueueItems.automationId)),
  clientName: clientsRepository.valueFor<string | null>(scope, automationQueueItems,
    sql`${clients.firstName} || ' ' || ${clients.lastName}`,
    eq(clients.id, automationQueueItems.clientId),
  ),
  // the pets by name, in the item's order: [[id, name], …] (a deleted pet is left out)
  patientNames: sql<[string, string][] | null>`case when cardinality(${automationQueueItems.patientIds}) = 0 then null else ${patientsRepository.valueFor(scope, automationQueueItems,
    sql`json_agg(json_build_array(${patients.id}, ${patients.name}) order by array_position(${automationQueueItems.patientIds}, ${patients.id}))`,
    sql`${patients.id} = any(${automationQueueItems.patientIds})`,
  )} end`,
  sentByName: usersRepository.fullNameFor(scope, automationQueueItems, automationQueueItems.sentById),
  assignedToName: usersRepository.fullNameFor(scope, automationQueueItems, automationQueueItems.assignedToId),
  assignedRoleName: rolesRepository.valueFor<string | null>(scope, automationQueueItems, roles.name, eq(roles.id, automationQueueItems.assignedRoleId)),
});
export type ItemExtras = ReturnType<typeof itemExtras>;
export type ItemRowWithNames = ItemRow & { [K in keyof ItemExtras]: ItemExtras[K] extends SQL<infer V> ? V : never };

export interface ItemFilters {
  kind: AutomationKind;
  view: 'waiting' | 'done' | 'all';
  locationId?: string | undefined;
  automationId?: string | undefined;
  clientId?: string | undefined;
}

/** Waiting ones soonest first; done ones latest first; all: waiting first, then done. */
const VIEW: Record<ItemFilters['view'], { where?: SQL; orderBy: SQL[] }> = {
  waiting: { where: waiting, orderBy: [asc(automationQueueItems.dueAt), asc(automationQueueItems.id)] },
  done: { where: sql`${automationQueueItems.status} not in ('scheduled', 'pending')`, orderBy: [desc(automationQueueItems.updatedAt), desc(automationQueueItems.id)] },
  all: {
    orderBy: [
      sql`case when ${automationQueueItems.status} in ('scheduled', 'pending') then 0 else 1 end`,
      sql`case when ${automationQueueItems.status} in ('scheduled', 'pending') then ${automationQueueItems.dueAt} end asc`,
      desc(automationQueueItems.updatedAt),
      desc(automationQueueItems.id),
    ],
  },
};

/**
 * The queue items (automation_queue_items) and the automations' claims (automation_claims): every
 * statement on them is here. Items are made only by `insertItems`, whose conflict on
 * (account, automation, occurrence) makes a second firing of one occurrence a no-op.
 */
export const automationItemsRepository = {
  ...base,

  /**
   * Inserts items; one whose (automation, occurrence key) exists already is skipped (ON CONFLICT DO
   * NOTHING), so a retried firing or a second app server never makes a second. Answers the rows
   * actually inserted.
   */
  async insertItems(ex: Executor, scope: Scope, rows: readonly NewItemRow[]): Promise<ItemRow[]> {
    return base.insertMany(ex, scope, rows, { ignoreConflicts: true });
  },

  /**
   * Takes target-occurrences for an automation ('vaccination:<id>:<due>', 'run:<location>:<day>');
   * answers the keys newly taken (those taken before, by this or another process, are left out).
   */
  async claim(ex: Executor, scope: Scope, automationId: string, keys: readonly string[]): Promise<string[]> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return [];
    const taken = await claims.insertMany(
      ex,
      scope,
      unique.map((claimKey) => ({ automationId, claimKey })),
      { ignoreConflicts: true },
    );
    return taken.map((r) => r.claimKey);
  },

  /** Gives claimed keys back (a firing that made nothing of them after all). */
  async unclaim(ex: Executor, scope: Scope, automationId: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await claims.removeWhere(ex, scope, and(eq(automationClaims.automationId, automationId), inArray(automationClaims.claimKey, [...keys])));
  },

  /** A queue page's filter and order. */
  listOptions(f: ItemFilters): ListOptions {
    const view = VIEW[f.view];
    return {
      where: and(
        eq(automationQueueItems.kind, f.kind),
        view.where,
        f.locationId ? eq(automationQueueItems.locationId, f.locationId) : undefined,
        f.automationId ? eq(automationQueueItems.automationId, f.automationId) : undefined,
        f.clientId ? eq(automationQueueItems.clientId, f.clientId) : undefined,
      ),
      orderBy: view.orderBy,
    };
  },

  /** Rows by id with the names their answers show, in the ids' order. */
  async withNames(ex: Executor, scope: Scope, ids: readonly string[]): Promise<ItemRowWithNames[]> {
    if (ids.length === 0) return [];
    const rows = await base.list(ex, scope, { where: idIn(automationQueueItems.id, ids), extras: itemExtras(scope) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** An item of a kind, locked until the transaction ends (a send, an edit and the sender are one after the other). */
  async findOfKind(ex: Executor, scope: Scope, kind: AutomationKind, id: string, opts: { lock?: 'update' } = {}): Promise<ItemRow | undefined> {
    const [row] = await base.list(ex, scope, { where: and(eq(automationQueueItems.id, id), eq(automationQueueItems.kind, kind)), limit: 1, ...opts });
    return row;
  },

  /** Changes an item (RowSet: values or SQL); answers it as it now is. */
  async set(ex: Executor, scope: Scope, id: string, patch: RowSet<typeof automationQueueItems>): Promise<ItemRow | undefined> {
    return base.update(ex, scope, id, patch);
  },

  /** The menu's counts: items awaiting approval, per kind (at a location when given). */
  async countPending(ex: Executor, scope: Scope, locationId: string | undefined): Promise<Record<AutomationKind, number>> {
    const rows = await base
      .select(
        ex,
        scope,
        { kind: automationQueueItems.kind, n: sql<number>`count(*)`.mapWith(Number) },
        and(eq(automationQueueItems.status, 'pending'), locationId ? eq(automationQueueItems.locationId, locationId) : undefined),
      )
      .groupBy(automationQueueItems.kind);
    const counts: Record<AutomationKind, number> = { email: 0, sms: 0, task: 0 };
    for (const r of rows) counts[r.kind as AutomationKind] = r.n;
    return counts;
  },

  /** Waiting items of an automation become suppressed with `reason` (its delete); answers their ids. */
  async suppressWaitingOf(ex: Executor, scope: Scope, automationId: string, reason: string): Promise<string[]> {
    const rows = await base.updateReturning(ex, scope, and(eq(automationQueueItems.automationId, automationId), waiting), {
      status: 'suppressed',
      reason,
      claimedUntil: null,
    });
    return rows.map((r) => r.id);
  },

  /** Waiting items naming a patient (a death's reaction), locked in id order until the transaction ends. */
  async waitingAbout(ex: Executor, scope: Scope, patientId: string): Promise<ItemRow[]> {
    return base.list(ex, scope, {
      where: and(waiting, sql`${automationQueueItems.patientIds} @> array[${patientId}]::uuid[]`),
      orderBy: [automationQueueItems.id],
      lock: 'update',
    });
  },

  /** Waiting items of an appointment or an invoice (what a change of it may settle). */
  async waitingFor(ex: Executor, scope: Scope, of: { appointmentId: string } | { invoiceId: string }): Promise<ItemRow[]> {
    const where = 'appointmentId' in of ? eq(automationQueueItems.appointmentId, of.appointmentId) : eq(automationQueueItems.invoiceId, of.invoiceId);
    return base.list(ex, scope, { where: and(waiting, where), orderBy: [automationQueueItems.id] });
  },

  /**
   * The sender's claim, across accounts: up to `limit` items due to go by themselves and held by no
   * one (FOR UPDATE SKIP LOCKED; a lease that ended is free again), each held for `leaseMs`.
   */
  async claimDue(ex: Executor, now: Date, leaseMs: number, limit: number): Promise<ItemRow[]> {
    return queue.claim(ex, {
      where: and(
        eq(automationQueueItems.status, 'scheduled'),
        lte(automationQueueItems.dueAt, now),
        or(isNull(automationQueueItems.claimedUntil), lt(automationQueueItems.claimedUntil, now)),
      )!,
      due: automationQueueItems.dueAt,
      limit,
      set: { claimedUntil: new Date(now.getTime() + leaseMs) },
    });
  },
};
