import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { idIn, scopedTable, tenantRepository, type ListOptions, type PageOptions, type RowWith, type Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/index.js';
import { clients, clientsRepository } from '../clients/index.js';
import { type InvoicePayments, invoices } from '../invoices/index.js';
import { DEFAULT_PAYMENT_TYPES } from '@willow/contracts';
import { paymentAllocations, payments, paymentTypes } from './payments.table.js';

export type PaymentRow = typeof payments.$inferSelect;
export type AllocationRow = typeof paymentAllocations.$inferSelect;
export type PaymentTypeRow = typeof paymentTypes.$inferSelect;

const base = tenantRepository(payments);
export const allocationsRepository = tenantRepository(paymentAllocations);
const invoiceRows = scopedTable(invoices);
const typeRows = scopedTable(paymentTypes);
/** A refund of the payment of the outer query (named in SQL as `payments as refund`). */
const refund = alias(payments, 'refund');
const refundRows = scopedTable(refund);

/**
 * What a payment's answer shows beside its row, read in the statement that reads the row (decision
 * 0242): its client's name, its type, the account's currency, what its refunds gave back and what
 * of it and of its refunds sits on invoices or estimates (a refund's allocations are negative).
 */
function answerExtras(scope: Scope) {
  const ofType = eq(paymentTypes.id, payments.paymentTypeId);
  // `payments as "refund"` (an alias's own name is all the compiler writes for it), joined to the outer payment.
  const refundsOf = (column: SQL) => sql`(select ${column} from ${payments} as "refund" where ${refundRows.joined(scope, payments, eq(refund.refundOfPaymentId, payments.id))})`;
  const allocatedWhere = (where: SQL) => sql`coalesce(${allocationsRepository.valueFor(scope, payments, sql`sum(${paymentAllocations.amount})`, where)}, 0)`;
  return {
    clientName: sql<string>`coalesce(${clientsRepository.valueFor(scope, payments, sql`${clients.firstName} || ' ' || ${clients.lastName}`, eq(clients.id, payments.clientId))}, '')`,
    paymentTypeName: typeRows.valueFor<string | null>(scope, payments, paymentTypes.name, ofType),
    method: typeRows.valueFor<string | null>(scope, payments, paymentTypes.method, ofType),
    // the scope's account by its key (accounts are distributed by it): on the payment's shard
    currency: accountsRepository.currencyOfSql(scope.accountId),
    refunded: sql<number>`coalesce(${refundsOf(sql`sum(${refund.amount})`)}, 0)`.mapWith(Number),
    allocated: sql<number>`${allocatedWhere(eq(paymentAllocations.paymentId, payments.id))} + ${allocatedWhere(sql`${paymentAllocations.paymentId} in ${refundsOf(sql`${refund.id}`)}`)}`.mapWith(Number),
  };
}
/** A payment (or refund) row with what its answer shows beside it. */
export type PaymentWithExtras = RowWith<typeof payments, ReturnType<typeof answerExtras>>;
/** An allocation with its invoice's number. */
export type AllocationWithNumber = AllocationRow & { invoiceNumber: number | null };

export type PaymentQuery = {
  locationId?: string | undefined;
  clientId?: string | undefined;
  invoiceId?: string | undefined;
  kind?: 'payment' | 'refund' | undefined;
  limit: number;
  offset: number;
};

/** What a payment's own rows and its refunds' rows add up to (cents). */
export interface PaymentFigures {
  /** what its refunds gave back */
  refunded: number;
  /** what is still on each invoice or estimate (its allocations less its refunds' negative ones), keyed `invoice:<id>` / `estimate:<id>` */
  byTarget: Map<string, { invoiceId: string | null; estimateId: string | null; amount: number; lastAt: number }>;
  /** amount − refunded − what is still allocated: the client's credit from this payment */
  unallocated: number;
}

/**
 * What the invoices' balances read of payments, refunds and allocations, and the allocations'
 * questions they ask: their `InvoicePayments`, offered here and handed to the invoices' services
 * by the container (decision 0174).
 */
export const invoicePayments: InvoicePayments = {
  paidTo: (scope, outer) =>
    sql<number>`coalesce((select sum(${paymentAllocations.amount}) from ${paymentAllocations} where ${allocationsRepository.joined(scope, outer, eq(paymentAllocations.invoiceId, outer.id))}), 0)`,
  paidByInvoice: (ex, scope) =>
    allocationsRepository
      .select(ex, scope, { invoiceId: sql<string>`${paymentAllocations.invoiceId}`.as('paid_invoice_id'), paid: sql<number>`sum(${paymentAllocations.amount})`.as('paid') }, sql`${paymentAllocations.invoiceId} is not null`)
      .groupBy(paymentAllocations.invoiceId)
      .as('paid_by_invoice'),
  heldOn: (scope, outer) =>
    sql<number>`coalesce((select sum(${paymentAllocations.amount}) from ${paymentAllocations} where ${allocationsRepository.joined(scope, outer, eq(paymentAllocations.estimateId, outer.id))}), 0)`,
  // What the client paid less refunds, less what of it is allocated.
  creditOf: (scope, outer) =>
    sql<number>`(coalesce((select sum(case when ${payments.kind} = 'refund' then -${payments.amount} else ${payments.amount} end) from ${payments} where ${base.joined(scope, outer, eq(payments.clientId, outer.id))}), 0)
    - coalesce((select sum(${paymentAllocations.amount}) from ${paymentAllocations} where ${allocationsRepository.joined(scope, outer, sql`${paymentAllocations.paymentId} in (select ${payments.id} from ${payments} where ${base.joined(scope, outer, eq(payments.clientId, outer.id))})`)}), 0))`,
  anyAllocatedTo: (ex, scope, to) =>
    allocationsRepository.exists(ex, scope, 'invoiceId' in to ? eq(paymentAllocations.invoiceId, to.invoiceId) : eq(paymentAllocations.estimateId, to.estimateId)),
  moveDeposits: (tx, scope, estimateId, invoiceId) => allocationsRepository.updateWhere(tx, scope, eq(paymentAllocations.estimateId, estimateId), { estimateId: null, invoiceId }),
};

export const targetKey = (a: { invoiceId: string | null; estimateId: string | null }) => (a.invoiceId ? `invoice:${a.invoiceId}` : `estimate:${a.estimateId}`);

export const paymentsRepository = {
  ...base,

  /** Whether the client has any payment or refund (decision 0155). */
  anyOfClient: (ex: Executor, scope: Scope, clientId: string): Promise<boolean> => base.exists(ex, scope, eq(payments.clientId, clientId)),

  /** A page's filter and order: the latest received first. */
  listOptions: (q: PaymentQuery, scope: Scope): ListOptions => ({
    where: and(
      q.locationId ? eq(payments.locationId, q.locationId) : undefined,
      q.clientId ? eq(payments.clientId, q.clientId) : undefined,
      q.kind ? eq(payments.kind, q.kind) : undefined,
      q.invoiceId ? allocationsRepository.existsFor(scope, payments, and(eq(paymentAllocations.paymentId, payments.id), eq(paymentAllocations.invoiceId, q.invoiceId))) : undefined,
    ),
    orderBy: [desc(payments.receivedAt), desc(payments.createdAt), desc(payments.id)],
  }),

  /** One page of payments with what their answers show beside them (one statement). */
  answerPage: (ex: Executor, scope: Scope, opts: Omit<PageOptions<{}>, 'extras'>) => base.page(ex, scope, { ...opts, extras: answerExtras(scope) }),

  /** Payments by id with what their answers show beside them (one statement), in the ids' order. */
  async withExtras(ex: Executor, scope: Scope, ids: readonly string[]): Promise<PaymentWithExtras[]> {
    if (ids.length === 0) return [];
    const rows = await base.list(ex, scope, { where: idIn(payments.id, [...new Set(ids)]), extras: answerExtras(scope) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** The allocations of these payments with their invoices' numbers, oldest first (one statement). */
  async allocationsOf(ex: Executor, scope: Scope, paymentIds: readonly string[]): Promise<Map<string, AllocationWithNumber[]>> {
    const groups = new Map<string, AllocationWithNumber[]>(paymentIds.map((id) => [id, []]));
    if (paymentIds.length === 0) return groups;
    const rows = await allocationsRepository.list(ex, scope, {
      where: idIn(paymentAllocations.paymentId, paymentIds),
      orderBy: [asc(paymentAllocations.createdAt), asc(paymentAllocations.id)],
      extras: { invoiceNumber: invoiceRows.valueFor<number | null>(scope, paymentAllocations, invoices.number, eq(invoices.id, paymentAllocations.invoiceId)).mapWith(Number) },
    });
    for (const row of rows) groups.get(row.paymentId)?.push(row);
    return groups;
  },

  /**
   * Each payment's refunds and what it still has on each invoice or estimate. Read after the
   * payments are locked (a statement of its own, so it sees what committed while it waited).
   */
  async figuresOf(ex: Executor, scope: Scope, paymentRows: readonly PaymentRow[]): Promise<Map<string, PaymentFigures>> {
    const ids = paymentRows.map((p) => p.id);
    const result = new Map<string, PaymentFigures>(paymentRows.map((p) => [p.id, { refunded: 0, byTarget: new Map(), unallocated: p.kind === 'payment' ? p.amount : 0 }]));
    if (ids.length === 0) return result;
    const refunds = await base.select(ex, scope, { id: payments.id, of: payments.refundOfPaymentId, amount: payments.amount }, idIn(payments.refundOfPaymentId, ids));
    const ownerOf = new Map<string, string>(ids.map((id) => [id, id]));
    for (const r of refunds) {
      ownerOf.set(r.id, r.of!);
      result.get(r.of!)!.refunded += r.amount;
    }
    const allocations = await allocationsRepository
      .select(
        ex,
        scope,
        { paymentId: paymentAllocations.paymentId, invoiceId: paymentAllocations.invoiceId, estimateId: paymentAllocations.estimateId, amount: paymentAllocations.amount, createdAt: paymentAllocations.createdAt },
        idIn(paymentAllocations.paymentId, [...ownerOf.keys()]),
      )
      .orderBy(asc(paymentAllocations.createdAt), asc(paymentAllocations.id));
    for (const a of allocations) {
      const figures = result.get(ownerOf.get(a.paymentId)!)!;
      const key = targetKey(a);
      const at = figures.byTarget.get(key) ?? { invoiceId: a.invoiceId, estimateId: a.estimateId, amount: 0, lastAt: 0 };
      at.amount += a.amount;
      if (a.amount > 0) at.lastAt = Math.max(at.lastAt, a.createdAt.getTime());
      figures.byTarget.set(key, at);
    }
    for (const p of paymentRows) {
      const f = result.get(p.id)!;
      if (p.kind !== 'payment') continue;
      const allocated = [...f.byTarget.values()].reduce((s, t) => s + t.amount, 0);
      f.unallocated = p.amount - f.refunded - allocated;
    }
    return result;
  },

  /** A client's payments (not refunds), locked for a change of their allocations, oldest first (locked in id order). */
  async lockClientPayments(ex: Executor, scope: Scope, clientId: string): Promise<PaymentRow[]> {
    const rows = await base.list(ex, scope, { where: and(eq(payments.clientId, clientId), eq(payments.kind, 'payment')), orderBy: [payments.id], lock: 'update' });
    return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  },

  /** Deletes a payment (or refund) and where it went. */
  async removeWithAllocations(ex: Executor, scope: Scope, paymentId: string): Promise<boolean> {
    await allocationsRepository.removeWhere(ex, scope, eq(paymentAllocations.paymentId, paymentId));
    return base.remove(ex, scope, paymentId);
  },

  /** The payment a Stripe payment intent made at a location, locked for a refund. */
  async lockByStripeIntent(ex: Executor, scope: Scope, locationId: string, intentId: string): Promise<PaymentRow | undefined> {
    const [row] = await base.list(ex, scope, {
      where: and(eq(payments.locationId, locationId), eq(payments.stripePaymentIntentId, intentId), eq(payments.kind, 'payment')),
      limit: 1,
      lock: 'update',
    });
    return row;
  },

  /** The refunds of a payment (their references name Stripe's refunds). */
  refundsOf: (ex: Executor, scope: Scope, paymentId: string) => base.list(ex, scope, { where: eq(payments.refundOfPaymentId, paymentId) }),

  /** Whether refunds were made against the payment. */
  hasRefunds: (ex: Executor, scope: Scope, paymentId: string) => base.exists(ex, scope, eq(payments.refundOfPaymentId, paymentId)),

};

export const paymentTypesRepository = {
  ...tenantRepository(paymentTypes),

  listOptions: (): ListOptions => ({ orderBy: [asc(paymentTypes.position), asc(sql`lower(${paymentTypes.name})`), asc(paymentTypes.id)] }),

  /**
   * The default types (DEFAULT_PAYMENT_TYPES) for an account that has none: called when an account
   * is created and, once at start, for accounts made before payment types existed (decision 0114).
   * A name already taken is left alone, so running it twice adds nothing.
   */
  async ensureDefaults(ex: Executor, scope: Scope): Promise<void> {
    const base = tenantRepository(paymentTypes);
    if (await base.exists(ex, scope)) return;
    await base.insertMany(
      ex,
      scope,
      DEFAULT_PAYMENT_TYPES.map((t, position) => ({ name: t.name, method: t.method, position })),
      { ignoreConflicts: true },
    );
  },

  /** The account's active type of a method (the card type for card payments), the first by position. */
  async firstOfMethod(ex: Executor, scope: Scope, method: string): Promise<PaymentTypeRow | undefined> {
    const [row] = await tenantRepository(paymentTypes).list(ex, scope, {
      where: and(eq(paymentTypes.method, method), eq(paymentTypes.active, true)),
      orderBy: [asc(paymentTypes.position), asc(paymentTypes.id)],
      limit: 1,
    });
    return row;
  },

  /** Whether any payment uses the type (then it is marked inactive, not deleted). */
  inUse: (ex: Executor, scope: Scope, typeId: string) => base.exists(ex, scope, eq(payments.paymentTypeId, typeId)),
};

