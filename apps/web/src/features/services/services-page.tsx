import { useMemo, useState } from 'react';
import { Box, Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Service } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { ServiceFormDialog } from './service-form-dialog';
import { formatPrice } from './service-format';
import { useDeleteService, useServiceList } from './services.api';
import { LocationPicker, usePageLocation } from './use-page-location';

export default function ServicesPage() {
  const canManage = useHasAnyPermission(['locations.manage']);
  const place = usePageLocation();
  const [showInactive, setShowInactive] = useState(false);
  const services = useServiceList(place.locationId, !showInactive);
  const remove = useDeleteService();
  const formDialog = useFormDialog<string>();
  const { openEdit } = formDialog;
  useLoadingToast(services.isLoading, 'Loading Services...');
  useErrorToast(services.error, 'Error getting services');
  const confirmDelete = useConfirmDelete<Service>({
    title: 'Delete service',
    message: (s) => `Delete ${s.name}? It can no longer be booked. To keep it on past appointments, make it inactive instead.`,
    run: (s) => remove.mutateAsync(s.id),
    success: 'Service deleted',
    error: 'Error deleting service',
  });
  const askDelete = confirmDelete.ask;
  // The dialog follows the cached row, so a refetch never edits a stale copy.
  const editing = services.data?.find((s) => s.id === formDialog.editing) ?? null;

  const columns = useMemo<GridColDef<Service>[]>(() => {
    const list: GridColDef<Service>[] = [
      { field: 'type', headerName: 'Type', width: 140 },
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
      { field: 'duration', headerName: 'Duration (min)', type: 'number', width: 130 },
      { field: 'price', headerName: 'Price', type: 'number', width: 110, valueFormatter: (value: number) => formatPrice(value) },
      {
        field: 'active',
        headerName: 'Active',
        width: 100,
        renderCell: ({ value }) => (
          <Chip size="small" variant="outlined" label={value ? 'Active' : 'Inactive'} color={value ? 'success' : 'default'} />
        ),
      },
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
        title="Services"
        subtitle={place.location?.name}
        actions={
          <>
            <SwitchInput label="Show inactive" checked={showInactive} onChange={setShowInactive} />
            {canManage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew} disabled={!place.locationId}>
                New service
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
        label="Services"
        rows={services.data}
        columns={columns}
        loading={services.isLoading || place.loading}
        noRowsLabel={showInactive ? 'No services yet' : 'No active services'}
      />
      {canManage && (
        <>
          <ServiceFormDialog
            open={formDialog.open}
            service={editing}
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
