import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { AddOnCategory } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { LocationPicker, usePageLocation } from '../services/use-page-location';
import { ActiveChip } from './active-chip';
import { AddOnCategoryFormDialog } from './add-on-category-form-dialog';
import { useAddOnCategories, useDeleteAddOnCategory } from './add-ons.api';

export default function AddOnCategoriesPage() {
  const canManage = useHasAnyPermission(['locations.manage']);
  const place = usePageLocation();
  const [showInactive, setShowInactive] = useState(false);
  const categories = useAddOnCategories(place.locationId, !showInactive);
  const remove = useDeleteAddOnCategory();
  const formDialog = useFormDialog<string>();
  const { openEdit } = formDialog;
  useLoadingToast(categories.isLoading, 'Loading Categories...');
  useErrorToast(categories.error, 'Error getting add-on categories');
  const confirmDelete = useConfirmDelete<AddOnCategory>({
    title: 'Delete category',
    message: (c) => `Delete ${c.name}?`,
    run: (c) => remove.mutateAsync(c.id),
    success: 'Add-On Category deleted',
    error: 'Error deleting add-on category',
  });
  const askDelete = confirmDelete.ask;
  const editing = categories.data?.find((c) => c.id === formDialog.editing) ?? null;

  const columns = useMemo<GridColDef<AddOnCategory>[]>(() => {
    const list: GridColDef<AddOnCategory>[] = [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
      { field: 'description', headerName: 'Description', flex: 2, minWidth: 200 },
      { field: 'active', headerName: 'Active', width: 100, renderCell: ({ row }) => <ActiveChip active={row.active} /> },
    ];
    if (!canManage) return list;
    list.push({
      field: 'actions',
      type: 'actions',
      width: 90,
      getActions: ({ row }) => [
        <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => openEdit(row.id)} />,
        <GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => askDelete(row)} />,
      ],
    });
    return list;
  }, [canManage, openEdit, askDelete]);

  return (
    <>
      <PageHeader
        title="Add-On Categories"
        subtitle={place.location?.name}
        actions={
          <>
            <SwitchInput label="Show inactive" checked={showInactive} onChange={setShowInactive} />
            {canManage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew} disabled={!place.locationId}>
                New category
              </Button>
            )}
          </>
        }
      />
      {place.canPick && (
        <Box sx={{ mb: 2 }}>
          <LocationPicker value={place.locationId} locations={place.locations} onChange={place.choose} />
        </Box>
      )}
      <DataTable
        label="Add-On Categories"
        rows={categories.data}
        columns={columns}
        loading={categories.isLoading || place.loading}
        noRowsLabel="No categories yet"
      />
      {canManage && (
        <>
          <AddOnCategoryFormDialog
            open={formDialog.open}
            category={editing}
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
