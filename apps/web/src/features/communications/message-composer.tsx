import { useEffect } from 'react';
import { Alert, Typography } from '@mui/material';
import { COMMUNICATION_MESSAGES, EmailInput, smsSegments, SmsInput } from '@willow/contracts';
import type { ClientChannels, Message, MessageChannel } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { MessageInput, TextInput, useFormState } from '../../components/form-fields';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { StartFromTemplate } from '../templates/start-from-template';
import { useSendEmail, useSendSms } from './communications.api';

const blank = { subject: '', body: '' };

const TEXTS = {
  email: { title: 'Send email', sent: COMMUNICATION_MESSAGES.emailSent, error: COMMUNICATION_MESSAGES.emailError },
  sms: { title: 'Send SMS', sent: COMMUNICATION_MESSAGES.smsSent, error: COMMUNICATION_MESSAGES.smsError },
} as const;

/** How many text messages the body goes out as, shown under the field as staff type. */
export function segmentLabel(body: string): string {
  const { segments, encoding } = smsSegments(body);
  if (segments === 0) return 'SMS';
  return `${segments} SMS ${segments === 1 ? 'segment' : 'segments'}${encoding === 'UCS-2' ? ' (special characters: 70 per segment)' : ''}`;
}

interface MessageComposerProps {
  open: boolean;
  channel: MessageChannel;
  clientId: string;
  clientName: string;
  /** what the client's location can send, and to where (undefined while loading) */
  channels: ClientChannels | undefined;
  /** the location whose email templates the email may start from (the client's) */
  locationId?: string | null | undefined;
  /** the records in view besides the client, merged into a template */
  patientId?: string | undefined;
  appointmentId?: string | undefined;
  /** what the email opens with (filled from a template); blank otherwise */
  initial?: { subject: string; body: string } | undefined;
  onClose: () => void;
}

/**
 * Writes a client an email (subject and body) or an SMS (body with its segment count), under the
 * 1000-character rule. When the channel cannot be used (no provider at the location, no address,
 * the client replied STOP) it says so before anyone types; a message sent anyway is kept in the
 * log as not sent.
 */
export function MessageComposer({ open, channel, clientId, clientName, channels, locationId, patientId, appointmentId, initial, onClose }: MessageComposerProps) {
  const form = useFormState(blank);
  const { reset } = form;
  const opening = initial ?? blank;
  useEffect(() => {
    if (open) reset({ subject: opening.subject, body: opening.body });
  }, [open, channel, reset, opening.subject, opening.body]);
  const sendEmail = useSendEmail();
  const sendSms = useSendSms();
  const texts = TEXTS[channel];
  const readiness = channels?.[channel];
  const v = form.values;
  const e = form.errors;

  const sent = (message: Message) => {
    if (message.state === 'notSent' || message.state === 'suppressed' || message.state === 'failed') {
      notifyError(texts.error, new Error(message.reason ?? texts.error));
    } else {
      notifySuccess(texts.sent);
    }
    onClose();
  };
  const submit = () => {
    if (channel === 'email') {
      const data = form.check(EmailInput, { clientId, subject: v.subject, body: v.body });
      if (data) sendEmail.mutate(data, { onSuccess: sent, onError: form.saveFailed(texts.error) });
    } else {
      const data = form.check(SmsInput, { clientId, body: v.body });
      if (data) sendSms.mutate(data, { onSuccess: sent, onError: form.saveFailed(texts.error) });
    }
  };

  return (
    <EntityFormDialog
      open={open}
      title={`${texts.title} to ${clientName}`}
      submitLabel="Send"
      submitting={sendEmail.isPending || sendSms.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      {readiness && !readiness.ready && <Alert severity="warning">{readiness.reason}</Alert>}
      {readiness?.to && (
        <Typography variant="body2" color="text.secondary">
          To {readiness.to}
        </Typography>
      )}
      {channel === 'email' && (
        <StartFromTemplate
          locationId={locationId ?? null}
          records={{ clientId, patientId, appointmentId }}
          current={{ subject: v.subject, body: v.body }}
          onFill={(email) => {
            form.set('subject', email.subject);
            form.set('body', email.body);
          }}
        />
      )}
      {channel === 'email' && <TextInput label="Subject" required value={v.subject} onValueChange={(x) => form.set('subject', x)} error={e.subject} />}
      <MessageInput
        label="Message"
        required
        minRows={channel === 'email' ? 6 : 3}
        value={v.body}
        onValueChange={(x) => form.set('body', x)}
        error={e.body}
        helperText={channel === 'sms' ? segmentLabel(v.body) : undefined}
      />
    </EntityFormDialog>
  );
}
