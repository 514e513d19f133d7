import { useMemo } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { TEMPLATE_MESSAGES } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { LocationPicker, usePageLocation } from '../locations/use-page-location';
import { TemplateFormDialog } from './template-form-dialog';
import { KIND_SPECS } from './template-kinds';
import { useDeleteTemplate, useTemplates } from './templates.api';
import type { EditableKind, TemplateOf } from './templates.api';

/**
 * One kind's templates at the page's location. Everyone signed in may read them (messages and
 * notes use them); adding, editing and deleting need locations.manage, and their buttons hide
 * without it.
 */
export function TemplatesPage<K extends EditableKind>({ kind }: { kind: K }) {
  const spec = KIND_SPECS[kind];
  const canManage = useHasAnyPermission(['locations.manage']);
  const place = usePageLocation();
  const list = useTemplates(kind, place.locationId);
  const remove = useDeleteTemplate(kind);
  useLoadingToast(list.isLoading, `Loading ${spec.title}...`);
  useErrorToast(list.error, TEMPLATE_MESSAGES.listError[kind]);
  const formDialog = useFormDialog<string>();
  const { openEdit } = formDialog;
  const confirmDelete = useConfirmDelete<TemplateOf[K]>({
    title: `Delete ${spec.newLabel.replace(/^New /, '')}`,
    message: (t) => `Delete ${t.name}? This cannot be undone.`,
    run: (t) => remove.mutateAsync(t.id),
    success: TEMPLATE_MESSAGES.deleted,
    error: TEMPLATE_MESSAGES.deleteError,
  });
  const askDelete = confirmDelete.ask;
  // The dialog follows the cached row, so a refetch never edits a stale copy.
  const editing = list.data?.find((t) => t.id === formDialog.editing) ?? null;

  const columns = useMemo<GridColDef<TemplateOf[K]>[]>(() => {
    if (!canManage) return spec.columns;
    return [
      ...spec.columns,
      {
        field: 'actions',
        type: 'actions',
        width: 90,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => openEdit(row.id)} />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => askDelete(row)} />,
        ],
      },
    ];
  }, [spec.columns, canManage, openEdit, askDelete]);

  return (
    <>
      <PageHeader
        title={spec.title}
        subtitle={place.location?.name}
        actions={
          canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew} disabled={!place.locationId}>
              {spec.newLabel}
            </Button>
          )
        }
      />
      {place.canPick && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
          <LocationPicker value={place.locationId} locations={place.locations} onChange={place.choose} />
        </Box>
      )}
      <DataTable
        label={spec.title}
        rows={list.data}
        columns={columns}
        loadError={loadErrorOf(list)}
        loading={list.isLoading || place.loading}
        noRowsLabel={spec.noRows}
        onRowClick={canManage ? (row) => openEdit(row.id) : undefined}
      />
      {canManage && (
        <>
          <TemplateFormDialog
            kind={kind}
            open={formDialog.open}
            template={editing}
            locationId={place.locationId}
            locationName={place.location?.name}
            onClose={formDialog.close}
          />
          {confirmDelete.dialog}
        </>
      )}
    </>
  );
}

export const InvoiceTemplatesPage = () => <TemplatesPage kind="invoice" />;
export const DocumentTemplatesPage = () => <TemplatesPage kind="document" />;
export const EmailTemplatesPage = () => <TemplatesPage kind="email" />;
export const PdfTemplatesPage = () => <TemplatesPage kind="pdf" />;
export const NoteTemplatesPage = () => <TemplatesPage kind="note" />;
export const SmsTemplatesPage = () => <TemplatesPage kind="sms" />;
