import { EmailInvoiceInput, INVOICE_MESSAGES } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { MessageInput, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { serverFieldErrors } from '../../lib/zod-errors';
import { notifyError } from '../../lib/toasts';
import { StartFromTemplate } from '../templates/start-from-template';
import { editorFieldErrors } from './document-lines';
import { useEmailInvoice, useInvoice } from './invoices.api';

/**
 * Email the invoice as a PDF: to the client's address unless another is typed, with the subject
 * and message the person writes or starts from an email template filled with this invoice, its
 * client and patient (decision 0194); left empty, the product's note naming the invoice by its
 * number. 'Email sent' once the message is queued.
 */
export function EmailInvoiceDialog({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const invoice = useInvoice(invoiceId).data;
  const send = useEmailInvoice();
  const form = useFormState({ to: '', subject: '', message: '' });
  const v = form.values;
  const submit = () => {
    const data = form.check(EmailInvoiceInput, {
      ...(v.to.trim() ? { to: v.to } : {}),
      ...(v.subject.trim() ? { subject: v.subject } : {}),
      ...(v.message.trim() ? { message: v.message } : {}),
    });
    if (!data) return;
    send.mutate(
      { id: invoiceId, data },
      {
        onSuccess: () => {
          notifySuccess(INVOICE_MESSAGES.emailSent);
          onClose();
        },
        onError: (error) => {
          const placed = editorFieldErrors(serverFieldErrors(error), 'data', 'items');
          if (placed) form.setErrors((current) => ({ ...current, ...placed }));
          notifyError(INVOICE_MESSAGES.emailError, error);
        },
      },
    );
  };
  return (
    <EntityFormDialog open title="Email invoice" submitLabel="Send" submitting={send.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      <TextInput
        label="To"
        type="email"
        value={v.to}
        onValueChange={(x) => form.set('to', x)}
        error={form.errors.to}
        helperText="Leave blank to send it to the client's email address"
      />
      <StartFromTemplate
        locationId={invoice?.locationId ?? null}
        records={invoice ? { clientId: invoice.clientId, patientId: invoice.patientId ?? undefined, invoiceId } : { clientId: '' }}
        current={{ subject: v.subject, body: v.message }}
        onFill={(email) => {
          form.set('subject', email.subject);
          form.set('message', email.body);
        }}
      />
      <TextInput
        label="Subject"
        value={v.subject}
        onValueChange={(x) => form.set('subject', x)}
        error={form.errors.subject}
        helperText="Left empty: the invoice's number and the location's name"
      />
      <MessageInput
        label="Message"
        minRows={4}
        value={v.message}
        onValueChange={(x) => form.set('message', x)}
        error={form.errors.message}
        helperText="Left empty: a short note saying the invoice is attached"
      />
    </EntityFormDialog>
  );
}
