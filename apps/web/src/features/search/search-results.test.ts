import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './search-store';
import { moveActive, searchItems } from './search-results';

describe('global search', () => {
  it('lists clients, then patients, each with where it leads', () => {
    const items = searchItems({
      clients: [{ id: 'c1', firstName: 'Emma', lastName: 'Thompson', email: 'e@x.test', phone: '555', locationId: 'l1' }],
      patients: [
        { id: 'p1', name: 'Bella', clientId: 'c1', clientName: 'Emma Thompson', speciesName: 'Dog', microchip: null, deceasedOn: '2025-01-02' },
      ],
    });
    expect(items.map((i) => [i.kind, i.title, i.detail, i.path])).toEqual([
      ['client', 'Emma Thompson', '555 · e@x.test', '/clients/c1'],
      ['patient', 'Bella', 'Dog · Emma Thompson', '/patients/p1'],
    ]);
    expect(items[1]?.deceasedOn).toBe('2025-01-02');
  });

  it('wraps the active row with the arrow keys', () => {
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, 1, 0)).toBe(0);
  });

  it('opens on Ctrl+K and Cmd+K only', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});
