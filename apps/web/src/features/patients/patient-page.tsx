import { Alert, Box, Button, Link, Paper, Stack, Tooltip } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import HeartBrokenIcon from '@mui/icons-material/HeartBroken';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import UndoIcon from '@mui/icons-material/Undo';
import { DELETE_RECORDS } from '@willow/contracts';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useRegistry } from '../../app/registry-context';
import { useHasAnyPermission } from '../../app/session';
import { ArchivedChip } from '../../components/archived-chip';
import { DetailList } from '../../components/detail-list';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { RegistryTabs } from '../../components/registry-tabs';
import { formatAge, formatDate, formatDateTime } from '../../lib/dates';
import { useBookDialog } from '../appointments/use-book-dialog';
import { AddTaskButton } from '../tasks/add-task-button';
import { PATIENT_KEPT_FOR_HISTORY, usePatientActions } from './patient-actions';
import { AlertChips, DeceasedChip } from './patient-chips';
import { SEX_LABELS } from './patient-form-dialog';
import { usePatient } from './patients.api';

export default function PatientPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const registry = useRegistry();
  const patient = usePatient(id);
  // Deleting for good is a permission of its own; archiving needs only the right to edit (docs/decisions/0058).
  const canDelete = useHasAnyPermission([DELETE_RECORDS]);
  const { actions, dialogs, restoring } = usePatientActions({
    onDeleted: () => void navigate(patient.data ? `/clients/${patient.data.clientId}` : '/patients', { replace: true }),
  });

  const booking = useBookDialog();

  if (patient.isLoading) return <PageLoader />;
  if (!patient.data)
    return <Alert severity="error">{patient.error?.message ?? 'This patient could not be loaded.'}</Alert>;

  const p = patient.data;
  const age = formatAge(p.dateOfBirth, p.deceasedOn ?? undefined);
  return (
    <>
      <PageHeader
        title={p.name}
        subtitle={
          <>
            {p.speciesName}
            {p.breed ? ` · ${p.breed}` : ''} · owned by{' '}
            <Link component={RouterLink} to={`/clients/${p.clientId}`}>
              {p.clientName}
            </Link>
          </>
        }
        actions={
          <>
            {!p.deceasedOn && !p.archivedAt && (
              <Button variant="contained" startIcon={<EventIcon />} onClick={() => booking.book(p.clientId, p.id)}>
                Book
              </Button>
            )}
            <AddTaskButton
              subject={{ locationId: p.locationId, clientId: p.clientId, clientName: p.clientName, patientId: p.id, patientName: p.name }}
            />
            <Button startIcon={<EditIcon />} onClick={() => actions.edit(p)}>
              Edit
            </Button>
            {p.deceasedOn ? (
              <Button startIcon={<UndoIcon />} onClick={() => actions.undoDeceased(p)}>
                Undo deceased
              </Button>
            ) : (
              <Button startIcon={<HeartBrokenIcon />} onClick={() => actions.markDeceased(p)}>
                Mark as deceased
              </Button>
            )}
            {p.archivedAt ? (
              <Button startIcon={<UnarchiveIcon />} onClick={() => void actions.restore(p)} loading={restoring}>
                Restore
              </Button>
            ) : (
              <Button startIcon={<ArchiveIcon />} onClick={() => actions.archive(p)}>
                Archive
              </Button>
            )}
            {canDelete && (
              // A disabled button gives its tooltip no events: the span takes them, with the reason as
              // its description (a label on a plain span is not allowed).
              <Tooltip title={p.hasHistory ? PATIENT_KEPT_FOR_HISTORY : ''} describeChild>
                <span>
                  <Button color="error" startIcon={<DeleteIcon />} disabled={p.hasHistory} onClick={() => actions.remove(p)}>
                    Delete
                  </Button>
                </span>
              </Tooltip>
            )}
          </>
        }
      />
      {p.archivedAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Archived {formatDateTime(p.archivedAt)}: left out of lists, search and pickers. Restore to book them again.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2, ...(p.deceasedOn && { bgcolor: 'action.hover' }) }}>
        {(p.deceasedOn || p.archivedAt || p.alerts.length > 0) && (
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
            <DeceasedChip deceasedOn={p.deceasedOn} size="medium" />
            <ArchivedChip archivedAt={p.archivedAt} size="medium" />
            <AlertChips alerts={p.alerts} size="medium" />
          </Stack>
        )}
        <DetailList
          items={[
            { label: 'Sex', value: `${SEX_LABELS[p.sex]}${p.neutered ? ' (neutered)' : ''}` },
            { label: 'Date of birth', value: p.dateOfBirth && `${formatDate(p.dateOfBirth)}${age ? ` (${age})` : ''}` },
            { label: 'Weight', value: p.weightKg !== null && `${p.weightKg} kg` },
            { label: 'Microchip', value: p.microchip },
            { label: 'Colour', value: p.colour },
            { label: 'Deceased note', value: p.deceasedNote },
            { label: 'Notes', value: p.notes && <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{p.notes}</Box> },
          ]}
        />
      </Paper>
      <RegistryTabs label="Patient records" tabs={registry.patientTabs} props={{ patientId: p.id, clientId: p.clientId }} />
      {dialogs}
      {booking.dialog}
    </>
  );
}
