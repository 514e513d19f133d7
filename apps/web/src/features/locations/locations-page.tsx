import { useMemo, useState } from 'react';
import { Box, Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import PetsIcon from '@mui/icons-material/Pets';
import LinkIcon from '@mui/icons-material/Link';
import ExtensionIcon from '@mui/icons-material/Extension';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import PercentIcon from '@mui/icons-material/Percent';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Location } from '@willow/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { useHasAnyPermission } from '../../app/session';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { useFormDialog } from '../../components/use-form-dialog';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { BookingLinkDialog } from '../booking/booking-link-dialog';
import { integrationLabel } from '../integrations/integration-form';
import { LocationIntegrationsDialog } from '../integrations/location-integrations-dialog';
import { TaxCodesDialog } from '../invoices/tax-codes-dialog';
import { servicesPath } from '../services/services-link';
import { LocationFormDialog } from './location-form-dialog';
import { LocationSpeciesDialog } from './location-species-dialog';
import { useLocations } from './locations.api';

export default function LocationsPage() {
  const canManage = useHasAnyPermission(['locations.manage']);
  const [showInactive, setShowInactive] = useState(false);
  const locations = useLocations(!showInactive);
  const formDialog = useFormDialog<string>();
  const { openEdit } = formDialog;
  const [speciesForId, setSpeciesForId] = useState<string | null>(null);
  // ?integrations=<locationId> opens that location's integrations (linked from the pages that use them).
  const [searchParams, setSearchParams] = useSearchParams();
  const [integrationsForId, setIntegrationsForId] = useState<string | null>(() => searchParams.get('integrations'));
  const navigate = useNavigate();
  const [bookingFor, setBookingFor] = useState<Location | null>(null);
  const [taxCodesForId, setTaxCodesForId] = useState<string | null>(null);
  useLoadingToast(locations.isLoading, 'Loading Locations...');
  useErrorToast(locations.error, 'Error Getting Locations');

  // Dialogs follow the cached row, so species changes show up while the dialog is open.
  const byId = (id: string | null) => locations.data?.find((l) => l.id === id) ?? null;
  const editing = byId(formDialog.editing);
  const speciesFor = byId(speciesForId);
  const integrationsFor = byId(integrationsForId);
  const taxCodesFor = byId(taxCodesForId);

  const columns = useMemo<GridColDef<Location>[]>(() => {
    const base: GridColDef<Location>[] = [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
      { field: 'timezone', headerName: 'Time zone', width: 170 },
      { field: 'address', headerName: 'Address', flex: 1, minWidth: 160 },
      { field: 'phone', headerName: 'Phone', width: 130 },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 100,
        renderCell: ({ value }) => (
          <Chip size="small" variant="outlined" label={value ? 'Active' : 'Inactive'} color={value ? 'success' : 'default'} />
        ),
      },
      {
        field: 'species',
        headerName: 'Species',
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => row.species.map((s) => s.name).join(', '),
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden', alignItems: 'center', height: '100%' }}>
            {row.species.map((s) => (
              <Chip key={s.id} size="small" label={s.name} />
            ))}
          </Box>
        ),
      },
      {
        field: 'integrations',
        headerName: 'Integrations',
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => row.integrations.map((i) => integrationLabel(i.service)).join(', '),
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden', alignItems: 'center', height: '100%' }}>
            {row.integrations.map((i) => (
              <Chip key={i.service} size="small" variant="outlined" label={integrationLabel(i.service)} />
            ))}
          </Box>
        ),
      },
    ];
    // Services and the booking link concern everyone who sees the list; editing needs locations.manage.
    const shared = (row: Location) => [
      <GridActionsCellItem
        key="services"
        icon={<MedicalServicesIcon />}
        label={`Services at ${row.name}`}
        onClick={() => void navigate(servicesPath(row.id))}
      />,
      <GridActionsCellItem key="booking" icon={<LinkIcon />} label={`Booking page of ${row.name}`} onClick={() => setBookingFor(row)} />,
    ];
    return [
      ...base,
      {
        field: 'actions',
        type: 'actions',
        width: canManage ? 250 : 90,
        getActions: ({ row }) => [
          ...(canManage
            ? [
                <GridActionsCellItem
                  key="edit"
                  icon={<EditIcon />}
                  label={`Edit ${row.name}`}
                  onClick={() => openEdit(row.id)}
                />,
                <GridActionsCellItem key="species" icon={<PetsIcon />} label={`Species at ${row.name}`} onClick={() => setSpeciesForId(row.id)} />,
                <GridActionsCellItem key="taxCodes" icon={<PercentIcon />} label={`Tax codes of ${row.name}`} onClick={() => setTaxCodesForId(row.id)} />,
                <GridActionsCellItem
                  key="integrations"
                  icon={<ExtensionIcon />}
                  label={`Integrations of ${row.name}`}
                  onClick={() => setIntegrationsForId(row.id)}
                />,
              ]
            : []),
          ...shared(row),
        ],
      },
    ];
  }, [canManage, openEdit, navigate]);

  return (
    <>
      <PageHeader
        title="Locations"
        actions={
          <>
            <SwitchInput label="Show inactive" checked={showInactive} onChange={setShowInactive} />
            {canManage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={formDialog.openNew}>
                New location
              </Button>
            )}
          </>
        }
      />
      <DataTable label="Locations" rows={locations.data} columns={columns} loadError={loadErrorOf(locations)} loading={locations.isLoading} />
      <BookingLinkDialog location={bookingFor} onClose={() => setBookingFor(null)} />
      {canManage && (
        <>
          <LocationFormDialog open={formDialog.open} location={editing} onClose={formDialog.close} />
          <LocationSpeciesDialog location={speciesFor} onClose={() => setSpeciesForId(null)} />
          <TaxCodesDialog location={taxCodesFor} onClose={() => setTaxCodesForId(null)} />
          <LocationIntegrationsDialog
            location={integrationsFor}
            onClose={() => {
              setIntegrationsForId(null);
              if (searchParams.has('integrations')) setSearchParams({}, { replace: true });
            }}
          />
        </>
      )}
    </>
  );
}
