import { useMemo } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Prescription } from '@willow/contracts';
import { useServerPages } from '../../components/use-server-pages';
import { formatDate } from '../../lib/dates';
import { CareRecordTable, patientColumn, useCareRecordList } from './care-record-list';
import type { CareRecordFilter } from './care-record-list';
import { useStaffNames } from '../users/users.api';
import { PrescriptionFormDialog } from './prescription-form-dialog';
import { useDeletePrescription, usePrescriptions } from './prescriptions.api';

/** The print view, in its own tab so the list stays where it was. */
export const prescriptionPrintUrl = (p: Pick<Prescription, 'id'>) => `/prescriptions/${p.id}/print`;

interface PrescriptionListProps {
  filter: CareRecordFilter;
  showPatient?: boolean;
  loadingToast?: boolean;
}

export function PrescriptionList({ filter, showPatient = true, loadingToast = false }: PrescriptionListProps) {
  const pages = useServerPages(filter);
  const prescriptions = usePrescriptions(pages.query, pages.options);
  const staffNames = useStaffNames();
  const remove = useDeletePrescription();
  const records = useCareRecordList<Prescription>({
    noun: 'prescription',
    query: prescriptions,
    loadingToast,
    deleteMessage: (p) => `Delete the prescription for ${p.drug} of ${formatDate(p.prescribedOn)}?`,
    remove: (p) => remove.mutateAsync(p.id),
  });
  const { actions } = records;

  // Every column's least width adds up to what a 1440 px screen leaves beside the navigation
  // (about 1180 px), so the row's actions are never scrolled out of sight.
  const columns = useMemo<GridColDef<Prescription>[]>(() => {
    const list: GridColDef<Prescription>[] = showPatient ? [patientColumn()] : [];
    list.push(
      { field: 'drug', headerName: 'Drug', flex: 1, minWidth: 130 },
      {
        field: 'dosing',
        headerName: 'Dose',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => `${row.dose}, ${row.frequency}`,
      },
      { field: 'quantity', headerName: 'Quantity', width: 100 },
      { field: 'refills', headerName: 'Refills', type: 'number', width: 70 },
      { field: 'prescribedOn', headerName: 'Prescribed', width: 110, valueFormatter: (v: string) => formatDate(v) },
      { field: 'expiresOn', headerName: 'Expires', width: 110, valueFormatter: (v: string | null) => formatDate(v) },
      {
        field: 'prescriberId',
        headerName: 'Prescriber',
        width: 140,
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
          ...actions(row, row.drug),
        ],
      },
    );
    return list;
  }, [showPatient, staffNames, actions]);

  return (
    <CareRecordTable
      records={records}
      rows={prescriptions.data?.items}
      server={pages.table(prescriptions.data?.total)}
      columns={columns}
      noRowsLabel="No prescriptions recorded"
      form={
        <PrescriptionFormDialog
          open={records.formDialog.open}
          prescription={records.formDialog.editing}
          patientId={filter.patientId}
          clientId={filter.clientId}
          locationId={filter.locationId}
          onClose={records.formDialog.close}
        />
      }
    />
  );
}
