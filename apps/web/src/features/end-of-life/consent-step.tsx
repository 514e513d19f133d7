import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import SmsIcon from '@mui/icons-material/Sms';
import TabletIcon from '@mui/icons-material/TabletMac';
import { Link as RouterLink } from 'react-router';
import { FORM_MESSAGES } from '@willow/contracts';
import type { AppointmentDetail, FormRequest, FormRequestChannel, FormTemplate } from '@willow/contracts';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useClientChannels } from '../communications/communications.api';
import { CONSENT_PURPOSES } from '../forms/appointment-forms';
import { ConsentChoices } from '../forms/consent-choices';
import { FormRequestsList } from '../forms/form-requests-list';
import { FormSubmissionDialog } from '../forms/form-submission-dialog';
import { formKeys, useFormTemplates, useSendForm } from '../forms/forms.api';
import { SendFormDialog } from '../forms/send-form-dialog';

/** The location's consent form: its euthanasia consent, else its cremation choice form. */
export const consentTemplateOf = <T extends Pick<FormTemplate, 'purpose'>>(templates: readonly T[]): T | null =>
  templates.find((t) => t.purpose === 'euthanasia_consent') ?? templates.find((t) => t.purpose === 'cremation_choice') ?? null;

/**
 * Step 1: the consent form sent in one click (the location's consent form, by email or text, or
 * opened on this device for the family to sign here), any other form through the send dialog,
 * what became of each, and what the family chose on it, to accept.
 */
export function ConsentStep({ appointment, requests }: { appointment: AppointmentDetail; requests: readonly FormRequest[] }) {
  const templates = useFormTemplates(appointment.locationId);
  const channels = useClientChannels(appointment.clientId);
  const send = useSendForm();
  const [choosing, setChoosing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const template = consentTemplateOf(templates.data ?? []);
  const patientId = appointment.patients.length === 1 ? appointment.patients[0]!.id : null;
  const consent = requests.filter((r) => CONSENT_PURPOSES.includes(r.purpose));
  // A form the family submits while the dialog is open (the requests are polled while one waits)
  // may bring choices: the choices are read again then, not at the next reload.
  const queryClient = useQueryClient();
  const submitted = requests.filter((r) => r.state === 'submitted').length;
  const seenSubmitted = useRef(submitted);
  useEffect(() => {
    if (submitted === seenSubmitted.current) return;
    seenSubmitted.current = submitted;
    void queryClient.invalidateQueries({ queryKey: formKeys.appointmentChoices(appointment.id) });
  }, [submitted, appointment.id, queryClient]);

  const sendNow = (channel: FormRequestChannel) => {
    if (!template) return setChoosing(true);
    // Opened now, while the click still counts as the person's: a window opened after the answer would be blocked.
    const tab = channel === 'device' ? window.open('', '_blank') : null;
    send.mutate(
      { formTemplateId: template.id, clientId: appointment.clientId, patientId, appointmentId: appointment.id, channel },
      {
        onSuccess: (created) => {
          if (tab) {
            tab.opener = null;
            tab.location.href = created.url;
          }
          notifySuccess(FORM_MESSAGES.sent);
        },
        onError: (error) => {
          tab?.close();
          notifyError(FORM_MESSAGES.sendError, error);
        },
      },
    );
  };
  const email = channels.data?.email;
  const sms = channels.data?.sms;
  const notReady = [email && !email.ready && `Email: ${email.reason}`, sms && !sms.ready && `Text message: ${sms.reason}`].filter(Boolean);

  return (
    <Stack spacing={1}>
      {templates.isSuccess && !template && (
        <Alert severity="info">
          This location has no consent form yet.{' '}
          <Link component={RouterLink} to={`/formTemplates?locationId=${appointment.locationId}`}>
            Build one
          </Link>{' '}
          or send another form.
        </Alert>
      )}
      {template && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Form: {template.name}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<EmailIcon />} disabled={!template || email?.ready === false} loading={send.isPending && send.variables?.channel === 'email'} onClick={() => sendNow('email')}>
          Email consent form
        </Button>
        <Button size="small" variant="outlined" startIcon={<SmsIcon />} disabled={!template || sms?.ready === false} loading={send.isPending && send.variables?.channel === 'sms'} onClick={() => sendNow('sms')}>
          Text consent form
        </Button>
        <Button size="small" variant="outlined" startIcon={<TabletIcon />} disabled={!template} loading={send.isPending && send.variables?.channel === 'device'} onClick={() => sendNow('device')}>
          Sign on this device
        </Button>
        <Button size="small" onClick={() => setChoosing(true)}>
          Another form…
        </Button>
      </Box>
      {notReady.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {notReady.join(' · ')}
        </Typography>
      )}
      {consent.length > 0 && <FormRequestsList requests={consent} label="Consent forms sent" onOpenSubmission={setOpenId} />}
      {/* What the family chose on the form (a paw print, the cremation, the ashes), accepted onto the appointment in one click. */}
      <ConsentChoices appointment={appointment} />
      <SendFormDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        clientId={appointment.clientId}
        locationId={appointment.locationId}
        appointmentId={appointment.id}
        patientId={patientId}
        purposes={CONSENT_PURPOSES}
        formTemplateId={template?.id ?? null}
      />
      <FormSubmissionDialog submissionId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
