import { useMemo, useState } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import type { GridColDef } from '@mui/x-data-grid';
import type { ClientSummary } from '@willow/contracts';
import { useNavigate } from 'react-router';
import { useHasAnyPermission } from '../../app/session';
import { ArchivedChip } from '../../components/archived-chip';
import { DataTable } from '../../components/data-table';
import { SwitchInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { useServerPages } from '../../components/use-server-pages';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { clientExportUrl, useClientList } from './clients.api';
import { ClientFormDialog } from './client-form-dialog';
import { ClientImportDialog } from './client-import-dialog';
import { useWorkingLocation } from '../locations/use-working-location';

const columns: GridColDef<ClientSummary>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 160,
    valueGetter: (_v, row) => `${row.firstName} ${row.lastName}`,
  },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 200 },
  { field: 'phone', headerName: 'Phone', width: 150 },
  { field: 'patientCount', headerName: 'Patients', type: 'number', width: 90 },
];
/** While archived clients are shown too: which ones they are. */
const withStatus: GridColDef<ClientSummary>[] = [
  ...columns,
  { field: 'archivedAt', headerName: 'Status', width: 120, sortable: false, renderCell: ({ row }) => <ArchivedChip archivedAt={row.archivedAt} /> },
];

export default function ClientsPage() {
  const navigate = useNavigate();
  const place = useWorkingLocation();
  const canImport = useHasAnyPermission(['users.manage', 'account.manage']);
  const canExport = useHasAnyPermission(['users.manage', 'account.manage', 'reports.export']);
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const pages = useServerPages(
    place.locationId
      ? { locationId: place.locationId, search: search || undefined, ...(showArchived && { includeArchived: 'true' as const }) }
      : null,
  );
  const clients = useClientList(pages.query, pages.options);
  useLoadingToast(clients.isLoading, 'Loading Clients...');
  useErrorToast(clients.error, 'Error getting client list');

  const locationName = useMemo(
    () => place.locations.find((l) => l.id === place.locationId)?.name,
    [place.locations, place.locationId],
  );

  return (
    <>
      <PageHeader
        title="Clients"
        subtitle={locationName}
        actions={
          <>
            {canExport && place.locationId && (
              <Button component="a" href={clientExportUrl(place.locationId)} download startIcon={<DownloadIcon />}>
                Export CSV
              </Button>
            )}
            {canImport && place.locationId && (
              <Button startIcon={<UploadIcon />} onClick={() => setImporting(true)}>
                Import CSV
              </Button>
            )}
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              New client
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <SearchField
          label="Search clients"
          size="small"
          placeholder="Search by name, email or phone"
          onSettled={setSearch}
          sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
        />
        <SwitchInput label="Show archived" checked={showArchived} onChange={setShowArchived} />
        {place.canPick && (
          <TextField
            select
            size="small"
            label="Location"
            value={place.locationId ?? ''}
            onChange={(e) => place.pick(e.target.value)}
            sx={{ flex: '1 1 200px', maxWidth: { sm: 280 } }}
          >
            {place.locations.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <DataTable
        label="Clients"
        rows={clients.data?.items}
        columns={showArchived ? withStatus : columns}
        loadError={loadErrorOf(clients)}
        loading={clients.isFetching || place.loading}
        noRowsLabel={search ? 'No clients match this search' : 'No clients yet'}
        server={pages.table(clients.data?.total)}
        onRowClick={(row) => void navigate(`/clients/${row.id}`)}
        isRowMuted={(row) => row.archivedAt !== null}
      />
      <ClientFormDialog
        open={creating}
        client={null}
        defaultLocationId={place.locationId}
        onClose={() => setCreating(false)}
        onCreated={(client) => void navigate(`/clients/${client.id}`)}
      />
      {canImport && place.locationId && (
        <ClientImportDialog
          open={importing}
          locationId={place.locationId}
          locationName={locationName}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
