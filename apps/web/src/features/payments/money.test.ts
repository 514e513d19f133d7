import { describe, expect, it } from 'vitest';
import { suggestAllocations, unitsToCents } from './money';

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
