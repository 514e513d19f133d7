import { useState } from 'react';
import { useProfileQuery } from '../../app/session';
import { clearScheduleFilters, useSettings } from '../../lib/settings';
import { useLocations } from './locations.api';

/**
 * The location a page works in (client lists, the calendar, add-ons). The API lists one location's records at a time, so with
 * 'All Locations' selected the page uses the user's own (profile) location, then the first
 * one, and offers a picker when there is a choice.
 */
export function useWorkingLocation() {
  const { locationId } = useSettings();
  const profile = useProfileQuery().data;
  const locations = useLocations(true);
  const [picked, setPicked] = useState<string | null>(null);
  const list = locations.data ?? [];
  const fallback =
    (picked && list.some((l) => l.id === picked) ? picked : null) ??
    (profile?.location && list.some((l) => l.id === profile.location?.id) ? profile.location.id : null) ??
    list[0]?.id ??
    profile?.location?.id ??
    null;
  const current = locationId ?? fallback;
  return {
    locationId: current,
    locations: list,
    /** the page offers its own choice only while the navigation says 'All Locations' */
    canPick: locationId === null && list.length > 1,
    /** like the navigation's dropdown, another location clears the schedule filters chosen for this one */
    pick: (id: string) => {
      if (id === current) return;
      setPicked(id);
      clearScheduleFilters();
    },
    loading: locations.isLoading,
  };
}
