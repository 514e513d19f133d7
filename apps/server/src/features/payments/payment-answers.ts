import type { Payment, PaymentMethod } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/index.js';
import { clientsRepository } from '../clients/index.js';
import { paymentsRepository, paymentTypesRepository, type PaymentRow } from './payments.repository.js';

/** The account's currency, which every amount is in. */
export async function accountCurrency(ex: Executor, scope: Scope): Promise<string> {
  return (await accountsRepository.findById(ex, scope.accountId))?.currency ?? 'USD';
}

/**
 * Payments as answered: with their client's name, type, allocations, what was refunded and what is
 * left unallocated, for all the rows at once (reads one after another: inside a write's
 * transaction they share one connection).
 */
export async function toPayments(ex: Executor, scope: Scope, rows: PaymentRow[]): Promise<Payment[]> {
  if (rows.length === 0) return [];
  // One after the other: inside a write's transaction they share one connection.
  const currency = await accountCurrency(ex, scope);
  const clients = new Map((await clientsRepository.findByIds(ex, scope, rows.map((r) => r.clientId))).map((c) => [c.id, c]));
  const typeIds = rows.flatMap((r) => (r.paymentTypeId ? [r.paymentTypeId] : []));
  const types = new Map((await paymentTypesRepository.findByIds(ex, scope, typeIds)).map((t) => [t.id, t]));
  const allocations = await paymentsRepository.allocationsOf(
    ex,
    scope,
    rows.map((r) => r.id),
  );
  const figures = await paymentsRepository.figuresOf(ex, scope, rows);
  return rows.map((r) => {
    const client = clients.get(r.clientId);
    const type = r.paymentTypeId ? types.get(r.paymentTypeId) : undefined;
    const f = figures.get(r.id)!;
    return {
      id: r.id,
      locationId: r.locationId,
      clientId: r.clientId,
      clientName: client ? `${client.firstName} ${client.lastName}`.trim() : '',
      kind: r.kind as Payment['kind'],
      paymentTypeId: r.paymentTypeId,
      paymentTypeName: type?.name ?? null,
      method: (type?.method as PaymentMethod | undefined) ?? null,
      currency,
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
      refunded: f.refunded,
      unallocated: r.kind === 'payment' ? f.unallocated : 0,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
