import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { AddOn } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { SelectInput, SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { formatPrice } from '../services/service-format';
import { LocationPicker, usePageLocation } from '../services/use-page-location';
import { ActiveChip } from './active-chip';
import { AddOnFormDialog } from './add-on-form-dialog';
import { describeOptions } from './add-on-options';
import { useAddOnCategories, useAddOnItems, useDeleteAddOn } from './add-ons.api';

export default function AddOnItemsPage() {
  const canManage = useHasAnyPermission(['locations.manage']);
  const place = usePageLocation();
  const [showInactive, setShowInactive] = useState(false);
  const [categoryId, setCategoryId] = useState('');
  const items = useAddOnItems(place.locationId, !showInactive);
  const categories = useAddOnCategories(place.locationId, false);
  const remove = useDeleteAddOn();
  const formDialog = useFormDialog<string>();
  const { openEdit } = formDialog;
  useLoadingToast(items.isLoading, 'Loading Add-On Items...');
  useErrorToast(items.error, 'Error getting add-on items');
  const confirmDelete = useConfirmDelete<AddOn>({
    title: 'Delete add-on item',
    message: (a) => `Delete ${a.name}?`,
    run: (a) => remove.mutateAsync(a.id),
    success: 'Add-On deleted',
    error: 'Error deleting add-on',
  });
  const askDelete = confirmDelete.ask;
  const editing = items.data?.find((a) => a.id === formDialog.editing) ?? null;
  const rows = useMemo(
    () => (categoryId ? items.data?.filter((a) => a.categoryId === categoryId) : items.data),
    [items.data, categoryId],
  );
  const categoryOptions = useMemo(() => (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })), [categories.data]);

  const columns = useMemo<GridColDef<AddOn>[]>(() => {
    const list: GridColDef<AddOn>[] = [
      { field: 'categoryName', headerName: 'Category', width: 160 },
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'description', headerName: 'Description', flex: 1, minWidth: 160 },
      { field: 'price', headerName: 'Price', type: 'number', width: 100, valueFormatter: (value: number) => formatPrice(value) },
      {
        field: 'options',
        headerName: 'Options',
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => describeOptions(row.options),
      },
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

  const choosePlace = (id: string) => {
    setCategoryId('');
    place.choose(id);
  };

  return (
    <>
      <PageHeader
        title="Add-On Items"
        subtitle={place.location?.name}
        actions={
          <>
            <SwitchInput label="Show inactive" checked={showInactive} onChange={setShowInactive} />
            {canManage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew} disabled={!place.locationId}>
                New item
              </Button>
            )}
          </>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        {place.canPick && <LocationPicker value={place.locationId} locations={place.locations} onChange={choosePlace} />}
        <Box sx={{ minWidth: 220 }}>
          <SelectInput
            label="Filter by category"
            size="small"
            options={categoryOptions}
            value={categoryId}
            onChange={setCategoryId}
            emptyLabel="All categories"
          />
        </Box>
      </Box>
      <DataTable
        label="Add-On Items"
        rows={rows}
        columns={columns}
        loading={items.isLoading || place.loading}
        noRowsLabel={categoryId ? 'No items in this category' : 'No add-on items yet'}
      />
      {canManage && (
        <>
          <AddOnFormDialog
            open={formDialog.open}
            addOn={editing}
            locationId={place.locationId}
            defaultCategoryId={categoryId || undefined}
            onClose={formDialog.close}
          />
          {confirmDelete.dialog}
        </>
      )}
    </>
  );
}
