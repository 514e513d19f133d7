import { useCallback, useMemo } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useSearchParams } from 'react-router';
import type { Location } from '@willow/contracts';
import { useLocations } from './locations.api';
import { useWorkingLocation } from './use-working-location';

/**
 * The location a per-location settings page (services, add-ons) shows: the one named in the
 * address (`?locationId=`, so the Locations page can link to it and the link can be shared),
 * else the working location. The choice is kept in the address, not in the navigation's setting.
 */
export function usePageLocation() {
  const place = useWorkingLocation();
  const everyLocation = useLocations(false);
  const [params, setParams] = useSearchParams();
  const fromAddress = params.get('locationId');
  const locationId = fromAddress || place.locationId;
  const location = useMemo(
    () => (everyLocation.data ?? place.locations).find((l) => l.id === locationId) ?? null,
    [everyLocation.data, place.locations, locationId],
  );
  const choose = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('locationId', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    locationId,
    location,
    locations: place.locations,
    /** a choice is offered under 'All Locations', or when a link opened another location */
    canPick: place.canPick || (Boolean(fromAddress) && place.locations.length > 1),
    choose,
    loading: place.loading,
  };
}

interface LocationPickerProps {
  value: string | null;
  locations: readonly Location[];
  onChange: (id: string) => void;
}

export function LocationPicker({ value, locations, onChange }: LocationPickerProps) {
  // An inactive location opened from a link is not among the active ones; show it blank, not broken.
  const known = value !== null && locations.some((l) => l.id === value);
  return (
    <TextField
      select
      size="small"
      label="Location"
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      // a long name ends in an ellipsis rather than widening a phone's page
      sx={{ minWidth: 200, maxWidth: '100%' }}
    >
      {locations.map((l) => (
        <MenuItem key={l.id} value={l.id}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
