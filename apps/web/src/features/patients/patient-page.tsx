import { Alert, Box, Button, Link, Paper, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HeartBrokenIcon from '@mui/icons-material/HeartBroken';
import UndoIcon from '@mui/icons-material/Undo';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useRegistry } from '../../app/registry-context';
import { DetailList } from '../../components/detail-list';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { RegistryTabs } from '../../components/registry-tabs';
import { formatAge, formatDate } from '../../lib/dates';
import { usePatientActions } from './patient-actions';
import { AlertChips, DeceasedChip } from './patient-chips';
import { SEX_LABELS } from './patient-form-dialog';
import { usePatient } from './patients.api';

export default function PatientPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const registry = useRegistry();
  const patient = usePatient(id);
  const { actions, dialogs } = usePatientActions({
    onDeleted: () => void navigate(patient.data ? `/clients/${patient.data.clientId}` : '/patients', { replace: true }),
  });

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
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => actions.remove(p)}>
              Delete
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, ...(p.deceasedOn && { bgcolor: 'action.hover' }) }}>
        {(p.deceasedOn || p.alerts.length > 0) && (
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
            <DeceasedChip deceasedOn={p.deceasedOn} size="medium" />
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
    </>
  );
}
