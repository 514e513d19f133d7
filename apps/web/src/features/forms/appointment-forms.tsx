import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import type { AppointmentDetail, FormPurpose } from '@willow/contracts';
import { ConsentChoices } from './consent-choices';
import { FormRequestsList } from './form-requests-list';
import { FormSubmissionDialog } from './form-submission-dialog';
import { useFormRequests } from './forms.api';
import { SendFormDialog } from './send-form-dialog';

/** What an end-of-life appointment asks the family to sign (decision 0097): billing and aftercare read them. */
export const CONSENT_PURPOSES: readonly FormPurpose[] = ['euthanasia_consent', 'cremation_choice'];

/**
 * The appointment's forms: its consent forms (euthanasia, cremation choice) and any other form sent
 * for it, each sent or submitted, and sending one. What the family chose is offered here unless
 * the end-of-life journey above offers it (`choices` false): one "Accept choices" per dialog.
 */
export function AppointmentForms({ appointment, choices = true }: { appointment: AppointmentDetail; choices?: boolean }) {
  const requests = useFormRequests({ appointmentId: appointment.id });
  const [sending, setSending] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = requests.data ?? [];
  // Consent forms first: they are what the visit waits for.
  const sorted = [...list.filter((r) => CONSENT_PURPOSES.includes(r.purpose)), ...list.filter((r) => !CONSENT_PURPOSES.includes(r.purpose))];
  const patientId = appointment.patients.length === 1 ? appointment.patients[0]!.id : null;
  return (
    <Box
      component="section"
      aria-labelledby={`appointment-forms-${appointment.id}`}
      // The dialogs opened from here are portals inside the appointment's form in React's tree: their
      // submit must not bubble on and save the appointment.
      onSubmit={(event) => event.stopPropagation()}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3" id={`appointment-forms-${appointment.id}`}>
          Consent forms
        </Typography>
        <Button size="small" startIcon={<AssignmentIcon />} onClick={() => setSending(true)}>
          Send form
        </Button>
      </Stack>
      {requests.error ? (
        <Alert severity="error">{requests.error.message}</Alert>
      ) : sorted.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {requests.isLoading ? 'Loading…' : 'No forms sent for this appointment.'}
        </Typography>
      ) : (
        <FormRequestsList requests={sorted} label="Consent forms" onOpenSubmission={setOpenId} />
      )}
      {choices && <ConsentChoices appointment={appointment} />}
      <SendFormDialog
        open={sending}
        onClose={() => setSending(false)}
        clientId={appointment.clientId}
        locationId={appointment.locationId}
        appointmentId={appointment.id}
        patientId={patientId}
        purposes={CONSENT_PURPOSES}
      />
      <FormSubmissionDialog submissionId={openId} onClose={() => setOpenId(null)} />
    </Box>
  );
}
