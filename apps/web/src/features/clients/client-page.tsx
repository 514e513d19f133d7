import { Suspense, useState } from 'react';
import { Alert, Box, Button, Link, Paper, Tooltip } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { DELETE_RECORDS, hasAnyPermission } from '@willow/contracts';
import { useNavigate, useParams } from 'react-router';
import { useRegistry } from '../../app/registry-context';
import type { ClientPageSummary } from '../../app/feature-registry';
import { useHasAnyPermission, usePermissions } from '../../app/session';
import { DetailList } from '../../components/detail-list';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { RegistryTabs } from '../../components/registry-tabs';
import { useConfirmAction } from '../../components/use-confirm-action';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { formatDateTime } from '../../lib/dates';
import { useBookDialog } from '../appointments/use-book-dialog';
import { AddTaskButton } from '../tasks/add-task-button';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { useStaffNames } from '../users/users.api';
import { useArchiveClient, useClient, useDeleteClient, useRestoreClient } from './clients.api';
import { ClientFormDialog } from './client-form-dialog';

/** Why Delete is not offered for a client with history. */
export const CLIENT_KEPT_FOR_HISTORY = 'Clients with appointments, care records, documents, invoices, estimates, payments or signed forms are archived, not deleted';

/** What features say about the client at a glance (the balance owed), between the details and the tabs. */
function ClientSummaries({ summaries, clientId }: { summaries: readonly ClientPageSummary[]; clientId: string }) {
  const held = usePermissions();
  const visible = summaries.filter((s) => !s.permissions || hasAnyPermission(held, s.permissions));
  if (visible.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      {visible.map(({ id, element: Summary }) => (
        <Suspense key={id} fallback={null}>
          <Summary clientId={clientId} />
        </Suspense>
      ))}
    </Box>
  );
}

/** The household page: the client's details, then every feature's tab about them. */
export default function ClientPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const registry = useRegistry();
  const client = useClient(id);
  const staffNames = useStaffNames();
  const locations = useLocations(false);
  const remove = useDeleteClient();
  const archive = useArchiveClient();
  const restore = useRestoreClient();
  // Deleting for good is a permission of its own; archiving needs only the right to edit (docs/decisions/0058).
  const canDelete = useHasAnyPermission([DELETE_RECORDS]);
  const [editing, setEditing] = useState(false);
  const confirmDelete = useConfirmDelete<{ id: string; name: string }>({
    title: 'Delete client',
    message: (c) => `Delete ${c.name} and their patients for good? They have no appointments, care records, documents, invoices, estimates, payments or signed forms. This cannot be undone.`,
    run: (c) => remove.mutateAsync(c.id),
    success: 'Client deleted',
    error: 'Error deleting client',
    onDeleted: () => void navigate('/clients', { replace: true }),
  });
  const confirmArchive = useConfirmAction<{ id: string; name: string }>({
    title: 'Archive client',
    message: (c) =>
      `Archive ${c.name}? They and their patients will be hidden from lists, search and pickers. Nothing is deleted: their appointments, care records, documents, invoices, payments and signed forms are kept, and you can restore them at any time.`,
    run: (c) => archive.mutateAsync(c.id),
    confirmLabel: 'Archive',
    success: 'Client archived',
    error: 'Error archiving client',
  });
  const doRestore = (id: string) =>
    restore.mutateAsync(id).then(
      () => notifySuccess('Client restored'),
      (e: unknown) => notifyError('Error restoring client', e),
    );

  const booking = useBookDialog();

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
            {!c.archivedAt && (
              <Button variant="contained" startIcon={<EventIcon />} onClick={() => booking.book(c.id)}>
                Book
              </Button>
            )}
            <AddTaskButton subject={{ locationId: c.locationId, clientId: c.id, clientName: name }} />
            <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            {c.archivedAt ? (
              <Button startIcon={<UnarchiveIcon />} onClick={() => void doRestore(c.id)} loading={restore.isPending}>
                Restore
              </Button>
            ) : (
              <Button startIcon={<ArchiveIcon />} onClick={() => confirmArchive.ask({ id: c.id, name })}>
                Archive
              </Button>
            )}
            {canDelete && (
              // A disabled button gives its tooltip no events: the span takes them, with the reason as
              // its description (a label on a plain span is not allowed).
              <Tooltip title={c.hasHistory ? CLIENT_KEPT_FOR_HISTORY : ''} describeChild>
                <span>
                  <Button color="error" startIcon={<DeleteIcon />} disabled={c.hasHistory} onClick={() => confirmDelete.ask({ id: c.id, name })}>
                    Delete
                  </Button>
                </span>
              </Tooltip>
            )}
          </>
        }
      />
      {c.archivedAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Archived {formatDateTime(c.archivedAt)}: left out of lists, search and pickers, with their patients. Restore to book them again.
        </Alert>
      )}
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
      <ClientSummaries summaries={registry.clientSummaries} clientId={c.id} />
      <RegistryTabs label="Client records" tabs={registry.clientTabs} props={{ clientId: c.id }} />
      <ClientFormDialog open={editing} client={c} defaultLocationId={c.locationId} onClose={() => setEditing(false)} />
      {confirmDelete.dialog}
      {confirmArchive.dialog}
      {booking.dialog}
    </>
  );
}
