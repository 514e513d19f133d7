import type { AppointmentStatus } from '@willow/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/client.js';
import type { Caller } from './access.js';
import { HttpError } from './errors.js';
import { domainEventsRepository, type DeliveryRow } from './domain-events.repository.js';
import { backoff, type QueueJob, type QueueSource, type RetryPolicy } from './queue-worker.js';
import type { Scope } from './tenant-repository.js';

/**
 * Every event a feature publishes, and what it carries: the one list of how features react to each
 * other. An older feature publishes what happened (or is about to); newer ones subscribe, so the
 * older never imports the newer (ARCHITECTURE.md, "One direction"). A durable subscriber's payload
 * is stored as JSON: plain values only.
 */
export interface DomainEvents {
  /** a new practice's account exists with its first location and owner; whatever it needs to start with is made in the same transaction */
  'account.created': { accountId: string; locationId: string; ownerId: string };
  /** a location is about to be added to the account (the subscription's limit may refuse: 402) */
  'location.adding': Record<string, never>;
  /** a user is about to become active: a new active user, or one reactivated (userId) */
  'user.activating': { userId: string | null };
  /** a client is about to be deleted for good: a feature keeping records of them refuses (409, what to do instead) */
  'client.deleting': { clientId: string };
  /** a client moved to another location: the records kept per location that are theirs follow them */
  'client.moved': { clientId: string; locationId: string };
  /** a client is being archived (at `at`): a feature may refuse (a visit still to come) or archive what is theirs with them */
  'client.archiving': { clientId: string; at: Date };
  /** an archived client is coming back: what was archived with them (at `archivedAt`) comes back too */
  'client.restoring': { clientId: string; archivedAt: Date };
  /** a patient is being archived: a feature may refuse (a visit still to come) */
  'patient.archiving': { patientId: string; at: Date };
  /**
   * a patient's death is being recorded: the appointments staff chose to cancel with it are
   * cancelled in the same step (all or none), for `reason`
   */
  'patient.died': { patientId: string; deceasedOn: string; cancelAppointments: { ids: string[]; reason: string } | null };
  /** a patient is about to be deleted for good: a feature keeping records of them refuses */
  'patient.deleting': { patientId: string };
  /** a client's document is about to be deleted for good: a feature keeping it as part of a record refuses */
  'document.deleting': { documentId: string; clientId: string };
  /** a service is about to be deleted from the catalogue: a feature whose records name it refuses */
  'service.deleting': { serviceId: string };
  /** an add-on is about to be deleted from the catalogue: a feature whose records name it refuses */
  'addOn.deleting': { addOnId: string };
  /**
   * a location's integration is about to be removed (its row locked): the feature that set something
   * up with the provider undoes it there; `log` is the request's, for what the provider refused
   */
  'integration.removing': { integrationId: string; locationId: string; service: string; publicKey: string | null; log: FastifyBaseLogger | undefined };
  /** a Stripe webhook event was received, verified and recorded once */
  'stripe.eventReceived': { locationId: string; eventId: string; type: string; object: Record<string, unknown>; occurredAt: Date };
  /** a refund of a payment taken by card is about to be recorded: it must be made at the card provider first */
  'payment.refunding': { paymentId: string; locationId: string; intentId: string; amount: number; key: string; reason: string };
  /** a client submitted a form (and signed it where it asks for a signature): the request's location, client, patient and appointment */
  'form.submitted': {
    formRequestId: string;
    submissionId: string;
    locationId: string;
    clientId: string;
    patientId: string | null;
    appointmentId: string | null;
    estimateId: string | null;
    submittedAt: Date;
  };
  /**
   * an appointment was booked (by staff, or requested online: `createdById` null), told in its
   * transaction with what a subscriber needs without reading it back; its first status is `status`
   */
  'appointment.created': {
    appointmentId: string;
    locationId: string;
    clientId: string;
    patientIds: string[];
    serviceIds: string[];
    startAt: Date;
    status: AppointmentStatus;
    source: 'staff' | 'online';
    createdById: string | null;
    createdAt: Date;
  };
  /** an appointment's status changed (along its path, cancelled, corrected, cancelled with a patient's death), once per appointment; a new one's first status is no change */
  'appointment.statusChanged': {
    appointmentId: string;
    locationId: string;
    clientId: string;
    patientIds: string[];
    serviceIds: string[];
    startAt: Date;
    from: AppointmentStatus;
    to: AppointmentStatus;
    /** a finished appointment moved outside the usual path (decision 0026) */
    correction: boolean;
    changedById: string | null;
    changedAt: Date;
  };
  /** an invoice or a credit note (`kind`) left draft and got its number; `total` in minor units (negative on a credit note) */
  'invoice.finalised': {
    invoiceId: string;
    kind: 'invoice' | 'credit_note';
    /** a credit note: the invoice it corrects */
    creditedInvoiceId: string | null;
    number: number;
    locationId: string;
    clientId: string;
    patientId: string | null;
    appointmentId: string | null;
    total: number;
    currency: string;
    dueOn: string | null;
    finalisedById: string;
    finalisedAt: Date;
  };
  /** a finalised invoice or credit note was voided (it keeps its number) */
  'invoice.voided': { invoiceId: string; kind: 'invoice' | 'credit_note'; locationId: string; clientId: string; appointmentId: string | null; reason: string; voidedAt: Date };
  /** a payment or refund recorded by mistake was deleted with its allocations (as they were) */
  'payment.removed': {
    paymentId: string;
    kind: 'payment' | 'refund';
    locationId: string;
    clientId: string;
    allocations: { invoiceId: string | null; estimateId: string | null; amount: number }[];
  };
  /** a client's credit (their payments' unallocated parts) was moved onto one of their invoices; minor units */
  'credit.allocated': { clientId: string; invoiceId: string; amount: number; paymentIds: string[] };
  /** a payment row was written: money received (`payment`: desk, card, deposit) or given back (`refund`); minor units, allocations as written (a refund's negative) */
  'payment.recorded': {
    paymentId: string;
    kind: 'payment' | 'refund';
    refundOfPaymentId: string | null;
    locationId: string;
    clientId: string;
    paymentTypeId: string | null;
    amount: number;
    allocations: { invoiceId: string | null; estimateId: string | null; amount: number }[];
    /** Stripe's payment intent of a card payment (and of its refunds) */
    stripePaymentIntentId: string | null;
    receivedAt: Date;
    recordedById: string | null;
  };
  /** a client's message reached a location through its provider's webhook, stored once (a retried webhook is not published again); `consent`: it was a STOP or START */
  'message.received': {
    messageId: string;
    channel: 'sms';
    locationId: string;
    /** the client whose number it came from, when the location has one */
    clientId: string | null;
    from: string;
    to: string;
    body: string;
    consent: { optedOut: boolean; keyword: string } | null;
    receivedAt: Date;
  };
  /**
   * An SMS conversation changed besides a text received: a reply queued from SMS chat, a sent
   * text's outbox state or Twilio's delivery status, its received texts read, its unknown number
   * linked to a client. The conversation: the location and the client, else the phone (E.164).
   */
  'sms.changed': { locationId: string; clientId: string | null; phone: string | null; messageId: string | null };
  /** a task was created, changed, completed, reopened or deleted (soft), with whom it is assigned to now */
  'task.changed': {
    taskId: string;
    locationId: string;
    assignedToId: string | null;
    assignedRoleId: string | null;
    change: 'created' | 'updated' | 'completed' | 'reopened' | 'deleted';
  };
  /**
   * Automations' queue items were made (a firing) or changed (sent, failed or suppressed as they
   * went, edited or skipped by staff, suppressed by their automation's delete or a pet's death):
   * once per write, with every item it touched (the queues, their badges: the live topic)
   */
  'automationItem.changed': { itemIds: string[] };
}

/**
 * What an event's subscribers answer the publisher, for the events that ask (each subscriber's
 * answer, in subscription order). The rest answer nothing.
 */
export interface DomainEventAnswers {
  /** whether the subscriber acted on it (an event nobody acts on stays unprocessed) */
  'stripe.eventReceived': boolean;
  /** the provider's id of the refund made, or undefined when the payment is not the subscriber's to refund */
  'payment.refunding': string | undefined;
}

export type DomainEventName = keyof DomainEvents;
type Answer<K extends DomainEventName> = K extends keyof DomainEventAnswers ? DomainEventAnswers[K] : void;

/**
 * Runs inside the publishing transaction: it may refuse the change (throw an HttpError, which
 * rolls the whole change back and answers with its status and words) or write what follows from it.
 */
export type InTransaction<K extends DomainEventName> = (tx: Executor, caller: Caller, event: DomainEvents[K]) => Promise<Answer<K>>;

/** Whose change a durable subscriber reacts to: the account, and who made it (null: no one signed in). */
export interface EventOrigin extends Scope {
  readonly actorId: string | null;
}

/** Runs after the change committed, in its own transactions; thrown errors are retried with backoff. */
export type AfterCommit<K extends DomainEventName> = (db: Db, origin: EventOrigin, event: DomainEvents[K]) => Promise<void>;

interface Durable {
  event: DomainEventName;
  run: AfterCommit<DomainEventName>;
}

const DEFAULT_POLICY: RetryPolicy = { leaseMs: 5 * 60_000, baseMs: 30_000, maxMs: 6 * 3_600_000, maxAttempts: 12 };

/**
 * The domain event bus. Subscriptions are made once, by each feature's service as the container
 * builds it (code, not state: every app server makes the same ones); what happens is coordinated
 * only through PostgreSQL: in-transaction subscribers share the publisher's transaction, durable
 * ones get a row in `event_deliveries` worked by every server's queue worker (FOR UPDATE SKIP
 * LOCKED), once per subscriber.
 */
export class DomainEventBus implements QueueSource {
  private readonly inTransaction = new Map<DomainEventName, { name: string; run: InTransaction<DomainEventName> }[]>();
  private readonly durable = new Map<string, Durable>();
  private readonly policy: RetryPolicy;

  constructor(
    private readonly db: Db,
    policy: Partial<RetryPolicy> = {},
  ) {
    this.policy = { ...DEFAULT_POLICY, ...policy };
  }

  /** Who subscribed to an event, in order: in-transaction ones, then durable ones. */
  subscribersOf(event: DomainEventName): string[] {
    return [...(this.inTransaction.get(event) ?? []).map((s) => s.name), ...[...this.durable].filter(([, d]) => d.event === event).map(([name]) => name)];
  }

  /** `subscriber` names who reacts (its feature), for the errors and the deliveries' log. */
  on<K extends DomainEventName>(event: K, subscriber: string, run: InTransaction<K>): void {
    const list = this.inTransaction.get(event) ?? [];
    list.push({ name: subscriber, run: run as unknown as InTransaction<DomainEventName> });
    this.inTransaction.set(event, list);
  }

  /**
   * A subscriber that runs after the change commits, durably: `subscriber` is its stored name and
   * must be unique and stable (rows queued under it wait for it across restarts and deployments).
   */
  later<K extends DomainEventName>(event: K, subscriber: string, run: AfterCommit<K>): void {
    if (this.durable.has(subscriber)) throw new Error(`two durable subscribers are named ${subscriber}`);
    this.durable.set(subscriber, { event, run: run as unknown as AfterCommit<DomainEventName> });
  }

  /**
   * Tells the subscribers inside `tx`, which must be the transaction of the change: the
   * in-transaction ones run one after another (the first refusal stops the change), the durable
   * ones are queued to run once it commits. Answers the in-transaction subscribers' answers.
   */
  async publish<K extends DomainEventName>(tx: Executor, caller: Caller, event: K, payload: DomainEvents[K]): Promise<Answer<K>[]> {
    const answers: Answer<K>[] = [];
    for (const s of this.inTransaction.get(event) ?? []) answers.push((await s.run(tx, caller, payload)) as Answer<K>);
    const later = [...this.durable].filter(([, d]) => d.event === event);
    await domainEventsRepository.queue(
      tx,
      caller,
      later.map(([subscriber]) => ({ event, subscriber, payload, actorId: caller.userId })),
    );
    return answers;
  }

  /**
   * What the in-transaction subscribers would answer the event, the change not made: the refusal
   * (a 409) they would give, or undefined. They run in a savepoint that is always rolled back, so
   * nothing they write or queue stays (a page asking whether Delete can be offered).
   */
  async refusal<K extends DomainEventName>(ex: Executor, caller: Caller, event: K, payload: DomainEvents[K]): Promise<HttpError | undefined> {
    const undo = new Error('asked only');
    try {
      await ex.transaction(async (tx) => {
        await this.publish(tx, caller, event, payload);
        throw undo;
      });
    } catch (err) {
      if (err === undo) return undefined;
      if (err instanceof HttpError && err.status === 409) return err;
      throw err;
    }
    return undefined;
  }

  // ---------- the durable deliveries, as a queue for the platform's queue worker ----------

  async claim(limit: number): Promise<QueueJob[]> {
    const rows = await domainEventsRepository.claim(this.db, new Date(), this.policy.leaseMs, limit);
    return rows.map((row) => ({ run: () => this.deliver(row), release: () => this.release(row) }));
  }

  nextDue(): Promise<Date | undefined> {
    return domainEventsRepository.nextDue(this.db);
  }

  /** Forgets deliveries done a week ago (housekeeping); failed ones are kept. */
  async prune(now: Date): Promise<void> {
    await domainEventsRepository.pruneDone(this.db, new Date(now.getTime() - 7 * 24 * 3_600_000));
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    const origin: EventOrigin = { accountId: row.accountId, actorId: row.actorId };
    const token = row.claimToken!;
    const subscriber = this.durable.get(row.subscriber);
    if (!subscriber) {
      await domainEventsRepository.settle(this.db, row, row.id, token, { state: 'failed', reason: `no subscriber is named ${row.subscriber}` });
      return;
    }
    try {
      await subscriber.run(this.db, origin, revive(row.payload) as DomainEvents[DomainEventName]);
      await domainEventsRepository.settle(this.db, row, row.id, token, { state: 'done', doneAt: new Date(), reason: null });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const last = row.attempts >= this.policy.maxAttempts;
      await domainEventsRepository.settle(
        this.db,
        row,
        row.id,
        token,
        last ? { state: 'failed', reason } : { state: 'queued', reason, dueAt: new Date(Date.now() + backoff(this.policy, row.attempts)) },
      );
    }
  }

  /** A delivery claimed by a worker that is stopping goes back, its attempt not counted. */
  private async release(row: DeliveryRow): Promise<void> {
    await domainEventsRepository.settle(this.db, row, row.id, row.claimToken!, { state: 'queued', dueAt: new Date(), attempts: row.attempts - 1 });
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A stored payload as published: the dates JSON turned into text become dates again. */
function revive(value: unknown): unknown {
  if (typeof value === 'string' && ISO_DATE.test(value)) return new Date(value);
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  return value;
}
