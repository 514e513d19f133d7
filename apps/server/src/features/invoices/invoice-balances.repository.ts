// THE balance queries (docs/decisions/0106): what an invoice has been paid and credited, its
// balance and payment state, the deposits on an estimate, and what a client owes, computed in the
// statement that shows them. What they read of payments, refunds and allocations the payments
// feature offers through `InvoicePayments`, declared here (decision 0174): the container hands it
// to the invoices' services, and the features above build their reads with the same one. Payments
// lock invoices through `lockForPayment` so an allocation is checked against the same figures.
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { idIn, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { clientsRepository, clients } from '../clients/index.js';
import { creditedByInvoice, creditedSql, estimatesBase, estimatesRepository, invoicesRepository, namesOf, type EstimateRow, type InvoiceListQuery, type InvoiceRow } from './invoices.repository.js';
import { estimates, invoices } from './invoices.table.js';

/**
 * What the invoices read and do of the payments feature's rows: its SQL for the balances (each a
 * value for a row of the outer query, in that query's statement; refunds are negative allocations)
 * and the allocations' two questions. The payments feature implements it (`invoicePayments`).
 */
export interface InvoicePayments {
  /** what is allocated to the invoice of `outer`'s row, less refunds (0 when nothing) */
  paidTo(scope: Scope, outer: typeof invoices): SQL<number>;
  /**
   * the same, for every invoice of the scope at once: a derived table (`invoiceId`, `paid`) summed
   * in one pass, for reads over many invoices, where one sum per row would read the allocations
   * once per invoice
   */
  paidByInvoice(ex: Executor, scope: Scope): PaidByInvoice;
  /** the deposits held on the estimate of `outer`'s row: what is allocated to it, less refunds */
  heldOn(scope: Scope, outer: typeof estimates): SQL<number>;
  /** the credit of the client of `outer`'s row: what they paid, less refunds, less what is allocated */
  creditOf(scope: Scope, outer: typeof clients): SQL<number>;
  /** whether any payment or refund was ever allocated to the invoice or the estimate */
  anyAllocatedTo(ex: Executor, scope: Scope, to: { invoiceId: string } | { estimateId: string }): Promise<boolean>;
  /** the deposits on the estimate move to the invoice it became (in the caller's transaction) */
  moveDeposits(tx: Executor, scope: Scope, estimateId: string, invoiceId: string): Promise<number>;
}

/** What `paidByInvoice` answers: a derived table to join on its `invoiceId`. */
export type PaidByInvoice = SubqueryWithSelection<{ invoiceId: SQL.Aliased<string>; paid: SQL.Aliased<number> }, 'paid_by_invoice'>;

export type InvoiceWithExtras = InvoiceRow & {
  clientName: string;
  patientName: string | null;
  paid: number;
  credited: number;
  balance: number;
  paymentState: string;
};
export type EstimateWithExtras = EstimateRow & { clientName: string; patientName: string | null; deposit: number; invoiceId: string | null };

/**
 * The reads below are built for a scope: each correlated subquery names the scope's account on its
 * tables, so on Citus the statement stays on the account's shard (decision 0276).
 */
function build(payments: InvoicePayments) {
  const paidSql = (scope: Scope, outer: typeof invoices) => payments.paidTo(scope, outer);
  /**
   * The one balance rule: total − paid − credited, for a draft as for a finalised invoice (a draft
   * made from an estimate holds its deposits); a void invoice and a credit note owe nothing.
   * `paid` and `credited` are read per row (correlated) or joined from the sums by invoice.
   */
  const balanceOf = (outer: typeof invoices, paid: SQL, credited: SQL) =>
    sql<number>`(case when ${outer.kind} <> 'invoice' or ${outer.status} = 'void' then 0
    else ${outer.total} - ${paid} - ${credited} end)`;
  const balanceSql = (scope: Scope, outer: typeof invoices) => balanceOf(outer, paidSql(scope, outer), creditedSql(scope, outer));
  const paymentStateSql = (scope: Scope, outer: typeof invoices) =>
    sql<string>`(case when ${outer.kind} <> 'invoice' or ${outer.status} <> 'finalised' then 'not_due'
    when ${balanceSql(scope, outer)} <= 0 then 'paid'
    when ${paidSql(scope, outer)} + ${creditedSql(scope, outer)} > 0 then 'partly_paid'
    else 'unpaid' end)`;

  /** The balance figures of each invoice row, read beside it. */
  const balances = (scope: Scope) => ({
    paid: paidSql(scope, invoices).mapWith(Number),
    credited: creditedSql(scope, invoices).mapWith(Number),
    balance: balanceSql(scope, invoices).mapWith(Number),
    paymentState: paymentStateSql(scope, invoices),
  });
  /** What an invoice list and answer show beside each row, in the same statement. */
  const invoiceExtras = (scope: Scope) => ({ ...namesOf(scope, invoices), ...balances(scope) });
  const estimateExtras = (scope: Scope) => ({
    ...namesOf(scope, estimates),
    deposit: payments.heldOn(scope, estimates).mapWith(Number),
    /** the invoice it became */
    invoiceId: sql<string | null>`${invoicesRepository.valueFor(scope, estimates, invoices.id, eq(invoices.estimateId, estimates.id))}`,
  });

  return {
    payments,
    invoiceExtras,
    estimateExtras,

    /** An invoice list's filter and order, `unpaid` by this balance. */
    listOptions: (q: InvoiceListQuery, scope: Scope): ListOptions => invoicesRepository.listOptions(q, balanceSql(scope, invoices)),

    /**
     * The invoices of a location finalised in [from, to) that still owe something, with what they
     * owe: what an "unpaid after N days" task is about (one statement, the balance rule above).
     */
    unpaidFinalisedBetween: (
      ex: Executor,
      scope: Scope,
      q: { locationId: string; from: Date; to: Date },
    ): Promise<{ id: string; clientId: string; patientId: string | null; appointmentId: string | null; balance: number }[]> =>
      invoicesRepository
        .select(
          ex,
          scope,
          { id: invoices.id, clientId: invoices.clientId, patientId: invoices.patientId, appointmentId: invoices.appointmentId, balance: balances(scope).balance },
          and(
            eq(invoices.locationId, q.locationId),
            eq(invoices.kind, 'invoice'),
            eq(invoices.status, 'finalised'),
            gte(invoices.finalisedAt, q.from),
            lt(invoices.finalisedAt, q.to),
            sql`${balanceSql(scope, invoices)} > 0`,
          ),
        )
        .orderBy(invoices.finalisedAt, invoices.id),

    /**
     * The finalised invoices matching `where` with their balances (owing or not), as a derived
     * table for a read over many invoices (the receivables' ageing): payments and credit notes
     * summed by invoice in one pass each and joined, where the lists' per-row sums would read them
     * once per invoice (decision 0259).
     */
    finalisedBalances: <F extends SelectedFields>(ex: Executor, scope: Scope, fields: F, where?: SQL) => {
      const paid = payments.paidByInvoice(ex, scope);
      const credited = creditedByInvoice(ex, scope);
      return invoicesRepository
        .select(
          ex,
          scope,
          { ...fields, balance: sql<number>`${balanceOf(invoices, sql`coalesce(${paid.paid}, 0)`, sql`coalesce(${credited.credited}, 0)`)}`.as('balance') },
          and(eq(invoices.kind, 'invoice'), eq(invoices.status, 'finalised'), where),
        )
        .leftJoin(paid, eq(paid.invoiceId, invoices.id))
        .leftJoin(credited, eq(credited.invoiceId, invoices.id));
    },

    /** Invoices by id with their names and balances (one statement). */
    withExtras: (ex: Executor, scope: Scope, ids: readonly string[], opts: { lock?: 'update' } = {}): Promise<InvoiceWithExtras[]> =>
      invoicesRepository.withExtras<InvoiceWithExtras>(ex, scope, ids, invoiceExtras(scope), opts),

    /** Estimates by id with their names, deposits and the invoice each became (one statement). */
    estimatesWithExtras: (ex: Executor, scope: Scope, ids: readonly string[]): Promise<EstimateWithExtras[]> =>
      estimatesRepository.withExtras<EstimateWithExtras>(ex, scope, ids, estimateExtras(scope)),

    /**
     * The invoices a payment is allocated to, held FOR UPDATE until the payment's transaction ends,
     * with their balances as this feature computes them: two payments on one invoice are checked
     * one after the other, so neither can take more than is left.
     */
    async lockForPayment(
      tx: Executor,
      scope: Scope,
      invoiceIds: readonly string[],
    ): Promise<{ id: string; clientId: string; locationId: string; status: string; kind: string; total: number; balance: number }[]> {
      if (invoiceIds.length === 0) return [];
      const ids = [...new Set(invoiceIds)];
      // Locked first, read after: a statement that waits for a row lock keeps the snapshot it began
      // with (READ COMMITTED), so balances read in the locking statement would miss the payment it
      // waited for, and two payments could both take the last dollar.
      await invoicesRepository.select(tx, scope, { id: invoices.id }, idIn(invoices.id, ids)).orderBy(invoices.id).for('update');
      const rows = await invoicesRepository
        .select(tx, scope, {
          id: invoices.id,
          clientId: invoices.clientId,
          locationId: invoices.locationId,
          status: invoices.status,
          kind: invoices.kind,
          total: invoices.total,
          balance: balances(scope).balance,
        }, idIn(invoices.id, ids))
        .orderBy(invoices.id);
      return rows;
    },

    /**
     * A client's balance in one statement: what the finalised invoices still owe, the credit
     * (payments less refunds less what is allocated), and the deposits: on open or approved
     * estimates, and on draft invoices (an invoiced estimate's deposits move to its draft).
     */
    async clientBalance(ex: Executor, scope: Scope, clientId: string): Promise<{ owed: number; credit: number; deposits: number }> {
      const [row] = await clientsRepository.select(
        ex,
        scope,
        {
          owed: sql<number>`coalesce((select sum(${balanceSql(scope, invoices)}) from ${invoices} where ${invoicesRepository.joined(scope, clients, and(eq(invoices.clientId, clients.id), eq(invoices.status, 'finalised'), eq(invoices.kind, 'invoice')))}), 0)`.mapWith(Number),
          credit: payments.creditOf(scope, clients).mapWith(Number),
          deposits: sql<number>`coalesce((select sum(${payments.heldOn(scope, estimates)}) from ${estimates} where ${estimatesBase.joined(scope, clients, and(eq(estimates.clientId, clients.id), inArray(estimates.status, ['open', 'approved'])))}), 0)`.mapWith(Number),
          // A deposit moved with its estimate onto a draft invoice is still held until the invoice is finalised.
          heldOnDrafts: sql<number>`coalesce((select sum(${paidSql(scope, invoices)}) from ${invoices} where ${invoicesRepository.joined(scope, clients, and(eq(invoices.clientId, clients.id), eq(invoices.status, 'draft'), eq(invoices.kind, 'invoice')))}), 0)`.mapWith(Number),
        },
        eq(clients.id, clientId),
      );
      return { owed: row?.owed ?? 0, credit: row?.credit ?? 0, deposits: (row?.deposits ?? 0) + (row?.heldOnDrafts ?? 0) };
    },
  };
}

export type BalanceReads = ReturnType<typeof build>;
export type InvoiceExtras = ReturnType<BalanceReads['invoiceExtras']>;
export type EstimateExtras = ReturnType<BalanceReads['estimateExtras']>;

const built = new WeakMap<InvoicePayments, BalanceReads>();

/** The balance reads on what the payments feature offers, built once for each offer. */
export function balanceReads(payments: InvoicePayments): BalanceReads {
  let reads = built.get(payments);
  if (!reads) built.set(payments, (reads = build(payments)));
  return reads;
}
