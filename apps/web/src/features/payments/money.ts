import { toCents, type Payment } from '@willow/contracts';

/**
 * An amount typed in the currency's units ("85", "85.5", "1,085.50") as cents; NaN when it is not
 * one (letters, three decimals), so the contract's check says so under the field.
 */
export function unitsToCents(text: string): number {
  const plain = text.trim().replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  return toCents(Number(plain));
}

/** A payment spread over invoices in the order given (oldest first), each up to its balance. */
export function suggestAllocations(amount: number, invoices: readonly { id: string; balance: number }[]): Map<string, number> {
  const split = new Map<string, number>();
  let rest = amount;
  for (const invoice of invoices) {
    if (rest <= 0) break;
    const take = Math.min(rest, Math.max(invoice.balance, 0));
    if (take > 0) split.set(invoice.id, take);
    rest -= take;
  }
  return split;
}

/** Money taken by card (through Stripe or at a terminal) is refunded, never deleted: the server refuses it too. */
export const takenByCard = (p: Pick<Payment, 'card' | 'method'>): boolean => p.card || p.method === 'card';
