import type { Payment, PaymentMethod } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/index.js';
import { paymentsRepository, type PaymentRow, type PaymentWithExtras } from './payments.repository.js';

/** The account's currency, which every amount is in. */
export async function accountCurrency(ex: Executor, scope: Scope): Promise<string> {
  return (await accountsRepository.findById(ex, scope.accountId))?.currency ?? 'USD';
}

/**
 * Payments as answered, from rows read with what their answers show beside them (the page's
 * statement, or `withExtras`): one more statement, their allocations (decision 0242).
 */
export async function toPayments(ex: Executor, scope: Scope, rows: readonly PaymentWithExtras[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const allocations = await paymentsRepository.allocationsOf(
    ex,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    locationId: r.locationId,
    clientId: r.clientId,
    clientName: r.clientName.trim(),
    kind: r.kind as Payment['kind'],
    paymentTypeId: r.paymentTypeId,
    paymentTypeName: r.paymentTypeName,
    method: r.method as PaymentMethod | null,
    currency: r.currency,
    amount: r.amount,
    receivedAt: r.receivedAt.toISOString(),
    reference: r.reference,
    notes: r.notes,
    refundOfPaymentId: r.refundOfPaymentId,
    card: Boolean(r.stripePaymentIntentId || r.cardPaymentRequestId),
    allocations: (allocations.get(r.id) ?? []).map((a) => ({
      id: a.id,
      invoiceId: a.invoiceId,
      estimateId: a.estimateId,
      invoiceNumber: a.invoiceNumber,
      amount: a.amount,
    })),
    refunded: r.refunded,
    // What is neither refunded nor on an invoice or estimate: the client's credit from it.
    unallocated: r.kind === 'payment' ? r.amount - r.refunded - r.allocated : 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Payments just written or locked, answered: read again with what their answers show (two statements). */
export async function answersOf(ex: Executor, scope: Scope, rows: readonly PaymentRow[]): Promise<Payment[]> {
  return toPayments(
    ex,
    scope,
    await paymentsRepository.withExtras(
      ex,
      scope,
      rows.map((r) => r.id),
    ),
  );
}
