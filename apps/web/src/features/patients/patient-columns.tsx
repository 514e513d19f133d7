import { Box, Link } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import HeartBrokenIcon from '@mui/icons-material/HeartBroken';
import UndoIcon from '@mui/icons-material/Undo';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Patient } from '@willow/contracts';
import { Link as RouterLink } from 'react-router';
import { formatAge } from '../../lib/dates';
import { AlertChips, DeceasedChip } from './patient-chips';
import type { usePatientActions } from './patient-actions';

type Actions = ReturnType<typeof usePatientActions>['actions'];

/** The patient columns every list shares; `withClient` adds the owner as a link. */
export function patientColumns<P extends Patient & { clientName?: string }>(
  actions: Actions | null,
  { withClient = false }: { withClient?: boolean } = {},
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
      renderCell: ({ row }) => <DeceasedChip deceasedOn={row.deceasedOn} />,
    },
  );
  if (actions)
    columns.push({
      field: 'actions',
      type: 'actions',
      width: 120,
      getActions: ({ row }) => [
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
        <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => actions.remove(row)} showInMenu />,
      ],
    });
  return columns;
}
