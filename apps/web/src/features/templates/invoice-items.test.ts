import { describe, expect, it } from 'vitest';
import {
  addItem,
  centsToDollars,
  changeItem,
  dollarsToCents,
  draftsFromItems,
  lineTotalCents,
  moveItem,
  removeItem,
  toItemInputs,
  totalCents,
} from './invoice-items';

describe('invoice template items', () => {
  it('reads dollars as typed into integer cents', () => {
    expect(dollarsToCents('12.50')).toBe(1250);
    expect(dollarsToCents('$1,234.5')).toBe(123450);
    expect(dollarsToCents('3,75')).toBe(375);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents(' 45 ')).toBe(4500);
    expect(Number.isInteger(dollarsToCents('19.99'))).toBe(true);
  });

  it('leaves a third decimal fractional and junk or blank as NaN, for the contract to refuse', () => {
    expect(dollarsToCents('12.345')).toBe(1234.5);
    expect(dollarsToCents('abc')).toBeNaN();
    expect(dollarsToCents('')).toBeNaN();
    expect(dollarsToCents('1.2.3')).toBeNaN();
  });

  it('shows saved cents as dollars and works out the lines and the total', () => {
    expect(centsToDollars(1250)).toBe('12.50');
    expect(centsToDollars(5)).toBe('0.05');
    expect(lineTotalCents({ quantity: '3', unitPrice: '19.99' })).toBe(5997);
    expect(lineTotalCents({ quantity: '', unitPrice: '19.99' })).toBe(0);
    expect(totalCents([{ quantity: '1', unitPrice: '495' }, { quantity: '2', unitPrice: '22.50' }, { quantity: '1', unitPrice: 'x' }])).toBe(54000);
  });

  it('adds, edits, reorders and removes lines and sends them in order, amounts in cents', () => {
    let items = addItem(addItem(addItem([])));
    items = changeItem(items, 0, { description: 'Home euthanasia', unitPrice: '495' });
    items = changeItem(items, 1, { description: 'Paw print', quantity: '2', unitPrice: '45.5' });
    items = changeItem(items, 2, { description: 'Private cremation', unitPrice: '260.00' });
    items = moveItem(items, 2, 1);
    expect(moveItem(items, 0, -1)).toEqual(items);
    items = removeItem(items, 2);
    expect(new Set(items.map((i) => i.key)).size).toBe(2);
    expect(toItemInputs(items)).toEqual([
      { description: 'Home euthanasia', quantity: 1, unitPrice: 49500, serviceId: null, addOnId: null },
      { description: 'Private cremation', quantity: 1, unitPrice: 26000, serviceId: null, addOnId: null },
    ]);
  });

  it('opens saved lines in their position order with their prices in dollars', () => {
    const drafts = draftsFromItems([
      { id: 'b', position: 2, description: 'Second', quantity: 1.5, unitPrice: 1999, serviceId: null, addOnId: null },
      { id: 'a', position: 1, description: 'First', quantity: 1, unitPrice: 100, serviceId: 's', addOnId: null },
    ]);
    expect(drafts.map((d) => [d.description, d.quantity, d.unitPrice, d.serviceId])).toEqual([
      ['First', '1', '1.00', 's'],
      ['Second', '1.5', '19.99', null],
    ]);
  });
});
