import { describe, expect, it } from 'vitest';
import type { Payment } from '@willow/contracts';
import { suggestAllocations, takenByCard, unitsToCents } from './money';

describe('amounts typed in the currency’s units', () => {
  it('become cents, exactly', () => {
    expect(unitsToCents('85')).toBe(8_500);
    expect(unitsToCents(' 85.5 ')).toBe(8_550);
    expect(unitsToCents('1,085.50')).toBe(108_550);
    expect(unitsToCents('0.29')).toBe(29);
    expect(unitsToCents('19.99')).toBe(1_999);
  });

  it('are not a number when they are not an amount', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1e3']) expect(unitsToCents(text)).toBeNaN();
  });
});

describe('the suggested split', () => {
  it('pays the invoices in order, each up to its balance, the rest left over', () => {
    const invoices = [
      { id: 'a', balance: 3_000 },
      { id: 'b', balance: 5_000 },
      { id: 'c', balance: 1_000 },
    ];
    expect([...suggestAllocations(6_000, invoices)]).toEqual([
      ['a', 3_000],
      ['b', 3_000],
    ]);
    expect([...suggestAllocations(20_000, invoices)]).toEqual([
      ['a', 3_000],
      ['b', 5_000],
      ['c', 1_000],
    ]);
    expect(suggestAllocations(0, invoices).size).toBe(0);
  });
});

describe('which money rows can be deleted', () => {
  const row = (over: Partial<Payment>): Payment => ({
    id: 'p',
    locationId: 'l',
    clientId: 'c',
    clientName: 'Maria Alvarez',
    kind: 'payment',
    paymentTypeId: 't',
    paymentTypeName: 'Cash',
    method: 'cash',
    currency: 'USD',
    amount: 1_000,
    receivedAt: '2026-11-20T15:00:00.000Z',
    reference: null,
    notes: null,
    refundOfPaymentId: null,
    card: false,
    allocations: [],
    refunded: 0,
    unallocated: 1_000,
    createdAt: '2026-11-20T15:00:00.000Z',
    ...over,
  });
  it('cash can be deleted; a Stripe payment, a card taken at a terminal and a card refund cannot (they are refunded)', () => {
    expect(takenByCard(row({}))).toBe(false);
    expect(takenByCard(row({ card: true, method: 'card' }))).toBe(true);
    expect(takenByCard(row({ method: 'card', paymentTypeName: 'Card' }))).toBe(true);
    expect(takenByCard(row({ kind: 'refund', method: 'card', refundOfPaymentId: 'q', reference: 're_123' }))).toBe(true);
  });
});
