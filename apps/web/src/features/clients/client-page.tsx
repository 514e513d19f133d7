import { useState } from 'react';
import { Alert, Box, Button, Link, Paper } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useNavigate, useParams } from 'react-router';
import { useRegistry } from '../../app/registry-context';
import { DetailList } from '../../components/detail-list';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { RegistryTabs } from '../../components/registry-tabs';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useLocations } from '../locations/locations.api';
import { useStaffNames } from '../users/users.api';
import { useClient, useDeleteClient } from './clients.api';
import { ClientFormDialog } from './client-form-dialog';

/** The household page: the client's details, then every feature's tab about them. */
export default function ClientPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const registry = useRegistry();
  const client = useClient(id);
  const staffNames = useStaffNames();
  const locations = useLocations(false);
  const remove = useDeleteClient();
  const [editing, setEditing] = useState(false);
  const confirmDelete = useConfirmDelete<{ id: string; name: string }>({
    title: 'Delete client',
    message: (c) => `Delete ${c.name} together with their patients, prescriptions, vaccinations and documents? This cannot be undone.`,
    run: (c) => remove.mutateAsync(c.id),
    success: 'Client deleted',
    error: 'Error deleting client',
    onDeleted: () => void navigate('/clients', { replace: true }),
  });

  if (client.isLoading) return <PageLoader />;
  if (!client.data) return <Alert severity="error">{client.error?.message ?? 'This client could not be loaded.'}</Alert>;

  const c = client.data;
  const name = `${c.firstName} ${c.lastName}`;
  const vet = c.primaryVeterinarianId ? (staffNames?.get(c.primaryVeterinarianId) ?? '…') : null;
  return (
    <>
      <PageHeader
        title={name}
        subtitle={locations.data?.find((l) => l.id === c.locationId)?.name}
        actions={
          <>
            <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => confirmDelete.ask({ id: c.id, name })}>
              Delete
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <DetailList
          items={[
            { label: 'Email', value: c.email && <Link href={`mailto:${c.email}`}>{c.email}</Link> },
            { label: 'Phone', value: c.phone && <Link href={`tel:${c.phone}`}>{c.phone}</Link> },
            { label: 'Alternate phone', value: c.alternatePhone && <Link href={`tel:${c.alternatePhone}`}>{c.alternatePhone}</Link> },
            { label: 'Address', value: c.address && <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{c.address}</Box> },
            { label: 'Primary veterinarian', value: vet ?? 'None' },
            { label: 'Notes', value: c.notes && <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{c.notes}</Box> },
          ]}
        />
      </Paper>
      <RegistryTabs label="Client records" tabs={registry.clientTabs} props={{ clientId: c.id }} />
      <ClientFormDialog open={editing} client={c} defaultLocationId={c.locationId} onClose={() => setEditing(false)} />
      {confirmDelete.dialog}
    </>
  );
}
