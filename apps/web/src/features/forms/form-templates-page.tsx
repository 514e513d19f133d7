import { useMemo } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { FORM_PURPOSE_LABELS, TEMPLATE_MESSAGES } from '@willow/contracts';
import type { FormTemplate } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { formatDateTime } from '../../lib/dates';
import { useErrorToast } from '../../lib/toasts';
import { LocationPicker, usePageLocation } from '../locations/use-page-location';
import { FormTemplateDialog } from './form-template-dialog';
import { useDeleteFormTemplate, useFormTemplates } from './forms.api';

const columns: GridColDef<FormTemplate>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  { field: 'purpose', headerName: 'Purpose', width: 170, valueGetter: (_v, row) => FORM_PURPOSE_LABELS[row.purpose] },
  { field: 'fields', headerName: 'Fields', width: 90, type: 'number', valueGetter: (_v, row) => row.fields.length },
  { field: 'version', headerName: 'Version', width: 90, type: 'number' },
  { field: 'updatedAt', headerName: 'Updated', width: 170, valueFormatter: (value: string) => formatDateTime(value) },
];

/** A location's form templates (Settings › Templates › Form): the forms its clients fill in and sign. */
export default function FormTemplatesPage() {
  const canManage = useHasAnyPermission(['locations.manage']);
  const place = usePageLocation();
  const templates = useFormTemplates(place.locationId);
  const remove = useDeleteFormTemplate();
  const dialog = useFormDialog<string>();
  const { openEdit } = dialog;
  useErrorToast(templates.error, TEMPLATE_MESSAGES.listError.form);
  const confirmDelete = useConfirmDelete<FormTemplate>({
    title: 'Delete form template',
    message: (t) => `Delete ${t.name}? Forms already submitted keep their questions and answers.`,
    run: (t) => remove.mutateAsync(t.id),
    success: TEMPLATE_MESSAGES.deleted,
    error: TEMPLATE_MESSAGES.deleteError,
  });
  const askDelete = confirmDelete.ask;
  // The dialog follows the cached row, so a refetch never edits a stale copy.
  const editing = templates.data?.find((t) => t.id === dialog.editing) ?? null;

  const allColumns = useMemo<GridColDef<FormTemplate>[]>(
    () =>
      canManage
        ? [
            ...columns,
            {
              field: 'actions',
              type: 'actions',
              width: 90,
              getActions: ({ row }) => [
                <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => openEdit(row.id)} />,
                <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => askDelete(row)} />,
              ],
            },
          ]
        : columns,
    [canManage, openEdit, askDelete],
  );

  return (
    <>
      <PageHeader
        title="Form Templates"
        subtitle={place.location?.name}
        actions={
          canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew} disabled={!place.locationId}>
              New form
            </Button>
          )
        }
      />
      {place.canPick && (
        <Box sx={{ mb: 2 }}>
          <LocationPicker value={place.locationId} locations={place.locations} onChange={place.choose} />
        </Box>
      )}
      <DataTable
        label="Form Templates"
        rows={templates.data}
        columns={allColumns}
        loadError={loadErrorOf(templates)}
        loading={templates.isLoading || place.loading}
        noRowsLabel="No form templates yet"
        onRowClick={canManage ? (row) => openEdit(row.id) : undefined}
      />
      {canManage && (
        <>
          <FormTemplateDialog open={dialog.open} template={editing} locationId={place.locationId} onClose={dialog.close} />
          {confirmDelete.dialog}
        </>
      )}
    </>
  );
}
