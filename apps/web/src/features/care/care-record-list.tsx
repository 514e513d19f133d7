import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { DELETE_RECORDS, type OpQuery, type PatientRef, type prescriptionOps } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable, type ServerPagination } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { PatientRefCell } from '../patients/patient-cell';
import { capitalized } from './noun';

/** Filters shared by prescription and vaccination lists (their list operations' query, less the paging). */
export type CareRecordFilter = Omit<OpQuery<typeof prescriptionOps.list>, 'limit' | 'offset'>;

interface CareRecord {
  id: string;
  patient: PatientRef;
}

/** Sorts by the patient's name, shows the patient with their client. */
export function patientColumn<T extends CareRecord>(): GridColDef<T> {
  return {
    field: 'patientId',
    headerName: 'Patient',
    flex: 1,
    minWidth: 200,
    valueGetter: (_value, row) => row.patient.name,
    renderCell: ({ row }) => <PatientRefCell patient={row.patient} />,
  };
}

interface CareRecordListOptions<T> {
  /** lower case, as in 'New prescription' and 'Error getting prescriptions' */
  noun: string;
  query: { isLoading: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  /** announce loading with a toast (the full page; tabs load quietly) */
  loadingToast: boolean;
  deleteMessage: (record: T) => string;
  remove: (record: T) => Promise<unknown>;
}

/**
 * The wiring prescriptions and vaccinations lists share: load toasts, the edit form's state and
 * the delete confirmation. Render the result with `CareRecordTable`.
 */
export function useCareRecordList<T extends CareRecord>({ noun, query, loadingToast, deleteMessage, remove }: CareRecordListOptions<T>) {
  const Noun = capitalized(noun);
  const formDialog = useFormDialog<T>();
  const { openEdit } = formDialog;
  useLoadingToast(loadingToast && query.isLoading, `Loading ${Noun}s...`);
  useErrorToast(query.error, `Error getting ${noun}s`);
  const confirmDelete = useConfirmDelete<T>({
    title: `Delete ${noun}`,
    message: deleteMessage,
    run: remove,
    success: `${Noun} deleted`,
    error: `Error deleting ${noun}`,
  });
  const { ask } = confirmDelete;
  // A care record is corrected by an edit; deleting it for good needs records.delete.
  const canDelete = useHasAnyPermission([DELETE_RECORDS]);
  // Stable, so the grid's columns need not be rebuilt on every render.
  const actions = useCallback(
    (row: T, name: string) => [
      <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${name}`} onClick={() => openEdit(row)} />,
      ...(canDelete ? [<GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${name}`} onClick={() => ask(row)} />] : []),
    ],
    [openEdit, ask, canDelete],
  );
  return {
    noun,
    loading: query.isLoading,
    loadError: loadErrorOf(query),
    formDialog,
    /** the row's edit and delete buttons, labelled with what the row is called */
    actions,
    confirmDialog: confirmDelete.dialog,
  };
}

interface CareRecordTableProps<T extends CareRecord> {
  records: ReturnType<typeof useCareRecordList<T>>;
  /** left of the New button, e.g. a quick filter */
  toolbar?: ReactNode;
  rows: readonly T[] | undefined;
  columns: GridColDef<T>[];
  noRowsLabel: string;
  /** the record's form dialog, driven by `records.formDialog` */
  form: ReactNode;
  /** the list's pages (useServerPages) */
  server: ServerPagination;
}

export function CareRecordTable<T extends CareRecord>({ records, toolbar, rows, columns, noRowsLabel, form, server }: CareRecordTableProps<T>) {
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: toolbar ? 'space-between' : 'flex-end',
          mb: 1.5,
        }}
      >
        {toolbar}
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={records.formDialog.openNew}>
          {`New ${records.noun}`}
        </Button>
      </Box>
      <DataTable
        label={`${capitalized(records.noun)}s`}
        rows={rows}
        columns={columns}
        isRowMuted={(row) => row.patient.deceasedOn !== null}
        loading={records.loading}
        loadError={records.loadError}
        noRowsLabel={noRowsLabel}
        server={server}
      />
      {form}
      {records.confirmDialog}
    </>
  );
}
