import { Alert, AlertTitle, Box, Link, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { AlertChips, DeceasedChip } from '../patients/patient-chips';

export interface AppointmentPatientSummary {
  id: string;
  name: string;
  speciesName: string;
  deceasedOn: string | null;
  /** e.g. 'bites'; empty while the patient's record is still loading */
  alerts?: readonly string[];
}

/** A link to the patient's page; a new tab keeps the dialog (and what was typed in it) as it is. */
function PatientLink({ patient }: { patient: AppointmentPatientSummary }) {
  return (
    <Link
      href={`/patients/${patient.id}`}
      target="_blank"
      rel="noopener"
      aria-label={`Open ${patient.name}'s page in a new tab`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
    >
      {patient.name}
      <OpenInNewIcon sx={{ fontSize: 16 }} />
    </Link>
  );
}

/**
 * The appointment's patients with links to their pages, and their alerts (e.g. 'bites') in a
 * warning above everything else about them: staff must see them before handling the animal.
 */
export function AppointmentPatients({ patients }: { patients: readonly AppointmentPatientSummary[] }) {
  if (patients.length === 0) return null;
  const alerted = patients.filter((p) => (p.alerts ?? []).length > 0);
  return (
    <Stack spacing={1} data-testid="appointment-patients">
      {alerted.length > 0 && (
        <Alert severity="warning" variant="filled" aria-label="Patient alerts">
          <AlertTitle>{alerted.length === 1 ? `${alerted[0]!.name} has alerts` : 'Patient alerts'}</AlertTitle>
          <Stack spacing={0.5}>
            {alerted.map((p) => (
              <Box key={p.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                {alerted.length > 1 && <Typography variant="body2" sx={{ fontWeight: 600 }}>{p.name}:</Typography>}
                <Typography variant="body2">{(p.alerts ?? []).join(', ')}</Typography>
              </Box>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {patients.map((p) => (
          <Box key={p.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <PatientLink patient={p} />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {p.speciesName}
            </Typography>
            <DeceasedChip deceasedOn={p.deceasedOn} />
            <AlertChips alerts={p.alerts ?? []} />
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
