import type { GridColDef } from '@mui/x-data-grid';
import type { AddOnCategory } from '@willow/contracts';
import { LocationCatalogPage, useLocationCatalog } from '../locations/location-catalog-page';
import { AddOnCategoryFormDialog } from './add-on-category-form-dialog';
import { useAddOnCategories, useDeleteAddOnCategory } from './add-ons.api';

const columns: GridColDef<AddOnCategory>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 200 },
];

export default function AddOnCategoriesPage() {
  const catalog = useLocationCatalog();
  const { place, showInactive } = catalog;
  const categories = useAddOnCategories(place.locationId, !showInactive);
  const remove = useDeleteAddOnCategory();
  return (
    <LocationCatalogPage
      catalog={catalog}
      title="Add-On Categories"
      newLabel="New category"
      list={categories}
      loadingToast="Loading Categories..."
      errorToast="Error getting add-on categories"
      columns={columns}
      noRowsLabel="No categories yet"
      remove={{
        title: 'Delete category',
        message: (c) => `Delete ${c.name}?`,
        run: (c) => remove.mutateAsync(c.id),
        success: 'Add-On Category deleted',
        error: 'Error deleting add-on category',
      }}
      renderForm={({ open, editing, onClose }) => (
        <AddOnCategoryFormDialog
          open={open}
          category={editing}
          locationId={place.locationId}
          locationName={place.location?.name}
          onClose={onClose}
        />
      )}
    />
  );
}
