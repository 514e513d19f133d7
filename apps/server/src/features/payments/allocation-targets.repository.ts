// Security-critical: what stops two payments from both taking an invoice's last dollar. The
// invoices (and estimates) a payment goes to are locked FOR UPDATE first; their balances are then
// read in a statement of its own. A statement that waits for a row lock keeps the snapshot it
// started with (READ COMMITTED): balances computed in the locking statement itself would miss the
// allocations the payment it waited for has just committed, and both would take the last dollar.
import { estimates, balanceReads, type BalanceReads, estimatesBase, invoicesRepository } from '../invoices/index.js';
import type { Executor } from '../../db/client.js';
import { idIn, type Scope } from '../../platform/tenant-repository.js';
import { invoicePayments } from './payments.repository.js';

/** The invoices' balances on this feature's rows, as the invoices feature computes them. */
const balances = balanceReads(invoicePayments);

/** What a payment needs of an invoice it goes to (the invoices feature's `lockForPayment`). */
export type LockedInvoice = Awaited<ReturnType<BalanceReads['lockForPayment']>>[number];
export interface LockedEstimate {
  id: string;
  clientId: string;
  status: string;
  highTotal: number;
  /** deposits held on it */
  deposit: number;
}

/** Invoice ids sent as a list filter must be of the account (list-filters.ts). */
export const invoiceLookup = { allExistSql: invoicesRepository.allExistSql };

export const allocationTargets = {
  /** The invoices, locked (in id order) until the transaction ends, with their balances as they now are. */
  async lockInvoices(tx: Executor, scope: Scope, ids: readonly string[]): Promise<LockedInvoice[]> {
    // lockForPayment locks first and reads the balances in a statement of its own (see above).
    return balances.lockForPayment(tx, scope, ids);
  },

  /** The estimates, locked (in id order), with the deposits held on them as they now are. */
  async lockEstimates(tx: Executor, scope: Scope, ids: readonly string[]): Promise<LockedEstimate[]> {
    if (ids.length === 0) return [];
    await estimatesBase.findByIds(tx, scope, ids, { lock: 'update' });
    return estimatesBase.select(
      tx,
      scope,
      { id: estimates.id, clientId: estimates.clientId, status: estimates.status, highTotal: estimates.highTotal, deposit: balances.estimateExtras(scope).deposit },
      idIn(estimates.id, [...new Set(ids)]),
    );
  },
};
