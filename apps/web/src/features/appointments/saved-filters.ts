import { useCallback, useEffect, useMemo, useRef } from 'react';
import { settingsStore, updateSettings, useSettings } from '../../lib/settings';
import { useScheduleSidebar } from './appointments.api';

export interface SavedSelections {
  selectedProviders: readonly string[];
  selectedServices: readonly string[];
}

/** The providers and services a filter can name (the schedule sidebar's answer). */
export interface OfferedChoices {
  providers: readonly { id: string }[];
  services: readonly { id: string }[];
}

const keepOffered = (saved: readonly string[], offered: readonly { id: string }[]) => {
  const known = new Set(offered.map((x) => x.id));
  return saved.filter((id) => known.has(id));
};

/**
 * The saved provider and service filters without the ids the lists no longer offer (deleted,
 * deactivated, no longer a provider, no longer at the location), in their saved order; null when
 * every saved id is still offered. A filter left empty means all of them, as everywhere.
 */
export function withoutStaleSelections(
  saved: SavedSelections,
  offered: OfferedChoices,
): { selectedProviders: string[]; selectedServices: string[] } | null {
  const selectedProviders = keepOffered(saved.selectedProviders, offered.providers);
  const selectedServices = keepOffered(saved.selectedServices, offered.services);
  const changed = selectedProviders.length !== saved.selectedProviders.length || selectedServices.length !== saved.selectedServices.length;
  return changed ? { selectedProviders, selectedServices } : null;
}

/**
 * The saved provider and service filters, checked against the lists they were chosen from: the
 * saved location's, or the whole account's under 'All Locations'. Not the location a page falls
 * back to then (the calendar's working location): an id chosen on the account-wide appointments
 * list may belong to another location and is still good. The server answers 404 to a filter naming
 * an id that is not a record of the account, so once the lists have arrived the ids they no longer
 * hold are left out of what is sent and dropped from the settings (docs/decisions/0044, 0045).
 *
 * A list from the cache may be older than the saved choice (a provider added and chosen in another
 * tab): an id missing from a list fetched before this page saw the choice is looked up once more
 * before it is dropped, and a failed second look keeps it. `ready` is false while saved ids wait
 * for the first list; `recheck` looks again (the list answered 404: someone else deleted one).
 */
export function useSavedScheduleFilters(): {
  providers: readonly string[];
  services: readonly string[];
  ready: boolean;
  recheck: () => void;
} {
  const { locationId, selectedProviders, selectedServices } = useSettings();
  const anySaved = selectedProviders.length > 0 || selectedServices.length > 0;
  const sidebar = useScheduleSidebar(locationId, anySaved);
  const offered = sidebar.data;
  const stale = useMemo(
    () => (offered ? withoutStaleSelections({ selectedProviders, selectedServices }, offered) : null),
    [offered, selectedProviders, selectedServices],
  );

  /** when this page first saw the saved choice, and whether the list has been asked again for it */
  const seen = useRef<{ providers: readonly string[]; services: readonly string[]; at: number; refetched: boolean } | null>(null);
  const { isFetching, dataUpdatedAt, refetch } = sidebar;
  useEffect(() => {
    if (seen.current?.providers !== selectedProviders || seen.current.services !== selectedServices)
      seen.current = { providers: selectedProviders, services: selectedServices, at: Date.now(), refetched: false };
    if (!stale || !offered || isFetching) return;
    if (dataUpdatedAt < seen.current.at) {
      if (!seen.current.refetched) {
        seen.current.refetched = true;
        void refetch();
      }
      return;
    }
    // Against the settings as they are now, should they have changed since this render.
    const pruned = withoutStaleSelections(settingsStore.get(), offered);
    if (pruned) updateSettings(pruned);
  }, [selectedProviders, selectedServices, stale, offered, isFetching, dataUpdatedAt, refetch]);

  const recheck = useCallback(() => {
    if (anySaved) void refetch({ cancelRefetch: false });
  }, [anySaved, refetch]);
  return {
    providers: stale?.selectedProviders ?? selectedProviders,
    services: stale?.selectedServices ?? selectedServices,
    ready: !anySaved || !sidebar.isPending,
    recheck,
  };
}
