import { describe, expect, it } from 'vitest';
import { AMOXICILLIN } from '../../test/inventory-fixtures';
import { blankItem, describeQuantity, inputOfItem, plural, valuesOfItem } from './item-values';

describe('item values', () => {
  it('says units the way staff read them', () => {
    expect(plural('tablet', 2)).toBe('tablets');
    expect(plural('box', 2)).toBe('boxes');
    expect(plural('box', 1)).toBe('box');
    expect(plural('ml', 5)).toBe('ml');
    expect(plural('bottle', 0.5)).toBe('bottles');
    expect(describeQuantity(250, AMOXICILLIN)).toBe('250 tablets (2.5 boxes)');
  });

  it('an item edited and sent back unchanged is the item it was (money in cents, levels per location)', () => {
    const input = inputOfItem(valuesOfItem(AMOXICILLIN, [AMOXICILLIN.locations[0]!.locationId]));
    expect(input).toMatchObject({ cost: 2000, sellPrice: 150, unitsPerPurchase: 100, locations: AMOXICILLIN.locations, barcode: AMOXICILLIN.barcode });
    // a new item has one row of settings per location, nothing to reorder yet
    expect(inputOfItem(blankItem(['a', 'b'])).locations).toEqual([
      { locationId: 'a', reorderPoint: 0, reorderTo: 0, taxCodeId: null },
      { locationId: 'b', reorderPoint: 0, reorderTo: 0, taxCodeId: null },
    ]);
  });
});
