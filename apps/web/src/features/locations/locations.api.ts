import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createLocation,
  getLocation,
  listLocations,
  listSpecies,
  removeLocationLogo,
  updateLocation,
  updateLocationSpecies,
} from '@willow/contracts';
import type { Location } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api, ApiError, errorMessageFrom } from '../../lib/http-client';
import { mutationOf, mutationWith } from '../../lib/mutation-of';
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

/** POST /api/location/{id}/logo as multipart form data (one file named "file"). */
async function uploadLogo(locationId: string, file: File): Promise<Location> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await fetch(`/api/location/${encodeURIComponent(locationId)}/logo`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body,
  }).catch(() => {
    throw new ApiError(errorMessageFrom(0, undefined), 0);
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new ApiError(errorMessageFrom(response.status, parsed, response.statusText), response.status);
  return parsed as Location;
}

/** The letterhead logo replaced (a multipart upload, not a JSON operation) or removed: the locations say whether they have one. */
export const useUploadLocationLogo = mutationWith(({ locationId, file }: { locationId: string; file: File }) => uploadLogo(locationId, file), {
  invalidates: [locationKeys.all],
});

export const useRemoveLocationLogo = mutationOf(removeLocationLogo, { request: (id: string) => ({ params: { id } }), invalidates: [locationKeys.all] });

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
