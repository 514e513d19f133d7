import { useEffect } from 'react';
import { usePermissionsQuery, useProfileQuery } from '../../app/session';
import { updateSettings, useSettings } from '../../lib/settings';
import { useScheduleSidebar } from '../appointments/appointments.api';
import { useWorkingLocation } from '../locations/use-working-location';
import { preselectedProviders } from './calendar-filters';

/** Once per start of the app, whichever page it starts on. */
let done = false;

/**
 * A primary provider starts with themself as the provider filter of the calendar and the
 * appointments list. Mounted once in the shell, so it happens at start-up and not on the first
 * visit to the Schedule; renders nothing.
 */
export function ProviderPreselection() {
  const place = useWorkingLocation();
  const permissions = usePermissionsQuery().data?.permissions;
  const profileId = useProfileQuery().data?.id;
  const wanted = !done && Boolean(permissions?.includes('appointments.primary_provider'));
  const sidebar = useScheduleSidebar(place.locationId, wanted && place.locationId !== null).data;
  const { selectedProviders } = useSettings();
  useEffect(() => {
    if (done || !sidebar || !permissions || !profileId) return;
    done = true;
    const mine = preselectedProviders({ permissions, profileId, selectedProviders, providers: sidebar.providers });
    if (mine) updateSettings({ selectedProviders: mine });
  }, [sidebar, permissions, profileId, selectedProviders]);
  return null;
}
