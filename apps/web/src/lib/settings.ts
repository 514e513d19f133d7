import { useSyncExternalStore } from 'react';

/** The settings saved in the browser, stored as JSON in localStorage under this key. */
export const SETTINGS_KEY = 'settings';

export interface SavedSettings {
  navCollapsed: boolean;
  navToggleType: 'accordion';
  timezone: string;
  selectedProviders: string[];
  selectedStatuses: string[];
  selectedServices: string[];
  locationId: string | null;
  locationName: string | null;
}

/** navHidden lives for the page's lifetime only: it is not saved. */
export interface Settings extends SavedSettings {
  navHidden: boolean;
}

const SAVED_KEYS = [
  'navCollapsed',
  'navToggleType',
  'timezone',
  'selectedProviders',
  'selectedStatuses',
  'selectedServices',
  'locationId',
  'locationName',
] as const satisfies readonly (keyof SavedSettings)[];

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function defaultSettings(): Settings {
  return {
    navCollapsed: false,
    navToggleType: 'accordion',
    timezone: browserTimeZone(),
    selectedProviders: [],
    selectedStatuses: [],
    selectedServices: [],
    locationId: null,
    locationName: null,
    navHidden: false,
  };
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** Reads what is stored, keeping only well-formed values: the storage is user-editable. */
function load(): Settings {
  const settings = defaultSettings();
  let raw: unknown;
  try {
    raw = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? 'null');
  } catch {
    return settings;
  }
  if (!raw || typeof raw !== 'object') return settings;
  const r = raw as Record<string, unknown>;
  if (typeof r.navCollapsed === 'boolean') settings.navCollapsed = r.navCollapsed;
  if (typeof r.timezone === 'string' && r.timezone) settings.timezone = r.timezone;
  if (isStringArray(r.selectedProviders)) settings.selectedProviders = r.selectedProviders;
  if (isStringArray(r.selectedStatuses)) settings.selectedStatuses = r.selectedStatuses;
  if (isStringArray(r.selectedServices)) settings.selectedServices = r.selectedServices;
  if (isNullableString(r.locationId)) settings.locationId = r.locationId;
  if (isNullableString(r.locationName)) settings.locationName = r.locationName;
  return settings;
}

function persist(settings: Settings): void {
  const saved: Partial<SavedSettings> = {};
  for (const key of SAVED_KEYS) (saved as Record<string, unknown>)[key] = settings[key];
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(saved));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory settings still work.
  }
}

type Listener = () => void;

/** A tiny external store so any feature can read and change settings without a provider. */
export function createSettingsStore() {
  let state: Settings = load();
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch: Partial<Settings> | ((current: Settings) => Partial<Settings>)) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      persist(state);
      for (const listener of listeners) listener();
    },
    /** Re-read storage (another tab, or after logout). */
    reload() {
      state = load();
      for (const listener of listeners) listener();
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
export const settingsStore = createSettingsStore();
// Another tab changed the settings: take them on, so this tab does not write its older copy back over them.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SETTINGS_KEY || event.key === null) settingsStore.reload();
  });
}

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}

export const updateSettings: SettingsStore['update'] = (patch) => settingsStore.update(patch);

const NO_SCHEDULE_FILTERS = { selectedServices: [], selectedProviders: [], selectedStatuses: [] } satisfies Partial<Settings>;

/** Back to every provider, service and the default statuses. */
export function clearScheduleFilters(): void {
  settingsStore.update(NO_SCHEDULE_FILTERS);
}

/** A new location means the schedule filters chosen for the old one no longer apply. */
export function selectLocation(location: { id: string; name: string } | null): void {
  settingsStore.update({ locationId: location?.id ?? null, locationName: location?.name ?? null, ...NO_SCHEDULE_FILTERS });
}

/** Forget everything tied to the account (switching accounts, signing out). */
export function clearAccountSelections(): void {
  selectLocation(null);
}
