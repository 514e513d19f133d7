import { Box, Link } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import HeartBrokenIcon from '@mui/icons-material/HeartBroken';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import UndoIcon from '@mui/icons-material/Undo';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Patient } from '@willow/contracts';
import { Link as RouterLink } from 'react-router';
import { ArchivedChip } from '../../components/archived-chip';
import { formatAge } from '../../lib/dates';
import { AlertChips, DeceasedChip } from './patient-chips';
import type { usePatientActions } from './patient-actions';

type Actions = ReturnType<typeof usePatientActions>['actions'];

/** The patient columns every list shares; `withClient` adds the owner as a link. */
export function patientColumns<P extends Patient & { clientName?: string }>(
  actions: Actions | null,
  { withClient = false, book }: { withClient?: boolean; /** books a living patient: its row gets a Book button */ book?: (patient: P) => void } = {},
): GridColDef<P>[] {
  const columns: GridColDef<P>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 130,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/patients/${row.id}`} onClick={(e) => e.stopPropagation()} sx={{ color: 'inherit', fontWeight: 500 }}>
          {row.name}
        </Link>
      ),
    },
    { field: 'speciesName', headerName: 'Species', width: 100 },
  ];
  if (withClient)
    columns.push({
      field: 'clientName',
      headerName: 'Client',
      flex: 1,
      minWidth: 140,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/clients/${row.clientId}`} onClick={(e) => e.stopPropagation()}>
          {row.clientName}
        </Link>
      ),
    });
  columns.push(
    { field: 'breed', headerName: 'Breed', width: 120 },
    {
      field: 'age',
      headerName: 'Age',
      width: 110,
      sortable: false,
      valueGetter: (_v, row) => formatAge(row.dateOfBirth, row.deceasedOn ?? undefined) ?? '',
    },
    {
      field: 'alerts',
      headerName: 'Alerts',
      flex: 1,
      minWidth: 140,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', overflow: 'hidden' }}>
          <AlertChips alerts={row.alerts} />
        </Box>
      ),
    },
    {
      field: 'deceasedOn',
      headerName: 'Status',
      width: 195,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%', overflow: 'hidden' }}>
          <DeceasedChip deceasedOn={row.deceasedOn} />
          <ArchivedChip archivedAt={row.archivedAt} />
        </Box>
      ),
    },
  );
  if (actions)
    columns.push({
      field: 'actions',
      type: 'actions',
      width: book ? 150 : 120,
      getActions: ({ row }) => [
        ...(book && !row.deceasedOn && !row.archivedAt
          ? [<GridActionsCellItem key="book" icon={<EventIcon />} label={`Book ${row.name}`} onClick={() => book(row)} />]
          : []),
        <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => actions.edit(row)} />,
        row.deceasedOn ? (
          <GridActionsCellItem
            key="undo"
            icon={<UndoIcon />}
            label={`Undo deceased for ${row.name}`}
            onClick={() => actions.undoDeceased(row)}
            showInMenu
          />
        ) : (
          <GridActionsCellItem
            key="deceased"
            icon={<HeartBrokenIcon />}
            label={`Mark ${row.name} as deceased`}
            onClick={() => actions.markDeceased(row)}
            showInMenu
          />
        ),
        // Deleting for good is on the patient's own page, where it shows whether they have history.
        row.archivedAt ? (
          <GridActionsCellItem key="restore" icon={<UnarchiveIcon />} label={`Restore ${row.name}`} onClick={() => void actions.restore(row)} showInMenu />
        ) : (
          <GridActionsCellItem key="archive" icon={<ArchiveIcon />} label={`Archive ${row.name}`} onClick={() => actions.archive(row)} showInMenu />
        ),
      ],
    });
  return columns;
}
