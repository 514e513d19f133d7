import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import type { ConfirmDeleteOptions } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { LocationPicker, usePageLocation } from './use-page-location';

/** A row of a location's catalogue (services, add-on categories and items). */
type CatalogRow = GridValidRowModel & { id: string; name: string; active: boolean };

/**
 * The state a catalogue page needs before it can ask for its rows: the location it shows and
 * whether inactive rows are listed too.
 */
export function useLocationCatalog() {
  const canManage = useHasAnyPermission(['locations.manage']);
  const place = usePageLocation();
  const [showInactive, setShowInactive] = useState(false);
  return { canManage, place, showInactive, setShowInactive };
}

export type LocationCatalog = ReturnType<typeof useLocationCatalog>;

interface LocationCatalogPageProps<T extends CatalogRow> {
  catalog: LocationCatalog;
  /** the page title, also the grid's accessible name */
  title: string;
  newLabel: string;
  list: { data?: T[]; isLoading: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown };
  /** the rows shown, when the page narrows the list further (default: all of it) */
  rows?: readonly T[];
  loadingToast: string;
  errorToast: string;
  /** the page's own columns; Active and the edit/delete actions follow. Stable, e.g. module-level. */
  columns: GridColDef<T>[];
  noRowsLabel: string;
  remove: ConfirmDeleteOptions<T>;
  /** more filters beside the location picker */
  filters?: ReactNode;
  /** also told when the user picks another location, before the page switches to it */
  onLocationPicked?: (id: string) => void;
  /** the create/edit dialog; `editing` is null for a new row */
  renderForm: (form: { open: boolean; editing: T | null; onClose: () => void }) => ReactNode;
}

/**
 * A per-location catalogue page (services, add-on categories, add-on items): header with the
 * "Show inactive" switch and the New button, the location picker, the grid with its edit and
 * delete actions, the form dialog and the delete confirmation.
 */
export function LocationCatalogPage<T extends CatalogRow>({
  catalog,
  title,
  newLabel,
  list,
  rows = list.data,
  loadingToast,
  errorToast,
  columns,
  noRowsLabel,
  remove,
  filters,
  onLocationPicked,
  renderForm,
}: LocationCatalogPageProps<T>) {
  const { canManage, place, showInactive, setShowInactive } = catalog;
  const formDialog = useFormDialog<string>();
  const { openEdit } = formDialog;
  useLoadingToast(list.isLoading, loadingToast);
  useErrorToast(list.error, errorToast);
  const confirmDelete = useConfirmDelete<T>(remove);
  const askDelete = confirmDelete.ask;
  // The dialog follows the cached row, so a refetch never edits a stale copy.
  const editing = list.data?.find((row) => row.id === formDialog.editing) ?? null;

  const allColumns = useMemo<GridColDef<T>[]>(() => {
    const active: GridColDef<T> = {
      field: 'active',
      headerName: 'Active',
      width: 100,
      renderCell: ({ row }) => (
        <Chip size="small" variant="outlined" label={row.active ? 'Active' : 'Inactive'} color={row.active ? 'success' : 'default'} />
      ),
    };
    if (!canManage) return [...columns, active];
    return [
      ...columns,
      active,
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
  }, [columns, canManage, openEdit, askDelete]);

  const pick = (id: string) => {
    onLocationPicked?.(id);
    place.choose(id);
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={place.location?.name}
        actions={
          <>
            <SwitchInput label="Show inactive" checked={showInactive} onChange={setShowInactive} />
            {canManage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew} disabled={!place.locationId}>
                {newLabel}
              </Button>
            )}
          </>
        }
      />
      {(place.canPick || filters) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
          {place.canPick && <LocationPicker value={place.locationId} locations={place.locations} onChange={pick} />}
          {filters}
        </Box>
      )}
      <DataTable
        label={title}
        rows={rows}
        columns={allColumns}
        loadError={loadErrorOf(list)}
        loading={list.isLoading || place.loading}
        noRowsLabel={noRowsLabel}
      />
      {canManage && (
        <>
          {renderForm({ open: formDialog.open, editing, onClose: formDialog.close })}
          {confirmDelete.dialog}
        </>
      )}
    </>
  );
}
