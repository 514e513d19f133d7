// Security-critical: what stops two payments from both taking an invoice's last dollar. The
// invoices (and estimates) a payment goes to are locked FOR UPDATE first; their balances are read
// in a statement of their own afterwards, so a payment that waited for the lock sees the
// allocations committed while it waited (a subquery in the locking statement would not: its
// snapshot is taken before the wait).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idIn, scopedTable, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { estimates, invoices } from '../invoices/invoices.table.js';
import { paymentAllocations } from './payments.table.js';

const invoiceRows = scopedTable(invoices);
const estimateRows = scopedTable(estimates);
const allocationRows = scopedTable(paymentAllocations);

/** Invoice ids sent as a list filter must be of the account (list-filters.ts). */
export const invoiceLookup = { allExistSql: tenantRepository(invoices).allExistSql };

/** What a payment needs of an invoice it goes to (the shape of the invoices' `lockForPayment`). */
export interface LockedInvoice {
  id: string;
  clientId: string;
  locationId: string;
  status: string;
  kind: string;
  total: number;
  /** total − payments allocated (less refunds) − finalised credit notes against it */
  balance: number;
}
export interface LockedEstimate {
  id: string;
  clientId: string;
  status: string;
  highTotal: number;
  /** deposits held on it */
  deposit: number;
}

export const allocationTargets = {
  /** The invoices, locked (in id order) until the transaction ends, with their balances as they now are. */
  async lockInvoices(tx: Executor, scope: Scope, ids: readonly string[]): Promise<LockedInvoice[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    await invoiceRows.select(tx, scope, { id: invoices.id }, idIn(invoices.id, unique)).orderBy(invoices.id).for('update');
    const paid = allocationRows.valueFor<number>(invoices, sql`coalesce(sum(${paymentAllocations.amount}), 0)`, eq(paymentAllocations.invoiceId, invoices.id));
    const rows = await invoiceRows.select(
      tx,
      scope,
      {
        id: invoices.id,
        clientId: invoices.clientId,
        locationId: invoices.locationId,
        status: invoices.status,
        kind: invoices.kind,
        total: invoices.total,
        paid: sql<number>`${paid}`.mapWith(Number),
      },
      idIn(invoices.id, unique),
    );
    const credited = await this.creditedOf(tx, scope, unique);
    return rows.map((r) => ({
      id: r.id,
      clientId: r.clientId,
      locationId: r.locationId,
      status: r.status,
      kind: r.kind,
      total: r.total,
      balance: r.total - r.paid - (credited.get(r.id) ?? 0),
    }));
  },

  /** What finalised credit notes took off each invoice (their totals are negative). */
  async creditedOf(ex: Executor, scope: Scope, invoiceIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await invoiceRows
      .select(
        ex,
        scope,
        { invoiceId: invoices.creditedInvoiceId, credited: sql<number>`coalesce(-sum(${invoices.total}), 0)`.mapWith(Number) },
        and(idIn(invoices.creditedInvoiceId, invoiceIds), eq(invoices.kind, 'credit_note'), eq(invoices.status, 'finalised')),
      )
      .groupBy(invoices.creditedInvoiceId);
    return new Map(rows.map((r) => [r.invoiceId!, r.credited]));
  },

  /** The estimates, locked (in id order), with the deposits held on them as they now are. */
  async lockEstimates(tx: Executor, scope: Scope, ids: readonly string[]): Promise<LockedEstimate[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    await estimateRows.select(tx, scope, { id: estimates.id }, idIn(estimates.id, unique)).orderBy(estimates.id).for('update');
    const deposit = allocationRows.valueFor<number>(estimates, sql`coalesce(sum(${paymentAllocations.amount}), 0)`, eq(paymentAllocations.estimateId, estimates.id));
    return estimateRows.select(
      tx,
      scope,
      { id: estimates.id, clientId: estimates.clientId, status: estimates.status, highTotal: estimates.highTotal, deposit: sql<number>`${deposit}`.mapWith(Number) },
      idIn(estimates.id, unique),
    );
  },
};
