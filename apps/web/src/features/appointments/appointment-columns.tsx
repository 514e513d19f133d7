import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { Appointment } from '@willow/contracts';
import { useSettings } from '../../lib/settings';
import { useLocations } from '../locations/locations.api';
import { useStaffNames } from '../users/users.api';
import { AppointmentStatusChip } from './appointment-status-chip';
import { formatInZone } from './appointment-times';

interface ColumnOptions {
  /** the time zone of a location (each row is read in its own location's) */
  zoneOf: (locationId: string) => string;
  /** a provider's name by id */
  nameOf: (userId: string) => string;
  /** leave the client out where the list is one client's */
  showClient?: boolean;
  /** a location's name, when the list spans locations ('All Locations') */
  locationOf?: (locationId: string) => string;
}

const patientLabel = (p: Appointment['patients'][number]) => (p.deceasedOn ? `${p.name} (deceased)` : p.name);

export function appointmentColumns({ zoneOf, nameOf, showClient = true, locationOf }: ColumnOptions): GridColDef<Appointment>[] {
  const columns: GridColDef<Appointment>[] = [
    {
      field: 'startAt',
      headerName: 'Start',
      minWidth: 250,
      flex: 1.2,
      valueGetter: (_v, row) => formatInZone(row.startAt, zoneOf(row.locationId)),
    },
  ];
  if (locationOf)
    columns.push({ field: 'location', headerName: 'Location', minWidth: 150, flex: 1, valueGetter: (_v, row) => locationOf(row.locationId) });
  if (showClient)
    columns.push({
      field: 'client',
      headerName: 'Client',
      minWidth: 150,
      flex: 1,
      valueGetter: (_v, row) => `${row.client.firstName} ${row.client.lastName}`,
    });
  columns.push(
    {
      field: 'patients',
      headerName: 'Patients',
      minWidth: 140,
      flex: 1,
      valueGetter: (_v, row) => row.patients.map(patientLabel).join(', '),
    },
    {
      field: 'services',
      headerName: 'Services',
      minWidth: 160,
      flex: 1,
      valueGetter: (_v, row) => row.services.map((s) => s.name).join(', '),
    },
    {
      field: 'providers',
      headerName: 'Providers',
      minWidth: 160,
      flex: 1,
      valueGetter: (_v, row) =>
        [row.primaryProviderId, row.secondaryProviderId]
          .filter((id): id is string => Boolean(id))
          .map(nameOf)
          .join(', '),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 190,
      renderCell: ({ row }) => <AppointmentStatusChip status={row.status} />,
    },
    {
      field: 'source',
      headerName: 'Source',
      width: 90,
      valueGetter: (_v, row) => (row.source === 'online' ? 'Online' : 'Staff'),
    },
  );
  return columns;
}

/** Columns with the lookups they need: location time zones and staff names. */
export function useAppointmentColumns(showClient = true): GridColDef<Appointment>[] {
  const locations = useLocations(false).data;
  const staffNames = useStaffNames();
  const { timezone, locationId } = useSettings();
  return useMemo(() => {
    const zones = new Map((locations ?? []).map((l) => [l.id, l.timezone]));
    const names = new Map((locations ?? []).map((l) => [l.id, l.name]));
    return appointmentColumns({
      ...(locationId === null && names.size > 1 ? { locationOf: (id: string) => names.get(id) ?? '' } : {}),
      // Until locations load, the user's own zone stands in; the labels say which zone it is.
      zoneOf: (id) => zones.get(id) ?? timezone,
      nameOf: (id) => staffNames?.get(id) ?? '…',
      showClient,
    });
  }, [locations, staffNames, timezone, locationId, showClient]);
}
