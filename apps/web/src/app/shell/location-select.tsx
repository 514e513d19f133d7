import { MenuItem } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import { useQuery } from '@tanstack/react-query';
import { listLocations } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { locationKeys } from '../../lib/query-keys';
import { selectLocation, useSettings } from '../../lib/settings';
import { useHasAnyPermission } from '../session';
import { NavDropdown } from './nav-dropdown';

export const ALL_LOCATIONS = 'All Locations';

/** The location dropdown: only with switch_locations and when the account has more than one location. */
export function LocationSelect({ collapsed }: { collapsed: boolean }) {
  const permitted = useHasAnyPermission(['system.switch_locations']);
  const { locationId, locationName } = useSettings();
  const { data: locations } = useQuery({
    queryKey: locationKeys.list(true),
    queryFn: ({ signal }) => api(listLocations, { query: { onlyActive: true }, signal }),
    enabled: permitted,
  });
  if (!permitted || !locations || locations.length <= 1) return null;

  return (
    <NavDropdown name="Location" label={locationName ?? ALL_LOCATIONS} icon={<PlaceIcon />} collapsed={collapsed}>
      {(close) => [
        <MenuItem
          key="all"
          selected={locationId === null}
          onClick={() => {
            selectLocation(null);
            close();
          }}
        >
          {ALL_LOCATIONS}
        </MenuItem>,
        ...locations.map((location) => (
          <MenuItem
            key={location.id}
            selected={location.id === locationId}
            onClick={() => {
              selectLocation({ id: location.id, name: location.name });
              close();
            }}
          >
            {location.name}
          </MenuItem>
        )),
      ]}
    </NavDropdown>
  );
}
