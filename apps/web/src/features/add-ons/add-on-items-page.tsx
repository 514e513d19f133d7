import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AddOn } from '@willow/contracts';
import { SelectInput } from '../../components/form-fields';
import { LocationCatalogPage, useLocationCatalog } from '../locations/location-catalog-page';
import { formatPrice } from '../services/service-format';
import { AddOnFormDialog } from './add-on-form-dialog';
import { describeOptions } from './add-on-options';
import { useAddOnCategories, useAddOnItems, useDeleteAddOn } from './add-ons.api';

const columns: GridColDef<AddOn>[] = [
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
];

export default function AddOnItemsPage() {
  const catalog = useLocationCatalog();
  const { place, showInactive } = catalog;
  const [categoryId, setCategoryId] = useState('');
  const items = useAddOnItems(place.locationId, !showInactive);
  const categories = useAddOnCategories(place.locationId, false);
  const remove = useDeleteAddOn();
  const rows = useMemo(
    () => (categoryId ? items.data?.filter((a) => a.categoryId === categoryId) : items.data),
    [items.data, categoryId],
  );
  const categoryOptions = useMemo(() => (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })), [categories.data]);

  return (
    <LocationCatalogPage
      catalog={catalog}
      title="Add-On Items"
      newLabel="New item"
      list={items}
      rows={rows}
      loadingToast="Loading Add-On Items..."
      errorToast="Error getting add-on items"
      columns={columns}
      noRowsLabel={categoryId ? 'No items in this category' : 'No add-on items yet'}
      remove={{
        title: 'Delete add-on item',
        message: (a) => `Delete ${a.name}?`,
        run: (a) => remove.mutateAsync(a.id),
        success: 'Add-On deleted',
        error: 'Error deleting add-on',
      }}
      // Another location has other categories: the filter starts over.
      onLocationPicked={() => setCategoryId('')}
      filters={
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
      }
      renderForm={({ open, editing, onClose }) => (
        <AddOnFormDialog
          open={open}
          addOn={editing}
          locationId={place.locationId}
          defaultCategoryId={categoryId || undefined}
          onClose={onClose}
        />
      )}
    />
  );
}
