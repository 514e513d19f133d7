import { useMemo, useState } from 'react';
import { Box, Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Vaccination } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { QuickFilter } from '../../components/quick-filter';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { formatDate } from '../../lib/dates';
import type { CareRecordFilter } from '../../lib/query-keys';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { PatientRefCell } from '../patients/patient-cell';
import { useStaffNames } from '../users/users.api';
import { VaccinationFormDialog } from './vaccination-form-dialog';
import { byUrgency, filterVaccinations, vaccinationStatusChip } from './vaccination-status';
import type { VaccinationQuickFilter } from './vaccination-status';
import { useDeleteVaccination, useVaccinations } from './vaccinations.api';

interface VaccinationListProps {
  filter: CareRecordFilter;
  /** on a patient's page the patient column says nothing new */
  showPatient?: boolean;
  /** announce loading with a toast (the full page; tabs load quietly) */
  loadingToast?: boolean;
}

export function VaccinationList({ filter, showPatient = true, loadingToast = false }: VaccinationListProps) {
  const vaccinations = useVaccinations(filter);
  const staffNames = useStaffNames();
  const remove = useDeleteVaccination();
  const [quick, setQuick] = useState<VaccinationQuickFilter>('all');
  const [editing, setEditing] = useState<Vaccination | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  useLoadingToast(loadingToast && vaccinations.isLoading, 'Loading Vaccinations...');
  useErrorToast(vaccinations.error, 'Error getting vaccinations');
  const confirmDelete = useConfirmDelete<Vaccination>({
    title: 'Delete vaccination',
    message: (v) => `Delete the ${v.vaccine} vaccination given on ${formatDate(v.givenOn)}?`,
    run: (v) => remove.mutateAsync(v.id),
    success: 'Vaccination deleted',
    error: 'Error deleting vaccination',
  });
  const askDelete = confirmDelete.ask;

  const all = useMemo(() => vaccinations.data ?? [], [vaccinations.data]);
  const rows = useMemo(() => filterVaccinations(all, quick), [all, quick]);
  const count = (status: VaccinationQuickFilter) => filterVaccinations(all, status).length;

  const columns = useMemo<GridColDef<Vaccination>[]>(() => {
    // Status first: the column that matters at a glance stays in view on a phone.
    const list: GridColDef<Vaccination>[] = [
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        sortComparator: byUrgency,
        renderCell: ({ row }) => {
          const chip = vaccinationStatusChip(row.status);
          return <Chip size="small" label={chip.label} color={chip.color} />;
        },
      },
    ];
    if (showPatient)
      list.push({
        field: 'patientId',
        headerName: 'Patient',
        flex: 1,
        minWidth: 260,
        valueGetter: (_value, row) => row.patient.name,
        renderCell: ({ row }) => <PatientRefCell patient={row.patient} />,
      });
    list.push(
      { field: 'vaccine', headerName: 'Vaccine', flex: 1, minWidth: 140 },
      { field: 'givenOn', headerName: 'Given', width: 120, valueFormatter: (v: string) => formatDate(v) },
      { field: 'nextDueOn', headerName: 'Next due', width: 120, valueFormatter: (v: string | null) => formatDate(v) },
      {
        field: 'providerId',
        headerName: 'Provider',
        width: 150,
        valueGetter: (v: string | null) => (v ? (staffNames?.get(v) ?? '') : ''),
      },
      { field: 'lotNumber', headerName: 'Lot', width: 100 },
      {
        field: 'actions',
        type: 'actions',
        width: 90,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={`Edit ${row.vaccine}`}
            onClick={() => {
              setEditing(row);
              setFormOpen(true);
            }}
          />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.vaccine}`} onClick={() => askDelete(row)} />,
        ],
      },
    );
    return list;
  }, [showPatient, staffNames, askDelete]);

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <QuickFilter
          label="Vaccination status"
          value={quick}
          onChange={setQuick}
          options={[
            { value: 'all', label: 'All', count: all.length },
            { value: 'overdue', label: 'Overdue', count: count('overdue') },
            { value: 'dueSoon', label: 'Due soon', count: count('dueSoon') },
          ]}
        />
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          New vaccination
        </Button>
      </Box>
      <DataTable
        label="Vaccinations"
        rows={rows}
        columns={columns}
        isRowMuted={(row) => row.patient.deceasedOn !== null}
        loading={vaccinations.isLoading}
        noRowsLabel={quick === 'all' ? 'No vaccinations recorded' : 'No vaccinations in this group'}
      />
      <VaccinationFormDialog
        open={formOpen}
        vaccination={editing}
        patientId={filter.patientId}
        clientId={filter.clientId}
        locationId={filter.locationId}
        onClose={() => setFormOpen(false)}
      />
      {confirmDelete.dialog}
    </>
  );
}
