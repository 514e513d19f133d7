import { EmailInvoiceInput, INVOICE_MESSAGES } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SelectInput, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { serverFieldErrors } from '../../lib/zod-errors';
import { notifyError } from '../../lib/toasts';
import { useTemplates } from '../templates/templates.api';
import { editorFieldErrors } from './document-lines';
import { useEmailInvoice, useInvoice } from './invoices.api';

/**
 * Email the invoice as a PDF: to the client's address unless another is typed, with the text of
 * an email template or a plain note. 'Email sent' once the message is queued.
 */
export function EmailInvoiceDialog({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const invoice = useInvoice(invoiceId);
  const templates = useTemplates('email', invoice.data?.locationId ?? null);
  const send = useEmailInvoice();
  const form = useFormState({ to: '', emailTemplateId: '' });
  const submit = () => {
    const data = form.check(EmailInvoiceInput, {
      ...(form.values.to.trim() ? { to: form.values.to } : {}),
      emailTemplateId: form.values.emailTemplateId || null,
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
        value={form.values.to}
        onValueChange={(x) => form.set('to', x)}
        error={form.errors.to}
        helperText="Leave blank to send it to the client's email address"
      />
      <SelectInput
        label="Email template"
        options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={form.values.emailTemplateId}
        onChange={(x) => form.set('emailTemplateId', x)}
        emptyLabel="A plain note"
        error={form.errors.emailTemplateId}
      />
    </EntityFormDialog>
  );
}
