import { useEffect, useMemo } from 'react';
import { Alert, FormControl, FormControlLabel, FormHelperText, FormLabel, Link, Radio, RadioGroup } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { FORM_MESSAGES, FORM_PURPOSE_LABELS, FORM_REQUEST_CHANNEL_LABELS, FORM_REQUEST_CHANNELS, FormRequestInput } from '@willow/contracts';
import type { FormPurpose, FormRequestChannel } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SelectInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useClientChannels } from '../communications/communications.api';
import { usePatientList } from '../patients/patients.api';
import { useFormTemplates, useSendForm } from './forms.api';

interface Values {
  formTemplateId: string;
  patientId: string;
  channel: FormRequestChannel;
}

export interface SendFormDialogProps {
  open: boolean;
  onClose: () => void;
  clientId: string;
  /** the client's location: its form templates are offered */
  locationId: string;
  /** an appointment the form is for (its consent forms show on it) */
  appointmentId?: string | null;
  /** preselected patient, e.g. the appointment's one */
  patientId?: string | null;
  /** offer only forms of these purposes first (the appointment's consent forms) */
  purposes?: readonly FormPurpose[];
  /** an estimate the form approves when the client submits it */
  estimateId?: string | null;
  /** the form chosen to start with (the end-of-life journey: the location's consent form) */
  formTemplateId?: string | null;
}

/**
 * Send a form to a client: as a link by email or SMS (queued like every message), or opened on this
 * device in a new tab for the client to fill in at the clinic.
 */
export function SendFormDialog({ open, onClose, clientId, locationId, appointmentId, patientId, purposes, estimateId, formTemplateId }: SendFormDialogProps) {
  const templates = useFormTemplates(open ? locationId : null);
  const patients = usePatientList({ clientId, limit: 100, offset: 0, includeDeceased: true }, open);
  const channels = useClientChannels(clientId);
  const send = useSendForm();
  const form = useFormState<Values>({ formTemplateId: formTemplateId ?? '', patientId: patientId ?? '', channel: 'email' });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ formTemplateId: formTemplateId ?? '', patientId: patientId ?? '', channel: 'email' });
  }, [open, patientId, formTemplateId, reset]);

  const templateOptions = useMemo(() => {
    const all = templates.data ?? [];
    // The forms asked for come first, the others after them.
    const first = purposes ? all.filter((t) => purposes.includes(t.purpose)) : all;
    const rest = purposes ? all.filter((t) => !purposes.includes(t.purpose)) : [];
    return [...first, ...rest].map((t) => ({ value: t.id, label: t.purpose === 'general' ? t.name : `${t.name} (${FORM_PURPOSE_LABELS[t.purpose]})` }));
  }, [templates.data, purposes]);
  const patientOptions = useMemo(() => (patients.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })), [patients.data]);

  const readiness = (channel: FormRequestChannel) => (channel === 'device' ? { ready: true, reason: null } : channels.data?.[channel]);

  const submit = () => {
    const v = form.values;
    const data = form.check(FormRequestInput, {
      formTemplateId: v.formTemplateId,
      clientId,
      patientId: v.patientId || null,
      appointmentId: appointmentId ?? null,
      ...(estimateId ? { estimateId } : {}),
      channel: v.channel,
    });
    if (!data) return;
    // Opened now, while the click still counts as the person's: a window opened after the answer would be blocked.
    const tab = data.channel === 'device' ? window.open('', '_blank') : null;
    send.mutate(data, {
      onSuccess: (created) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = created.url;
        }
        notifySuccess(FORM_MESSAGES.sent);
        onClose();
      },
      onError: (error) => {
        tab?.close();
        form.saveFailed(FORM_MESSAGES.sendError)(error);
      },
    });
  };

  const v = form.values;
  const e = form.errors;
  const chosen = readiness(v.channel);
  return (
    <EntityFormDialog
      open={open}
      title="Send form"
      submitLabel={v.channel === 'device' ? 'Open form' : 'Send'}
      submitting={send.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      {templates.isSuccess && templateOptions.length === 0 && (
        <Alert severity="info">
          This location has no forms yet.{' '}
          <Link component={RouterLink} to={`/formTemplates?locationId=${locationId}`}>
            Build one
          </Link>{' '}
          first.
        </Alert>
      )}
      <SelectInput
        label="Form"
        required
        options={templateOptions}
        value={v.formTemplateId}
        onChange={(x) => form.set('formTemplateId', x)}
        error={e.formTemplateId}
      />
      <SelectInput
        label="Patient"
        options={patientOptions}
        value={v.patientId}
        onChange={(x) => form.set('patientId', x)}
        emptyLabel="None"
        error={e.patientId}
        helperText="The pet the form is about, if any"
      />
      <FormControl error={Boolean(e.channel)}>
        <FormLabel id="send-form-channel">Send by</FormLabel>
        <RadioGroup aria-labelledby="send-form-channel" value={v.channel} onChange={(event) => form.set('channel', event.target.value as FormRequestChannel)}>
          {FORM_REQUEST_CHANNELS.map((channel) => {
            const state = readiness(channel);
            const to = state && 'to' in state && state.to ? ` (${state.to})` : '';
            return (
              <FormControlLabel
                key={channel}
                value={channel}
                control={<Radio />}
                label={`${FORM_REQUEST_CHANNEL_LABELS[channel]}${to}`}
              />
            );
          })}
        </RadioGroup>
        <FormHelperText>
          {chosen && !chosen.ready
            ? chosen.reason
            : v.channel === 'device'
              ? 'Opens the form in a new tab for the client to fill in here'
              : 'The client gets a link that works once'}
        </FormHelperText>
      </FormControl>
    </EntityFormDialog>
  );
}
