import { useEffect, useMemo, useState } from 'react';
import { Button, Chip, DialogContentText, Stack, Typography } from '@mui/material';
import { RequestCardPayment } from '../card-payments/card-payment-requests';
import { z } from 'zod';
import {
  DEFAULT_CURRENCY,
  formatCents,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  InvoiceInput,
  MANAGE_BILLING,
  InvoiceItemInput,
  invoiceNumberLabel,
  PAYMENT_STATE_LABELS,
  showsBalance,
} from '@willow/contracts';
import type { Invoice, Priced } from '@willow/contracts';
import { SelectInput, useFormState } from '../../components/form-fields';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useHasAnyPermission } from '../../app/session';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { TextPromptDialog } from '../appointments/text-prompt-dialog';
import { useTemplates } from '../templates/templates.api';
import { blankDocument, DocumentFields } from './document-editor';
import type { DocumentValues } from './document-editor';
import { DocumentDialogFrame } from './document-dialog-frame';
import { documentSaveHandlers } from './document-save';
import {
  appendLines,
  basisPointsToPercent,
  centsToUnits,
  discountValueOf,
  draftsFromItems,
  draftsFromTemplate,
  invoiceItemInput,
  MAX_LINES,
  priceDraft,
  rateOfCodes,
} from './document-lines';
import type { LineDraft } from './document-lines';
import { EmailInvoiceDialog } from './email-invoice-dialog';
import {
  invoicePdfUrl,
  useClientBalance,
  useCreateCreditNote,
  useCreateInvoice,
  useDeleteInvoice,
  useFinaliseInvoice,
  useInvoice,
  useTaxCodes,
  useUpdateInvoice,
  useVoidInvoice,
} from './invoices.api';
import { RecordPaymentButton } from '../payments/record-payment-button';

/** Where a new invoice starts: its location, and the client, patient, appointment and lines when known. */
export interface InvoiceStart {
  locationId: string;
  clientId?: string | undefined;
  patientId?: string | null | undefined;
  appointmentId?: string | null | undefined;
  lines?: LineDraft[] | undefined;
}

/** The header and its lines checked together; the lines' errors land under 'items.<i>.<field>'. */
const InvoiceForm = InvoiceInput.extend({
  items: z.array(InvoiceItemInput).max(MAX_LINES, `must have at most ${MAX_LINES} lines`),
});

const discountText = (type: Invoice['discountType'], value: number) =>
  type === 'none' ? '' : type === 'percent' ? basisPointsToPercent(value) : centsToUnits(value);

export function valuesOfInvoice(invoice: Invoice): DocumentValues {
  return blankDocument({
    clientId: invoice.clientId,
    patientId: invoice.patientId ?? '',
    appointmentId: invoice.appointmentId ?? '',
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn ?? '',
    pdfTemplateId: invoice.pdfTemplateId ?? '',
    discountType: invoice.discountType,
    discount: discountText(invoice.discountType, invoice.discountValue),
    notes: invoice.notes,
    lines: draftsFromItems(invoice.items),
  });
}

/** What the form sends, before the contract's check (which names anything wrong under its field). */
export const invoiceInputOf = (v: DocumentValues, locationId: string) => ({
  locationId,
  clientId: v.clientId,
  patientId: v.patientId || null,
  appointmentId: v.appointmentId || null,
  ...(v.issuedOn ? { issuedOn: v.issuedOn } : {}),
  dueOn: v.dueOn || null,
  discountType: v.discountType,
  discountValue: discountValueOf(v.discountType, v.discount),
  notes: v.notes,
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
  const [id, setId] = useState<string | null>(invoiceId);
  const query = useInvoice(id ?? undefined);
  const invoice = query.data;
  const locationId = invoice?.locationId ?? start?.locationId ?? '';
  const form = useFormState<DocumentValues>(
    blankDocument({
      clientId: start?.clientId ?? '',
      patientId: start?.patientId ?? '',
      appointmentId: start?.appointmentId ?? '',
      ...(start?.lines?.length ? { lines: start.lines } : {}),
    }),
  );
  const { reset } = form;
  // The saved invoice fills the form once per invoice shown (a credit note started here is another).
  const [loadedId, setLoadedId] = useState<string | null>(null);
  useEffect(() => {
    if (invoice && invoice.id !== loadedId) {
      reset(valuesOfInvoice(invoice));
      setLoadedId(invoice.id);
    }
  }, [invoice, loadedId, reset]);

  const v = form.values;
  const readOnly = invoice ? invoice.status !== 'draft' : false;
  const sign = invoice?.kind === 'credit_note' ? -1 : 1;
  const taxCodes = useTaxCodes(locationId || null);
  const balance = useClientBalance(v.clientId || null);
  const currency = invoice?.currency ?? balance.data?.currency ?? DEFAULT_CURRENCY;
  const priced = useMemo(
    () => (invoice && readOnly ? storedPricing(invoice) : priceDraft(v.lines, v, rateOfCodes(taxCodes.data ?? []), { sign })),
    [invoice, readOnly, v, taxCodes.data, sign],
  );
  const invoiceTemplates = useTemplates('invoice', readOnly ? null : locationId || null);
  const pdfTemplates = useTemplates('pdf', locationId || null);

  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const finalise = useFinaliseInvoice();
  const voiding = useVoidInvoice();
  const crediting = useCreateCreditNote();
  const remove = useDeleteInvoice();
  // Throwing a draft away needs billing.manage (decision 0132), as the server checks.
  const canDelete = useHasAnyPermission([MANAGE_BILLING]);
  const [prompt, setPrompt] = useState<'void' | 'credit' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [emailing, setEmailing] = useState(false);
  const busy = create.isPending || update.isPending || finalise.isPending || voiding.isPending || crediting.isPending;

  const confirmDelete = useConfirmDelete<Invoice>({
    title: 'Delete invoice',
    message: () => 'Delete this draft for good? It has no number yet, so no gap is left.',
    run: (i) => remove.mutateAsync(i.id),
    success: INVOICE_MESSAGES.deleted,
    error: INVOICE_MESSAGES.deleteError,
    onDeleted: onClose,
  });

  const shown = (saved: Invoice) => {
    setId(saved.id);
    setLoadedId(saved.id);
    reset(valuesOfInvoice(saved));
  };

  /** Saves the draft (creating it the first time), then `then` with what was saved. */
  const save = (then?: (saved: Invoice) => void) => {
    const checked = form.check(InvoiceForm, invoiceInputOf(v, locationId));
    if (!checked) return;
    const { items, locationId: at, ...header } = checked;
    const handlers = documentSaveHandlers<Invoice>({ messages: INVOICE_MESSAGES, dataKey: 'invoiceData', itemsKey: 'invoiceItems', setErrors: form.setErrors, shown, then });
    if (invoice) update.mutate({ id: invoice.id, data: { invoiceData: header, invoiceItems: items } }, handlers.updated);
    else create.mutate({ invoiceData: { locationId: at, ...header }, invoiceItems: items }, handlers.created);
  };

  const doFinalise = (target: Invoice) =>
    finalise.mutate(target.id, {
      onSuccess: (saved) => {
        shown(saved);
        notifySuccess(INVOICE_MESSAGES.finalised);
      },
      onError: (error) => notifyError(INVOICE_MESSAGES.updateError, error),
    });
  // Unsaved changes are saved first: what is finalised is what is on screen.
  const finaliseClicked = () => (invoice && !form.dirty ? doFinalise(invoice) : save(doFinalise));

  const startFromTemplate = (templateId: string) => {
    const template = invoiceTemplates.data?.find((t) => t.id === templateId);
    if (!template) return;
    form.set('lines', appendLines(v.lines, draftsFromTemplate(template.items)));
    if (!v.pdfTemplateId && template.pdfTemplateId) form.set('pdfTemplateId', template.pdfTemplateId);
  };

  const confirmReason = () => {
    if (!invoice || !prompt) return;
    if (!reason.trim()) return setReasonError('is required');
    if (prompt === 'void')
      voiding.mutate(
        { id: invoice.id, reason },
        {
          onSuccess: (saved) => {
            shown(saved);
            setPrompt(null);
            notifySuccess(INVOICE_MESSAGES.voided);
          },
          onError: (error) => notifyError(INVOICE_MESSAGES.updateError, error),
        },
      );
    else
      crediting.mutate(
        { id: invoice.id, data: { reason } },
        {
          onSuccess: (note) => {
            setPrompt(null);
            notifySuccess(INVOICE_MESSAGES.creditNoteCreated);
            shown(note);
          },
          onError: (error) => notifyError(INVOICE_MESSAGES.createError, error),
        },
      );
  };
  const ask = (which: 'void' | 'credit') => {
    setReason('');
    setReasonError(undefined);
    setPrompt(which);
  };

  const money = (cents: number) => formatCents(cents, currency);
  const summary = invoice && (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-testid="invoice-summary">
      <Chip size="small" label={INVOICE_STATUS_LABELS[invoice.status]} color={invoice.status === 'finalised' ? 'primary' : invoice.status === 'void' ? 'default' : 'warning'} />
      {invoice.status === 'finalised' && invoice.paymentState !== 'not_due' && (
        <Chip size="small" variant="outlined" label={PAYMENT_STATE_LABELS[invoice.paymentState]} color={invoice.paymentState === 'paid' ? 'success' : 'default'} />
      )}
      <Typography variant="body2">Number: {invoiceNumberLabel(invoice.kind, invoice.number)}</Typography>
      {showsBalance(invoice) && (
        <Typography variant="body2">
          Paid {money(invoice.paid)} · Balance {money(invoice.balance)}
        </Typography>
      )}
      {invoice.voidReason && <Typography variant="body2">Void: {invoice.voidReason}</Typography>}
      {invoice.kind === 'credit_note' && invoice.creditedInvoiceId && <Typography variant="body2">Credits an earlier invoice</Typography>}
      {invoice.finalisedAt && <Typography variant="body2">Finalised {formatDate(invoice.finalisedAt.slice(0, 10))}</Typography>}
    </Stack>
  );

  const secondary = invoice && (
    <>
      {invoice.status === 'draft' && canDelete && (
        <Button color="error" onClick={() => confirmDelete.ask(invoice)} disabled={busy}>
          Delete
        </Button>
      )}
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

  const primary = (
    <>
      <Button onClick={onClose} disabled={busy}>
        {readOnly ? 'Close' : 'Cancel'}
      </Button>
      {!readOnly && (
        <>
          <Button onClick={finaliseClicked} disabled={busy} variant="outlined">
            Finalise
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            Save
          </Button>
        </>
      )}
    </>
  );

  return (
    <>
      <DocumentDialogFrame
        title={invoiceTitle(invoice)}
        summary={summary}
        dirty={form.dirty}
        busy={busy}
        loading={Boolean(id) && !invoice}
        loadError={id ? query.error : null}
        onSubmit={() => save()}
        onClose={onClose}
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
        <DocumentFields
          kind="invoice"
          noun="Invoice"
          fixedLines={invoice?.kind === 'credit_note'}
          values={v}
          set={form.set}
          errors={form.errors}
          locationId={locationId}
          readOnly={readOnly}
          clientName={invoice?.clientName}
          taxCodes={taxCodes.data ?? []}
          priced={priced}
          currency={currency}
        />
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
      {confirmDelete.dialog}
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
