import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createLocation,
  getLocation,
  listLocations,
  listSpecies,
  updateLocation,
  updateLocationSpecies,
} from '@willow/contracts';
import type { Location } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { locationKeys, profileKeys, subscriptionKeys } from '../../lib/query-keys';
import { useSettings } from '../../lib/settings';

export function useLocations(onlyActive: boolean) {
  return useQuery({
    queryKey: locationKeys.list(onlyActive),
    queryFn: ({ signal }) => api(listLocations, { query: { onlyActive }, signal }),
  });
}

/**
 * A location's time zone, for days and times said in it; the user's own zone for none (All
 * Locations) and until the locations have loaded.
 */
export function useZoneOf(): (locationId: string | null | undefined) => string {
  const locations = useLocations(false);
  const { timezone } = useSettings();
  return useCallback((locationId) => locations.data?.find((l) => l.id === locationId)?.timezone ?? timezone, [locations.data, timezone]);
}

/**
 * The zone a page's days are counted in: the location's, or the user's own for none (All
 * Locations). Unknown (undefined) while the locations load, so a page does not open at the wrong
 * day and then jump; the user's zone if they cannot be loaded.
 */
export function useLocationZone(locationId: string | null | undefined): string | undefined {
  const locations = useLocations(false);
  const { timezone } = useSettings();
  if (!locationId) return timezone;
  if (!locations.data) return locations.isError ? timezone : undefined;
  return locations.data.find((l) => l.id === locationId)?.timezone ?? timezone;
}

/** One location with its species list (what a patient's species is chosen from). */
export function useLocation(id: string | null | undefined) {
  return useQuery({
    queryKey: locationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api(getLocation, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

export function useSpeciesCatalogue(enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.species(),
    queryFn: ({ signal }) => api(listSpecies, { signal }),
    enabled,
  });
}

export const { useCreate: useCreateLocation, useUpdate: useUpdateLocation } = crudHooks({
  ops: { create: createLocation, update: updateLocation },
  keys: locationKeys,
  // Location counts feed the subscription usage; the profile names the user's location.
  invalidates: [locationKeys.all, subscriptionKeys.all, profileKeys.all],
});

export function useUpdateLocationSpecies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: { locationId: string; speciesId: string; action: 'add' | 'remove' }) =>
      api(updateLocationSpecies, { body: { data } }),
    onSuccess: (updated: Location) => {
      // Patch every cached list in place so the chips change without a refetch flicker.
      queryClient.setQueriesData<Location[]>({ queryKey: [...locationKeys.all, 'list'] }, (lists) =>
        lists?.map((l) => (l.id === updated.id ? updated : l)),
      );
    },
  });
}
