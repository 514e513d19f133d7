import { describe, expect, it } from 'vitest';
import { changeLines, formatValue, humaniseField } from './history-format';

describe('history formatting', () => {
  it('humanises field names', () => {
    expect(humaniseField('firstName')).toBe('First name');
    expect(humaniseField('alternatePhone')).toBe('Alternate phone');
    expect(humaniseField('primaryVeterinarianId')).toBe('Primary veterinarian');
    expect(humaniseField('weightKg')).toBe('Weight (kg)');
    expect(humaniseField('email')).toBe('Email');
    expect(humaniseField('ownerUserId')).toBe('Owner user');
  });

  it('formats values for reading', () => {
    const staff = new Map([['u1', 'Victor Vance']]);
    expect(formatValue('email', null)).toBe('—');
    expect(formatValue('neutered', true)).toBe('Yes');
    expect(formatValue('alerts', ['bites', 'anxious'])).toBe('bites, anxious');
    expect(formatValue('alerts', [])).toBe('—');
    expect(formatValue('primaryVeterinarianId', 'u1', staff)).toBe('Victor Vance');
    expect(formatValue('primaryVeterinarianId', 'u2', staff)).toBe('a former user');
    expect(formatValue('speciesId', 'abc')).toBe('set');
    expect(formatValue('locationId', 'l1', new Map([['l1', 'Lakeside']]))).toBe('Lakeside');
    expect(formatValue('weightKg', 12.5)).toBe('12.5');
  });

  it('lists changes without bookkeeping fields', () => {
    const lines = changeLines({
      changes: { phone: { from: '1', to: '2' }, storageKey: { from: null, to: 'x' }, searchText: { from: 'a', to: 'b' } },
    });
    expect(lines).toEqual([{ field: 'phone', label: 'Phone', from: '1', to: '2' }]);
  });
});
