// Security-critical: money. A payment and its allocations are written in one transaction, each
// invoice it goes to locked first and its balance read after the lock (allocation-targets), so
// two payments at once can never take more than an invoice owes; refunds and moved credit lock
// the payments they take from. Balances are sums of rows (docs/decisions/0106); the money rows
// are never edited (0113); a refund of a Stripe payment is made at Stripe first (0128).
import { accountCurrency, answersOf, toPayments } from './payment-answers.js';
import { createHash } from 'node:crypto';
import {
  formatCents,
  PAYMENT_MESSAGES,
  type AllocateCreditInput,
  type Payment,
  type PaymentInput,
  type PaymentUpdateInput,
  type RefundInput,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { filtersVisibleSql } from '../../platform/list-filters.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { assertLocation, locationsRepository } from '../locations/index.js';
import { allocationTargets, invoiceLookup } from './allocation-targets.repository.js';
import {
  allocationsRepository,
  paymentsRepository,
  paymentTypesRepository,
  type PaymentQuery,
  type PaymentRow,
} from './payments.repository.js';

const unprocessable = (message: string) => new HttpError(422, message);

/** What `record` takes: a payment made at the desk, or one the card processor confirmed. */
export interface RecordPayment {
  locationId: string;
  clientId: string;
  /** null: no type (a card payment of an account whose card type was removed) */
  paymentTypeId: string | null;
  /** cents, more than 0 */
  amount: number;
  receivedAt?: Date | undefined;
  reference?: string | null | undefined;
  notes?: string | null | undefined;
  allocations: { invoiceId?: string | undefined; estimateId?: string | undefined; amount: number }[];
  stripePaymentIntentId?: string | null | undefined;
  cardPaymentRequestId?: string | null | undefined;
  createdById?: string | null | undefined;
}

type CreateInput = z.output<typeof PaymentInput>;
type UpdateInput = z.output<typeof PaymentUpdateInput>;
type Refund = z.output<typeof RefundInput>;
type AllocateCredit = z.output<typeof AllocateCreditInput>;

/** A refund of money taken through Stripe, to be made at Stripe before it is recorded. */

/** One of a charge's refunds, as Stripe's charge.refunded event lists them (newest first). */
export interface StripeRefundSeen {
  id: string;
  amount: number;
  /** the reason staff gave, when the portal asked for it */
  reason: string | null;
}

/** The words of a refund Stripe made that the portal did not ask for (in Stripe's dashboard). */
export const REFUNDED_AT_STRIPE = 'Refunded at Stripe';

/** What a written payment row tells its subscribers: the row and its allocations as written (nothing read back). */
function recorded(row: PaymentRow, allocations: DomainEvents['payment.recorded']['allocations']): DomainEvents['payment.recorded'] {
  return {
    paymentId: row.id,
    kind: row.kind === 'refund' ? 'refund' : 'payment',
    refundOfPaymentId: row.refundOfPaymentId,
    locationId: row.locationId,
    clientId: row.clientId,
    paymentTypeId: row.paymentTypeId,
    amount: row.amount,
    allocations,
    stripePaymentIntentId: row.stripePaymentIntentId,
    receivedAt: row.receivedAt,
    recordedById: row.createdById,
  };
}

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    /** a card payment's refund is made at its provider by the subscribers of 'payment.refunding'; each payment row written is told to 'payment.recorded', one deleted to 'payment.removed', credit moved to 'credit.allocated' */
    private readonly events: DomainEventBus,
  ) {
    // Refunds are payment rows too (kind 'refund'): one type, one lookup.
    audit.registerRecord('payment', paymentsRepository);
    // Money received and given back is the books: a client with any is archived, not deleted (decision 0155).
    events.on('client.deleting', 'payments', async (tx, caller, { clientId }) => {
      if (await paymentsRepository.anyOfClient(tx, caller, clientId)) throw conflict(PAYMENT_MESSAGES.clientHasPayments);
    });
  }

  // ---------- reads ----------

  async list(auth: AuthContext, q: PaymentQuery): Promise<{ items: Payment[]; total: number }> {
    const { items, total, allowed } = await paymentsRepository.answerPage(this.db, auth, {
      ...paymentsRepository.listOptions(q, auth),
      limit: q.limit,
      offset: q.offset,
      // Filtered by a location, client or invoice of the account; another account's answers 404.
      require: filtersVisibleSql(auth, [
        [locationsRepository, q.locationId],
        [clientsRepository, q.clientId],
        [invoiceLookup, q.invoiceId],
      ]),
    });
    if (!allowed) throw notFound();
    return { items: await toPayments(this.db, auth, items), total };
  }

  async get(auth: AuthContext, id: string): Promise<Payment> {
    const [row] = await paymentsRepository.withExtras(this.db, auth, [id]);
    if (!row) throw notFound();
    return (await toPayments(this.db, auth, [row]))[0]!;
  }

  // ---------- writes ----------

  /**
   * Records a payment inside the caller's transaction (the desk's create, the card webhook): its
   * location, client and type looked up in the scope; each allocation on a finalised invoice of
   * the same client (at most its balance, read under the invoice's lock) or an open or approved
   * estimate of theirs (a deposit); what is not allocated is the client's credit. Answers the row.
   */
  async record(tx: Executor, scope: Scope, input: RecordPayment): Promise<PaymentRow> {
    await assertLocation(tx, scope, input.locationId);
    if (!(await clientsRepository.findById(tx, scope, input.clientId))) throw badRequest('clientId: unknown client');
    if (input.paymentTypeId) {
      const type = await paymentTypesRepository.findById(tx, scope, input.paymentTypeId);
      if (!type) throw badRequest('paymentTypeId: unknown payment type');
      if (!type.active) throw badRequest(`paymentTypeId: ${PAYMENT_MESSAGES.inactiveType}`);
    }
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw badRequest('amount: must be more than 0');
    const allocated = input.allocations.reduce((s, a) => s + a.amount, 0);
    if (input.allocations.some((a) => !Number.isSafeInteger(a.amount) || a.amount <= 0)) throw badRequest('allocations: each amount must be more than 0');
    if (allocated > input.amount) throw unprocessable(PAYMENT_MESSAGES.overAllocated);

    const currency = await accountCurrency(tx, scope);
    // Invoices first, then estimates, each in id order: every writer takes them in this order.
    const invoiceIds = input.allocations.flatMap((a) => (a.invoiceId ? [a.invoiceId] : []));
    const estimateIds = input.allocations.flatMap((a) => (a.estimateId ? [a.estimateId] : []));
    const lockedInvoices = new Map((await allocationTargets.lockInvoices(tx, scope, invoiceIds)).map((i) => [i.id, i]));
    const lockedEstimates = new Map((await allocationTargets.lockEstimates(tx, scope, estimateIds)).map((e) => [e.id, e]));
    // Every id is looked up before anything else is said of it: another account's is not found.
    for (const a of input.allocations) {
      if ((a.invoiceId && !lockedInvoices.has(a.invoiceId)) || (a.estimateId && !lockedEstimates.has(a.estimateId))) throw notFound();
      if (a.invoiceId && a.estimateId) throw badRequest('allocations: name an invoice or an estimate, not both');
    }
    const taken = new Map<string, number>();
    for (const a of input.allocations) {
      if (a.invoiceId) {
        const invoice = lockedInvoices.get(a.invoiceId);
        if (!invoice) throw notFound();
        if (invoice.clientId !== input.clientId) throw unprocessable(PAYMENT_MESSAGES.otherClient);
        if (invoice.kind !== 'invoice' || invoice.status !== 'finalised') throw unprocessable(PAYMENT_MESSAGES.notFinalised);
        const sum = (taken.get(a.invoiceId) ?? 0) + a.amount;
        if (sum > invoice.balance)
          throw unprocessable(`The payment is more than the invoice’s balance of ${formatCents(Math.max(invoice.balance, 0), currency, 'en-US')}`);
        taken.set(a.invoiceId, sum);
      } else {
        const estimate = lockedEstimates.get(a.estimateId!);
        if (!estimate) throw notFound();
        if (estimate.clientId !== input.clientId) throw unprocessable(PAYMENT_MESSAGES.estimateOtherClient);
        if (estimate.status !== 'open' && estimate.status !== 'approved') throw unprocessable(PAYMENT_MESSAGES.estimateClosed);
        const sum = (taken.get(a.estimateId!) ?? 0) + a.amount;
        const room = estimate.highTotal - estimate.deposit;
        if (sum > room) throw unprocessable(`The deposit is more than what is left of the estimate: ${formatCents(Math.max(room, 0), currency, 'en-US')}`);
        taken.set(a.estimateId!, sum);
      }
    }

    const payment = await paymentsRepository.insert(tx, scope, {
      locationId: input.locationId,
      clientId: input.clientId,
      paymentTypeId: input.paymentTypeId,
      kind: 'payment',
      amount: input.amount,
      receivedAt: input.receivedAt ?? new Date(),
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      stripePaymentIntentId: input.stripePaymentIntentId ?? null,
      cardPaymentRequestId: input.cardPaymentRequestId ?? null,
      createdById: input.createdById ?? null,
    });
    const allocations = input.allocations.map((a) => ({ invoiceId: a.invoiceId ?? null, estimateId: a.estimateId ?? null, amount: a.amount }));
    await allocationsRepository.insertMany(
      tx,
      scope,
      // A millisecond apart: the allocations read back in the order they were sent.
      allocations.map((a, i) => ({ ...a, paymentId: payment.id, createdAt: new Date(payment.createdAt.getTime() + i) })),
    );
    // The desk's caller is who signed in; the card webhook's scope is no one's.
    const caller: Caller = 'permissions' in scope ? (scope as AuthContext) : { accountId: scope.accountId, userId: null };
    await this.events.publish(tx, caller, 'payment.recorded', recorded(payment, allocations));
    return payment;
  }

  /** The desk's payment, in the transaction the caller opened (the Idempotency-Key's), with its history entry. */
  async create(tx: Executor, auth: AuthContext, input: CreateInput): Promise<Payment> {
    const row = await this.record(tx, auth, {
      ...input,
      receivedAt: input.receivedAt ? new Date(input.receivedAt) : undefined,
      createdById: auth.userId,
    });
    await this.audit.record(tx, auth, [{ entityType: 'payment', entityId: row.id, action: 'create', after: row }]);
    return (await answersOf(tx, auth, [row]))[0]!;
  }

  /** Only what describes the payment changes: its amount and where it went never do (0113). */
  async update(auth: AuthContext, id: string, input: UpdateInput): Promise<Payment> {
    return this.db.transaction(async (tx) => {
      const existing = await paymentsRepository.findById(tx, auth, id, { lock: 'update' });
      if (!existing) throw notFound();
      const row = await paymentsRepository.update(tx, auth, id, {
        ...(input.receivedAt !== undefined && { receivedAt: new Date(input.receivedAt) }),
        ...(input.reference !== undefined && { reference: input.reference }),
        ...(input.notes !== undefined && { notes: input.notes }),
      });
      if (!row) throw notFound();
      await this.audit.record(tx, auth, [{ entityType: 'payment', entityId: id, action: 'update', before: existing, after: row }]);
      return (await answersOf(tx, auth, [row]))[0]!;
    });
  }

  /**
   * A payment (or refund) recorded by mistake, deleted for good with its allocations. A card
   * payment went through the processor: it is refunded, never deleted; a payment with refunds
   * keeps them pointing at it, so they go first.
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await paymentsRepository.findById(tx, auth, id, { lock: 'update' });
      if (!existing) throw notFound();
      if (await this.isCard(tx, auth, existing)) throw unprocessable(PAYMENT_MESSAGES.cardDelete);
      if (existing.kind === 'payment' && (await paymentsRepository.hasRefunds(tx, auth, id))) throw unprocessable(PAYMENT_MESSAGES.hasRefunds);
      if (existing.kind === 'refund') await this.assertRefundUndoable(tx, auth, id);
      const allocations = (await paymentsRepository.allocationsOf(tx, auth, [id])).get(id) ?? [];
      await paymentsRepository.removeWithAllocations(tx, auth, id);
      await this.events.publish(tx, auth, 'payment.removed', {
        paymentId: id,
        kind: existing.kind === 'refund' ? 'refund' : 'payment',
        locationId: existing.locationId,
        clientId: existing.clientId,
        allocations: allocations.map((a) => ({ invoiceId: a.invoiceId, estimateId: a.estimateId, amount: a.amount })),
      });
      await this.audit.record(tx, auth, [{ entityType: 'payment', entityId: id, action: 'delete', before: existing }]);
    });
  }

  /**
   * A refund's negative allocations gave invoices their balance back, which later payments may have
   * taken: deleting it must not leave an invoice paid more than its total (checked under the
   * invoices' lock, as a payment is).
   */
  private async assertRefundUndoable(tx: Executor, scope: Scope, refundId: string): Promise<void> {
    const allocations = (await paymentsRepository.allocationsOf(tx, scope, [refundId])).get(refundId) ?? [];
    const invoiceIds = allocations.flatMap((a) => (a.invoiceId ? [a.invoiceId] : []));
    const balances = new Map((await allocationTargets.lockInvoices(tx, scope, invoiceIds)).map((i) => [i.id, i.balance]));
    for (const a of allocations) {
      if (a.invoiceId && (balances.get(a.invoiceId) ?? 0) < -a.amount) throw unprocessable(PAYMENT_MESSAGES.refundUndo);
    }
  }

  private async isCard(ex: Executor, scope: Scope, row: PaymentRow): Promise<boolean> {
    const paymentId = row.refundOfPaymentId ?? row.id;
    const payment = row.refundOfPaymentId ? await paymentsRepository.findById(ex, scope, paymentId) : row;
    if (!payment) return false;
    if (payment.stripePaymentIntentId || payment.cardPaymentRequestId) return true;
    if (!payment.paymentTypeId) return false;
    return (await paymentTypesRepository.findById(ex, scope, payment.paymentTypeId))?.method === 'card';
  }

  /**
   * Gives back part or all of a payment, as a refund row of its own: never more than was paid less
   * earlier refunds. It comes from the payment's unallocated part first, then from its invoices and
   * deposits (the latest first), as negative allocations, so the balances they left rise again.
   * The payment is locked, so two refunds at once are checked one after the other.
   * `opts.requestKey`: the request's Idempotency-Key, which names a card refund at Stripe too;
   * `opts.madeAtStripe`: Stripe made it already (its event), so it is only recorded.
   */
  async refund(
    tx: Executor,
    auth: Caller,
    paymentId: string,
    input: Refund,
    opts: { requestKey?: string | undefined; madeAtStripe?: { reference: string | null } } = {},
  ): Promise<Payment> {
    const madeAtStripe = opts.madeAtStripe;
    const payment = await paymentsRepository.findById(tx, auth, paymentId, { lock: 'update' });
    if (!payment) throw notFound();
    if (payment.kind !== 'payment') throw unprocessable(PAYMENT_MESSAGES.refundOfRefund);
    const typeId = input.paymentTypeId ?? payment.paymentTypeId;
    if (input.paymentTypeId && !(await paymentTypesRepository.findById(tx, auth, input.paymentTypeId))) throw badRequest('paymentTypeId: unknown payment type');
    const figures = (await paymentsRepository.figuresOf(tx, auth, [payment])).get(payment.id)!;
    if (input.amount > payment.amount - figures.refunded) throw unprocessable(PAYMENT_MESSAGES.refundTooMuch);

    let rest = input.amount - Math.min(Math.max(figures.unallocated, 0), input.amount);
    const negatives: { invoiceId: string | null; estimateId: string | null; amount: number }[] = [];
    const targets = [...figures.byTarget.values()].filter((t) => t.amount > 0).sort((a, b) => b.lastAt - a.lastAt);
    for (const t of targets) {
      if (rest === 0) break;
      const take = Math.min(rest, t.amount);
      negatives.push({ invoiceId: t.invoiceId, estimateId: t.estimateId, amount: -take });
      rest -= take;
    }
    // The figures add up (what was paid = refunded + allocated + unallocated), so nothing is left.
    if (rest !== 0) throw unprocessable(PAYMENT_MESSAGES.refundTooMuch);

    // Money taken through Stripe goes back to the card through Stripe, first: a refund Stripe
    // refused is not recorded. Made with the payment locked and named by the request's key (else
    // by what was refunded before and the amount), so a retry after this transaction failed is
    // the same refund at Stripe; if Stripe's event recorded it meanwhile, that row is the answer.
    let reference: string | null = madeAtStripe?.reference ?? null;
    if (payment.stripePaymentIntentId && !madeAtStripe) {
      const name = opts.requestKey ? createHash('sha256').update(opts.requestKey).digest('hex').slice(0, 40) : `${figures.refunded}-${input.amount}`;
      const made = await this.events.publish(tx, auth, 'payment.refunding', {
        paymentId: payment.id,
        locationId: payment.locationId,
        intentId: payment.stripePaymentIntentId,
        amount: input.amount,
        key: `refund-${payment.id}-${name}`,
        reason: input.reason,
      });
      // Card payments make it at Stripe and answer Stripe's id of it.
      reference = made.find((id) => id !== undefined) ?? null;
      if (reference === null) throw new Error('no feature made the card refund at its provider');
      const recorded = (await paymentsRepository.refundsOf(tx, auth, payment.id)).find((r) => r.reference === reference);
      if (recorded) return (await answersOf(tx, auth, [recorded]))[0]!;
    }

    const refund = await paymentsRepository.insert(tx, auth, {
      locationId: payment.locationId,
      clientId: payment.clientId,
      paymentTypeId: typeId,
      kind: 'refund',
      amount: input.amount,
      receivedAt: new Date(),
      notes: input.reason,
      reference,
      refundOfPaymentId: payment.id,
      createdById: auth.userId,
    });
    await allocationsRepository.insertMany(
      tx,
      auth,
      negatives.map((n) => ({ ...n, paymentId: refund.id })),
    );
    await this.audit.record(tx, auth, [{ entityType: 'payment', entityId: refund.id, action: 'create', after: refund }]);
    await this.events.publish(tx, auth, 'payment.recorded', recorded({ ...refund, stripePaymentIntentId: payment.stripePaymentIntentId }, negatives));
    return (await answersOf(tx, auth, [refund]))[0]!;
  }

  /**
   * Stripe says a payment intent's charge has had `refundedAtStripe` given back in all: what the
   * portal has not recorded (a refund made in Stripe's dashboard) is recorded as a refund of the
   * payment, the same way. The payment is locked first, so a refund the portal is making at the
   * same moment is either counted already or not yet made. Answers whether the payment is ours.
   */
  async recordStripeRefunds(
    tx: Executor,
    scope: Scope,
    event: { locationId: string; intentId: string; refundedAtStripe: number; refunds: StripeRefundSeen[] | null },
  ): Promise<boolean> {
    const payment = await paymentsRepository.lockByStripeIntent(tx, scope, event.locationId, event.intentId);
    if (!payment) return false;
    const caller = { accountId: scope.accountId, userId: null };
    const record = async (amount: number, reason: string, reference: string | null) => {
      const figures = (await paymentsRepository.figuresOf(tx, scope, [payment])).get(payment.id)!;
      const take = Math.min(amount, payment.amount - figures.refunded);
      if (take > 0) await this.refund(tx, caller, payment.id, { amount: take, reason }, { madeAtStripe: { reference } });
    };
    if (event.refunds) {
      // Each of Stripe's refunds once, by its id: the portal's own are recorded under it already.
      const known = new Set((await paymentsRepository.refundsOf(tx, scope, payment.id)).map((r) => r.reference));
      for (const r of [...event.refunds].reverse()) {
        if (!known.has(r.id)) await record(r.amount, r.reason ?? REFUNDED_AT_STRIPE, r.id);
      }
    } else {
      // An event without its refunds listed: what Stripe gave back in all, less what is recorded.
      const figures = (await paymentsRepository.figuresOf(tx, scope, [payment])).get(payment.id)!;
      await record(Math.min(event.refundedAtStripe, payment.amount) - figures.refunded, REFUNDED_AT_STRIPE, null);
    }
    return true;
  }

  /**
   * Moves a client's credit onto one of their finalised invoices: the invoice locked first (as a
   * payment does), then their payments; taken from the oldest payments' unallocated parts.
   */
  async allocateCredit(auth: AuthContext, input: AllocateCredit): Promise<{ allocated: number; credit: number }> {
    return this.db.transaction(async (tx) => {
      if (!(await clientsRepository.findById(tx, auth, input.clientId))) throw notFound();
      const [invoice] = await allocationTargets.lockInvoices(tx, auth, [input.invoiceId]);
      if (!invoice) throw notFound();
      if (invoice.clientId !== input.clientId) throw unprocessable(PAYMENT_MESSAGES.otherClient);
      if (invoice.kind !== 'invoice' || invoice.status !== 'finalised') throw unprocessable(PAYMENT_MESSAGES.notFinalised);
      const payments = await paymentsRepository.lockClientPayments(tx, auth, input.clientId);
      const figures = await paymentsRepository.figuresOf(tx, auth, payments);
      const credit = payments.reduce((s, p) => s + Math.max(figures.get(p.id)!.unallocated, 0), 0);
      if (credit <= 0) throw unprocessable(PAYMENT_MESSAGES.noCredit);
      const currency = await accountCurrency(tx, auth);
      const amount = input.amount ?? Math.min(credit, Math.max(invoice.balance, 0));
      if (amount > credit) throw unprocessable(`The amount is more than the client’s credit of ${formatCents(credit, currency, 'en-US')}`);
      if (amount > invoice.balance || amount <= 0)
        throw unprocessable(`The payment is more than the invoice’s balance of ${formatCents(Math.max(invoice.balance, 0), currency, 'en-US')}`);
      let rest = amount;
      const rows: { paymentId: string; invoiceId: string; amount: number }[] = [];
      for (const p of payments) {
        if (rest === 0) break;
        const take = Math.min(rest, Math.max(figures.get(p.id)!.unallocated, 0));
        if (take > 0) rows.push({ paymentId: p.id, invoiceId: invoice.id, amount: take });
        rest -= take;
      }
      const written = await allocationsRepository.insertMany(tx, auth, rows);
      await this.events.publish(tx, auth, 'credit.allocated', { clientId: input.clientId, invoiceId: invoice.id, amount, paymentIds: rows.map((r) => r.paymentId) });
      await this.audit.record(
        tx,
        auth,
        written.map((a) => ({ entityType: 'payment', entityId: a.paymentId, action: 'update' as const, after: { allocatedToInvoice: a.invoiceId, amount: a.amount } })),
      );
      return { allocated: amount, credit: credit - amount };
    });
  }
}
