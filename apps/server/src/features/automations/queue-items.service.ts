import {
  AUTOMATION_MESSAGES,
  type AutomationKind,
  type AutomationTrigger,
  type EmailQueueItem,
  type EmailQueueItemUpdate,
  type QueueItemListQuery,
  type QueueItemStatus,
  type SmsQueueItem,
  type SmsQueueItemUpdate,
  type TaskQueueItem,
  type TaskQueueItemUpdate,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import { conflict, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Lock, RowPatch, Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationOwnership, locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';
import type { Actor, AutomationDelivery } from './automation-delivery.service.js';
import { automationItemsRepository, itemExtras, WAITING_STATUSES, type ItemExtras, type ItemRowWithNames } from './automation-items.repository.js';
import { automationsRepository } from './automations.repository.js';
import type { automationQueueItems } from './automations.table.js';

type AnyItem = EmailQueueItem | SmsQueueItem | TaskQueueItem;
type Query = z.output<typeof QueueItemListQuery>;
type Update = Partial<z.output<typeof EmailQueueItemUpdate> & z.output<typeof SmsQueueItemUpdate> & z.output<typeof TaskQueueItemUpdate>>;
type PatchIn = Update & { actorId: string | null };

const named = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function toItem(kind: AutomationKind, r: ItemRowWithNames): AnyItem {
  const names = new Map((r.patientNames ?? []).map(([id, name]) => [id, name]));
  const common = {
    id: r.id,
    automationId: r.automationId,
    automation: { id: r.automationId, name: r.automationName ?? '' },
    trigger: r.trigger as AutomationTrigger,
    locationId: r.locationId,
    status: r.status as QueueItemStatus,
    reason: r.reason,
    dueAt: r.dueAt.toISOString(),
    clientId: r.clientId,
    client: named(r.clientId, r.clientName),
    patients: r.patientIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    appointmentId: r.appointmentId,
    invoiceId: r.invoiceId,
    edited: r.editedAt !== null,
    sentAt: r.sentAt?.toISOString() ?? null,
    sentBy: named(r.sentById, r.sentByName),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (kind === 'email') return { ...common, to: r.toAddress, subject: r.subject ?? '', body: r.body ?? '' };
  if (kind === 'sms') return { ...common, to: r.toAddress, body: r.body ?? '' };
  return {
    ...common,
    title: r.title ?? '',
    notes: r.notes,
    assignedTo: named(r.assignedToId, r.assignedToName),
    assignedRole: named(r.assignedRoleId, r.assignedRoleName),
    taskId: r.taskId,
  };
}

/** The items table seen as one kind's queue: another kind's item id is not found (404). */
function ofKind(kind: AutomationKind) {
  return {
    ...automationItemsRepository,
    findById: (ex: Executor, scope: Scope, id: string, opts: { lock?: Lock } = {}) =>
      automationItemsRepository.findOfKind(ex, scope, kind, id, opts.lock === 'update' ? { lock: 'update' } : {}),
  };
}

/** The person sending, as the item and the message name them: staff of this practice only (someone helping from another account is not). */
async function actorOf(ex: Executor, auth: AuthContext): Promise<Actor> {
  if (auth.homeAccountId !== auth.accountId) return null;
  const user = await usersRepository.findSignedIn(ex, auth);
  return user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : null;
}

/**
 * One queue (Pending Emails, Pending Texts, Pending Tasks) on the CRUD kit: a paged list (waiting
 * soonest first, done latest first), an edit of a waiting item's text or a skip (409 once it has
 * gone), and Send / Trigger, which checks the item again and delivers it now (decision 0210).
 * Every staff member works the queues (the contract's access).
 */
export class QueueItemsService<E extends AnyItem> extends TenantCrudService<typeof automationQueueItems, E, never, PatchIn, Query, E, never, ItemExtras> {
  constructor(
    db: Db,
    audit: AuditService,
    private readonly kind: AutomationKind,
    private readonly delivery: AutomationDelivery,
  ) {
    super(db, audit, {
      entityType: `${kind}QueueItem`,
      repository: ofKind(kind),
      paged: true,
      listExtras: itemExtras,
      toEntities: async (ex, scope, rows) => (await automationItemsRepository.withNames(ex, scope, rows.map((r) => r.id))).map((r) => toItem(kind, r) as E),
      toListItems: async (_ex, _scope, rows) => rows.map((r) => toItem(kind, r) as E),
      listOptions: (q) => automationItemsRepository.listOptions({ kind, view: q.view, locationId: q.locationId, automationId: q.automationId, clientId: q.clientId }),
      listFilters: (q) => [
        [automationsRepository, q.automationId],
        [clientsRepository, q.clientId],
      ],
      location: locationOwnership,
      prepareCreate: () => Promise.reject(notFound()),
      preparePatch: async (_ex, _scope, input, existing) => {
        if (!WAITING_STATUSES.includes(existing.status as QueueItemStatus)) throw conflict(AUTOMATION_MESSAGES.notPending);
        const patch: RowPatch<typeof automationQueueItems> = {};
        const edits = { subject: input.subject, body: input.body, title: input.title, notes: input.notes };
        for (const [key, value] of Object.entries(edits)) if (value !== undefined) Object.assign(patch, { [key]: value });
        if (Object.keys(patch).length > 0) Object.assign(patch, { editedAt: new Date(), editedById: input.actorId });
        if (input.skip) Object.assign(patch, { status: 'skipped', reason: null, claimedUntil: null });
        return patch;
      },
      // an edit or a skip reaches the queues and badges on every screen (the live topic)
      afterUpdate: (ex, auth, _before, after) => delivery.announce(ex, auth, [after.id]),
    });
  }

  override list(auth: AuthContext, query: Query) {
    return super.list(auth, query) as Promise<{ items: E[]; total: number }>;
  }

  override update(auth: AuthContext, id: string, input: Update): Promise<E> {
    return super.update(auth, id, { ...input, actorId: auth.homeAccountId === auth.accountId ? auth.userId : null });
  }

  /**
   * Sends (triggers) a waiting item now: checked again and delivered in one transaction with the
   * item locked (the sender job waits on it, then finds it gone). A reason found leaves the item
   * suppressed with it and answers 409 with the reason; a send that fails, 409 with why.
   */
  async send(auth: AuthContext, id: string): Promise<E> {
    const result = await this.db.transaction(async (tx) => {
      const row = await automationItemsRepository.findOfKind(tx, auth, this.kind, id, { lock: 'update' });
      if (!row) throw notFound();
      if (!WAITING_STATUSES.includes(row.status as QueueItemStatus)) throw conflict(AUTOMATION_MESSAGES.notPending);
      return this.delivery.deliver(tx, auth, row, await actorOf(tx, auth), auth);
    });
    if (result.status !== 'sent') throw conflict(result.reason ?? AUTOMATION_MESSAGES.notPending);
    return this.get(auth, id);
  }

  /** The menu's counts: items awaiting approval per kind, at a location of the account when given (another's: 404). */
  static async countPending(db: Db, auth: AuthContext, locationId: string | undefined): Promise<{ email: number; sms: number; task: number }> {
    await assertFiltersVisible(db, auth, [[locationsRepository, locationId]]);
    return automationItemsRepository.countPending(db, auth, locationId);
  }
}

/** The three queues' services, as the container builds them. */
export function queueItemServices(db: Db, audit: AuditService, delivery: AutomationDelivery) {
  return {
    emailQueueItems: new QueueItemsService<EmailQueueItem>(db, audit, 'email', delivery),
    smsQueueItems: new QueueItemsService<SmsQueueItem>(db, audit, 'sms', delivery),
    taskQueueItems: new QueueItemsService<TaskQueueItem>(db, audit, 'task', delivery),
    countPendingQueueItems: (auth: AuthContext, locationId: string | undefined) => QueueItemsService.countPending(db, auth, locationId),
  };
}
