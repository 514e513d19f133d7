import { formatCents, PAYMENT_STATE_LABELS, type InvoiceSummary } from '@willow/contracts';

type Settled = Pick<InvoiceSummary, 'kind' | 'status' | 'paymentState' | 'total' | 'credited' | 'currency'>;

/**
 * What the credit notes credited of an invoice, from the figures the server computes
 * (invoice-balances.repository.ts): "Credited in full", "Credited $X", or null when nothing was.
 */
export function creditLabel(invoice: Settled): string | null {
  if (invoice.kind !== 'invoice' || invoice.credited <= 0) return null;
  return invoice.credited >= invoice.total ? 'Credited in full' : `Credited ${formatCents(invoice.credited, invoice.currency)}`;
}

/**
 * How a finalised invoice stands, as its chips and lines say it: whether it is paid, and what was
 * credited. One credited in full is not said to be paid: nobody paid it.
 */
export function settlementLabels(invoice: Settled): { paid: string | null; credit: string | null } {
  const credit = creditLabel(invoice);
  if (invoice.status !== 'finalised' || invoice.paymentState === 'not_due') return { paid: null, credit };
  const inFull = invoice.kind === 'invoice' && invoice.credited >= invoice.total && invoice.credited > 0;
  return { paid: inFull ? null : PAYMENT_STATE_LABELS[invoice.paymentState], credit };
}
