import { useEffect } from 'react';
import { Alert, Typography } from '@mui/material';
import { INTEGRATION_MESSAGES, SEND_DOCUMENT_MESSAGES, SendDocumentInput } from '@willow/contracts';
import type { Document } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useClient } from '../clients/clients.api';
import { useClientChannels } from '../communications/communications.api';
import { StartFromTemplate } from '../templates/start-from-template';
import { useSendDocument } from './documents.api';

interface DocumentEmailDialogProps {
  /** the document to email; null: closed */
  document: Document | null;
  onClose: () => void;
}

/** Emails a document as an attachment: to the client's address unless another is typed. */
export function DocumentEmailDialog({ document, onClose }: DocumentEmailDialogProps) {
  // A fresh form for each document: nothing typed for one is sent with another.
  return document ? <EmailForm key={document.id} document={document} onClose={onClose} /> : null;
}

function EmailForm({ document, onClose }: { document: Document; onClose: () => void }) {
  const channels = useClientChannels(document.clientId);
  const client = useClient(document.clientId).data;
  const form = useFormState({ to: '', subject: '', message: '' });
  const send = useSendDocument();
  const clientEmail = channels.data?.email.to ?? '';
  const { reset } = form;
  // The client's address, once known, is where it goes unless the person types another.
  useEffect(() => {
    if (clientEmail) reset({ to: clientEmail, subject: '', message: '' });
  }, [clientEmail, reset]);
  const notSetUp = channels.data?.email.reason === INTEGRATION_MESSAGES.emailNotSetUp;

  const submit = () => {
    const v = form.values;
    const data = form.check(SendDocumentInput, {
      documentId: document.id,
      to: v.to.trim(),
      ...(v.subject.trim() && { subject: v.subject }),
      ...(v.message.trim() && { message: v.message }),
    });
    if (!data) return;
    send.mutate(
      { documentId: data.documentId, ...(data.to && { to: data.to }), ...(data.subject && { subject: data.subject }), ...(data.message && { message: data.message }) },
      {
        onSuccess: () => {
          notifySuccess(SEND_DOCUMENT_MESSAGES.sent);
          onClose();
        },
        onError: form.saveFailed(SEND_DOCUMENT_MESSAGES.error),
      },
    );
  };

  return (
    <EntityFormDialog open title="Email document" submitLabel="Send" submitting={send.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      <Typography variant="body2" color="text.secondary">
        {document.fileName} is sent as an attachment.
      </Typography>
      {notSetUp && <Alert severity="warning">{INTEGRATION_MESSAGES.emailNotSetUp}</Alert>}
      <TextInput
        label="To"
        type="email"
        value={form.values.to}
        onValueChange={(x) => form.set('to', x)}
        error={form.errors.to}
        helperText={clientEmail ? undefined : 'The client has no email address on file: enter one'}
      />
      <StartFromTemplate
        locationId={client?.locationId ?? null}
        records={{ clientId: document.clientId, patientId: document.patientId ?? undefined }}
        current={{ subject: form.values.subject, body: form.values.message }}
        onFill={(email) => {
          form.set('subject', email.subject);
          form.set('message', email.body);
        }}
      />
      <TextInput
        label="Subject"
        value={form.values.subject}
        onValueChange={(x) => form.set('subject', x)}
        error={form.errors.subject}
        helperText="Left empty: the document's name and the location's"
      />
      <TextInput
        label="Message"
        multiline
        minRows={3}
        value={form.values.message}
        onValueChange={(x) => form.set('message', x)}
        error={form.errors.message}
        helperText="Left empty: a short note saying the document is attached"
      />
    </EntityFormDialog>
  );
}
