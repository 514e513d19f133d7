import type { GridColDef } from '@mui/x-data-grid';
import type { Service } from '@willow/contracts';
import { LocationCatalogPage, useLocationCatalog } from '../locations/location-catalog-page';
import { ServiceFormDialog } from './service-form-dialog';
import { formatPrice } from './service-format';
import { useDeleteService, useServiceList } from './services.api';

const columns: GridColDef<Service>[] = [
  { field: 'type', headerName: 'Type', width: 140 },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  { field: 'duration', headerName: 'Duration (min)', type: 'number', width: 130 },
  { field: 'price', headerName: 'Price', type: 'number', width: 110, valueFormatter: (value: number) => formatPrice(value) },
];

export default function ServicesPage() {
  const catalog = useLocationCatalog();
  const { place, showInactive } = catalog;
  const services = useServiceList(place.locationId, !showInactive);
  const remove = useDeleteService();
  return (
    <LocationCatalogPage
      catalog={catalog}
      title="Services"
      newLabel="New service"
      list={services}
      loadingToast="Loading Services..."
      errorToast="Error getting services"
      columns={columns}
      noRowsLabel={showInactive ? 'No services yet' : 'No active services'}
      remove={{
        title: 'Delete service',
        message: (s) => `Delete ${s.name}? It can no longer be booked. To keep it on past appointments, make it inactive instead.`,
        run: (s) => remove.mutateAsync(s.id),
        success: 'Service deleted',
        error: 'Error deleting service',
      }}
      renderForm={({ open, editing, onClose }) => (
        <ServiceFormDialog
          open={open}
          service={editing}
          locationId={place.locationId}
          locationName={place.location?.name}
          onClose={onClose}
        />
      )}
    />
  );
}
