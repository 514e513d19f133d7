import { useMemo, useState } from 'react';
import { Button, Chip, DialogContentText, Typography } from '@mui/material';
import { RequestCardPayment } from '../card-payments/card-payment-requests';
import { z } from 'zod';
import {
  formatCents,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  InvoiceInput,
  InvoiceItemInput,
  invoiceNumberLabel,
  invoiceOps,
  showsBalance,
} from '@willow/contracts';
import type { Invoice, Priced } from '@willow/contracts';
import { SelectInput } from '../../components/form-fields';
import { formatDate } from '../../lib/dates';
import { TextPromptDialog } from '../appointments/text-prompt-dialog';
import { useTemplates } from '../templates/templates.api';
import { settlementLabels } from './credit-label';
import { DocumentFields, documentInputOf, valuesOfDocument } from './document-editor';
import type { DocumentValues } from './document-editor';
import { DocumentDialogFrame, DocumentEditButtons, DocumentSummary } from './document-dialog-frame';
import { appendLines, draftsFromTemplate, invoiceItemInput, MAX_LINES, priceDraft } from './document-lines';
import { EmailInvoiceDialog } from './email-invoice-dialog';
import {
  invoicePdfUrl,
  useCreateCreditNote,
  useCreateInvoice,
  useDeleteInvoice,
  useFinaliseInvoice,
  useInvoice,
  useUpdateInvoice,
  useVoidInvoice,
} from './invoices.api';
import { RecordPaymentButton } from '../payments/record-payment-button';
import { useDocumentDialog } from './use-document-dialog';
import type { DocumentStart } from './use-document-dialog';

/** Where a new invoice starts: its location, and the client, patient, appointment and lines when known. */
export type InvoiceStart = DocumentStart;

/** The header and its lines checked together; the lines' errors land under 'items.<i>.<field>'. */
const InvoiceForm = InvoiceInput.extend({
  items: z.array(InvoiceItemInput).max(MAX_LINES, `must have at most ${MAX_LINES} lines`),
});

export const valuesOfInvoice = (invoice: Invoice): DocumentValues =>
  valuesOfDocument(invoice, { issuedOn: invoice.issuedOn, dueOn: invoice.dueOn ?? '', pdfTemplateId: invoice.pdfTemplateId ?? '' });

/** What the form sends, before the contract's check (which names anything wrong under its field). */
export const invoiceInputOf = (v: DocumentValues, locationId: string) => ({
  ...documentInputOf(v, locationId),
  ...(v.issuedOn ? { issuedOn: v.issuedOn } : {}),
  dueOn: v.dueOn || null,
  pdfTemplateId: v.pdfTemplateId || null,
  items: v.lines.map(invoiceItemInput),
});

/** A finalised invoice shows what was stored, not a new pricing (its tax codes may have changed since). */
const storedPricing = (invoice: Invoice): Priced => ({
  lines: [...invoice.items]
    .sort((a, b) => a.position - b.position)
    .map((i) => ({ gross: i.gross, lineDiscount: i.lineDiscount, net: i.gross - i.lineDiscount, sharedDiscount: i.sharedDiscount, taxable: i.total - i.tax, tax: i.tax, total: i.total })),
  totals: { subtotal: invoice.subtotal, discount: invoice.discount, tax: invoice.tax, total: invoice.total },
});

const nounOf = (invoice: Invoice | undefined) => (invoice?.kind === 'credit_note' ? 'Credit note' : 'Invoice');

export function invoiceTitle(invoice: Invoice | undefined): string {
  if (!invoice) return 'New invoice';
  if (invoice.status === 'draft') return `Draft ${nounOf(invoice).toLowerCase()}`;
  return `${nounOf(invoice)} ${invoiceNumberLabel(invoice.kind, invoice.number)}`;
}

export interface InvoiceDialogProps {
  /** the invoice to open; null starts a new one from `start` */
  invoiceId: string | null;
  start?: InvoiceStart | null | undefined;
  onClose: () => void;
}

/**
 * An invoice (or credit note) from start to end: a draft is edited with its totals priced while
 * typing, saved, and finalised (it takes its number); a finalised one is read-only and is
 * downloaded, emailed, voided or corrected by a credit note. Mounted only while open, so each
 * opening starts from what is saved.
 */
export function InvoiceDialog({ invoiceId, start, onClose }: InvoiceDialogProps) {
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const kit = useDocumentDialog({
    documentId: invoiceId,
    start,
    useGet: useInvoice,
    editable: (i: Invoice) => i.status === 'draft',
    valuesOf: valuesOfInvoice,
    form: InvoiceForm,
    inputOf: invoiceInputOf,
    body: invoiceOps.body,
    create,
    update,
    remove: useDeleteInvoice(),
    messages: INVOICE_MESSAGES,
    deleteTitle: 'Delete invoice',
    deleteMessage: 'Delete this draft for good? It has no number yet, so no gap is left.',
    onClose,
  });
  const { document: invoice, values: v, form, readOnly, locationId, currency, rateOf } = kit;
  const sign = invoice?.kind === 'credit_note' ? -1 : 1;
  const priced = useMemo(() => (invoice && readOnly ? storedPricing(invoice) : priceDraft(v.lines, v, rateOf, { sign })), [invoice, readOnly, v, rateOf, sign]);
  const invoiceTemplates = useTemplates('invoice', readOnly ? null : locationId || null);
  const pdfTemplates = useTemplates('pdf', locationId || null);

  const finalise = useFinaliseInvoice();
  const voiding = useVoidInvoice();
  const crediting = useCreateCreditNote();
  const [prompt, setPrompt] = useState<'void' | 'credit' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [emailing, setEmailing] = useState(false);
  const busy = kit.saving || finalise.isPending || voiding.isPending || crediting.isPending;

  const doFinalise = (target: Invoice) => kit.act(finalise, target.id, { success: INVOICE_MESSAGES.finalised, error: INVOICE_MESSAGES.updateError });

  const startFromTemplate = (templateId: string) => {
    const template = invoiceTemplates.data?.find((t) => t.id === templateId);
    if (!template) return;
    form.set('lines', appendLines(v.lines, draftsFromTemplate(template.items)));
    if (!v.pdfTemplateId && template.pdfTemplateId) form.set('pdfTemplateId', template.pdfTemplateId);
  };

  const confirmReason = () => {
    if (!invoice || !prompt) return;
    if (!reason.trim()) return setReasonError('is required');
    const asked = () => setPrompt(null);
    if (prompt === 'void') kit.act(voiding, { id: invoice.id, reason }, { success: INVOICE_MESSAGES.voided, error: INVOICE_MESSAGES.updateError }, asked);
    else kit.act(crediting, { id: invoice.id, data: { reason } }, { success: INVOICE_MESSAGES.creditNoteCreated, error: INVOICE_MESSAGES.createError }, asked);
  };
  const ask = (which: 'void' | 'credit') => {
    setReason('');
    setReasonError(undefined);
    setPrompt(which);
  };

  const money = (cents: number) => formatCents(cents, currency);
  const settled = invoice && settlementLabels(invoice);
  const summary = invoice && (
    <DocumentSummary testId="invoice-summary">
      <Chip size="small" label={INVOICE_STATUS_LABELS[invoice.status]} color={invoice.status === 'finalised' ? 'primary' : invoice.status === 'void' ? 'default' : 'warning'} />
      {settled?.paid && <Chip size="small" variant="outlined" label={settled.paid} color={invoice.paymentState === 'paid' ? 'success' : 'default'} />}
      {settled?.credit && <Chip size="small" variant="outlined" label={settled.credit} color="info" />}
      <Typography variant="body2">Number: {invoiceNumberLabel(invoice.kind, invoice.number)}</Typography>
      {showsBalance(invoice) && (
        <Typography variant="body2">
          Paid {money(invoice.paid)}
          {invoice.credited > 0 && ` · Credited ${money(invoice.credited)}`} · Balance {money(invoice.balance)}
        </Typography>
      )}
      {invoice.voidReason && <Typography variant="body2">Void: {invoice.voidReason}</Typography>}
      {invoice.kind === 'credit_note' && invoice.creditedInvoiceId && <Typography variant="body2">Credits an earlier invoice</Typography>}
      {invoice.finalisedAt && <Typography variant="body2">Finalised {formatDate(invoice.finalisedAt.slice(0, 10))}</Typography>}
    </DocumentSummary>
  );

  const secondary = invoice && (
    <>
      {kit.deleteButton(busy)}
      <Button component="a" href={invoicePdfUrl(invoice.id)} download disabled={form.dirty}>
        Download PDF
      </Button>
      <Button onClick={() => setEmailing(true)} disabled={busy || form.dirty}>
        Email
      </Button>
      {invoice.status === 'finalised' && invoice.kind === 'invoice' && (
        <>
          <RecordPaymentButton invoice={invoice} />
          <Button onClick={() => ask('credit')} disabled={busy}>
            Credit note
          </Button>
          <Button color="warning" onClick={() => ask('void')} disabled={busy}>
            Void
          </Button>
        </>
      )}
    </>
  );

  // Unsaved changes are saved first: what is finalised is what is on screen.
  const primary = <DocumentEditButtons readOnly={readOnly} busy={busy} unread={kit.unread} saving={kit.saving} onClose={onClose} step={{ label: 'Finalise', onClick: () => kit.saveThen(doFinalise) }} />;

  return (
    <>
      <DocumentDialogFrame
        {...kit.frame}
        title={invoiceTitle(invoice)}
        summary={summary}
        busy={busy}
        secondary={secondary}
        primary={primary}
        testId="invoice-editor"
      >
        {invoice && invoice.status === 'finalised' && invoice.kind === 'invoice' && (
          <RequestCardPayment
            clientId={invoice.clientId}
            locationId={invoice.locationId}
            invoiceId={invoice.id}
            currency={invoice.currency}
            suggestedAmount={invoice.balance}
            owed={invoice.balance}
            canAsk={invoice.balance > 0 && !form.dirty}
          />
        )}
        {!readOnly && (invoiceTemplates.data?.length ?? 0) > 0 && (
          <SelectInput
            label="Start from template"
            options={(invoiceTemplates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value=""
            onChange={startFromTemplate}
            emptyLabel="Choose a template to copy its lines"
          />
        )}
        <DocumentFields kind="invoice" noun="Invoice" fixedLines={invoice?.kind === 'credit_note'} {...kit.fields} priced={priced} />
        <SelectInput
          label="PDF page"
          options={(pdfTemplates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={v.pdfTemplateId}
          onChange={(x) => form.set('pdfTemplateId', x)}
          emptyLabel="Plain page"
          error={form.errors.pdfTemplateId}
          disabled={readOnly}
          helperText="The letterhead the PDF is printed on"
        />
      </DocumentDialogFrame>
      {kit.deleteDialog}
      <TextPromptDialog
        open={prompt !== null}
        title={prompt === 'void' ? 'Void invoice' : 'Credit note'}
        label="Reason"
        required
        value={reason}
        error={reasonError}
        onChange={(x) => {
          setReason(x);
          setReasonError(undefined);
        }}
        busy={voiding.isPending || crediting.isPending}
        backLabel="Back"
        confirmLabel={prompt === 'void' ? 'Void invoice' : 'Create credit note'}
        confirmColor={prompt === 'void' ? 'warning' : 'primary'}
        onBack={() => setPrompt(null)}
        onConfirm={confirmReason}
      >
        <DialogContentText>
          {prompt === 'void'
            ? 'A void invoice keeps its number and is owed no more. Only an invoice without payments can be voided.'
            : 'A draft credit note starts with what is left to credit of each line of this invoice; lower or remove lines, then finalise it like an invoice.'}
        </DialogContentText>
      </TextPromptDialog>
      {invoice && emailing && <EmailInvoiceDialog invoiceId={invoice.id} onClose={() => setEmailing(false)} />}
    </>
  );
}
