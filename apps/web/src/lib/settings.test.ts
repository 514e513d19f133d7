import { beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, SETTINGS_KEY } from './settings';

const saved = () => JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? '{}') as Record<string, unknown>;

describe('settings store', () => {
  beforeEach(() => window.localStorage.clear());

  it('saves exactly the saved settings keys and never navHidden', () => {
    const store = createSettingsStore();
    store.update({ navHidden: true, navCollapsed: true });
    expect(store.get().navHidden).toBe(true);
    expect(Object.keys(saved()).sort()).toEqual(
      [
        'locationId',
        'locationName',
        'navCollapsed',
        'navToggleType',
        'selectedProviders',
        'selectedServices',
        'selectedStatuses',
        'timezone',
      ].sort(),
    );
    expect(saved().navCollapsed).toBe(true);
  });

  it('ignores a navHidden found in storage', () => {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify({ navHidden: true, navCollapsed: true }));
    const store = createSettingsStore();
    expect(store.get().navHidden).toBe(false);
    expect(store.get().navCollapsed).toBe(true);
  });

  it('survives malformed storage', () => {
    window.localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(createSettingsStore().get().locationId).toBeNull();
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify({ selectedProviders: 'x', locationId: 5 }));
    const store = createSettingsStore();
    expect(store.get().selectedProviders).toEqual([]);
    expect(store.get().locationId).toBeNull();
  });

  it('notifies subscribers', () => {
    const store = createSettingsStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.update({ timezone: 'Europe/Paris' });
    unsubscribe();
    store.update({ timezone: 'UTC' });
    expect(calls).toBe(1);
  });
});
