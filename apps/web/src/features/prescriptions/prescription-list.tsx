import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PrintIcon from '@mui/icons-material/Print';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Prescription } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { formatDate } from '../../lib/dates';
import type { CareRecordFilter } from '../../lib/query-keys';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { PatientRefCell } from '../patients/patient-cell';
import { useStaffNames } from '../users/users.api';
import { PrescriptionFormDialog } from './prescription-form-dialog';
import { useDeletePrescription, usePrescriptions } from './prescriptions.api';

/** The print view, in its own tab so the list stays where it was. */
export const prescriptionPrintUrl = (p: Pick<Prescription, 'id' | 'patientId'>) =>
  `/prescriptions/${p.id}/print?patientId=${encodeURIComponent(p.patientId)}`;

interface PrescriptionListProps {
  filter: CareRecordFilter;
  showPatient?: boolean;
  loadingToast?: boolean;
}

export function PrescriptionList({ filter, showPatient = true, loadingToast = false }: PrescriptionListProps) {
  const prescriptions = usePrescriptions(filter);
  const staffNames = useStaffNames();
  const remove = useDeletePrescription();
  const [editing, setEditing] = useState<Prescription | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  useLoadingToast(loadingToast && prescriptions.isLoading, 'Loading Prescriptions...');
  useErrorToast(prescriptions.error, 'Error getting prescriptions');
  const confirmDelete = useConfirmDelete<Prescription>({
    title: 'Delete prescription',
    message: (p) => `Delete the prescription for ${p.drug} of ${formatDate(p.prescribedOn)}?`,
    run: (p) => remove.mutateAsync(p.id),
    success: 'Prescription deleted',
    error: 'Error deleting prescription',
  });
  const askDelete = confirmDelete.ask;

  const columns = useMemo<GridColDef<Prescription>[]>(() => {
    const list: GridColDef<Prescription>[] = [];
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
      { field: 'drug', headerName: 'Drug', flex: 1, minWidth: 160 },
      {
        field: 'dosing',
        headerName: 'Dose',
        flex: 1,
        minWidth: 170,
        sortable: false,
        valueGetter: (_v, row) => `${row.dose}, ${row.frequency}`,
      },
      { field: 'quantity', headerName: 'Quantity', width: 120 },
      { field: 'refills', headerName: 'Refills', type: 'number', width: 80 },
      { field: 'prescribedOn', headerName: 'Prescribed', width: 120, valueFormatter: (v: string) => formatDate(v) },
      { field: 'expiresOn', headerName: 'Expires', width: 120, valueFormatter: (v: string | null) => formatDate(v) },
      {
        field: 'prescriberId',
        headerName: 'Prescriber',
        width: 150,
        valueGetter: (v: string | null) => (v ? (staffNames?.get(v) ?? '') : ''),
      },
      {
        field: 'actions',
        type: 'actions',
        width: 120,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="print"
            icon={<PrintIcon />}
            label={`Print ${row.drug}`}
            onClick={() => window.open(prescriptionPrintUrl(row), '_blank', 'noopener')}
          />,
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={`Edit ${row.drug}`}
            onClick={() => {
              setEditing(row);
              setFormOpen(true);
            }}
          />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.drug}`} onClick={() => askDelete(row)} />,
        ],
      },
    );
    return list;
  }, [showPatient, staffNames, askDelete]);

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          New prescription
        </Button>
      </Box>
      <DataTable
        label="Prescriptions"
        rows={prescriptions.data}
        columns={columns}
        isRowMuted={(row) => row.patient.deceasedOn !== null}
        loading={prescriptions.isLoading}
        noRowsLabel="No prescriptions recorded"
      />
      <PrescriptionFormDialog
        open={formOpen}
        prescription={editing}
        patientId={filter.patientId}
        clientId={filter.clientId}
        locationId={filter.locationId}
        onClose={() => setFormOpen(false)}
      />
      {confirmDelete.dialog}
    </>
  );
}
