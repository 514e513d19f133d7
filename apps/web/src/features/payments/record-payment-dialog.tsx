import { useCallback, useMemo, useRef } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { formatCents, invoiceNumberLabel, paymentOps, type InvoiceSummary, type Payment, type PaymentInput } from '@willow/contracts';
import { DateInput, MessageInput, SelectInput, TextInput, textOrNull } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { todayIso } from '../../lib/dates';
import { ClientPicker } from '../clients/client-picker';
import { useClient } from '../clients/clients.api';
import { useInvoices } from '../invoices/invoices.api';
import { suggestAllocations, unitsToCents } from './money';
import { usePaymentTypes, useRecordPayment, useUpdatePayment } from './payments.api';

interface FormValues {
  clientId: string;
  paymentTypeId: string;
  /** in the currency's units, as typed */
  amount: string;
  receivedOn: string;
  reference: string;
  notes: string;
  /** invoice id → the amount typed for it (units) */
  allocations: Record<string, string>;
}

interface RecordPaymentDialogProps {
  open: boolean;
  onClose: () => void;
  /** recording from a client's page: that client, fixed */
  clientId?: string;
  /** recording from an invoice: its balance is suggested, all of it on that invoice */
  invoice?: Pick<InvoiceSummary, 'id' | 'clientId' | 'balance'>;
  onSaved?: (payment: Payment) => void;
}

const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The time a payment was received: now when it is today, midday of the day typed otherwise. */
function receivedAtOf(day: string): string | undefined {
  if (!day) return undefined;
  if (day === todayIso()) return new Date().toISOString();
  const at = new Date(`${day}T12:00:00`);
  return Number.isNaN(at.getTime()) ? day : at.toISOString();
}

/**
 * Record a payment: the amount typed in the currency's units, its type and date, and where it
 * goes among the client's open invoices (a split is suggested, oldest first); what is not put on
 * an invoice stays as the client's credit. Sent once per opening (an Idempotency-Key).
 */
export function RecordPaymentDialog({ open, onClose, clientId: fixedClient, invoice, onSaved }: RecordPaymentDialogProps) {
  const types = usePaymentTypes();
  const record = useRecordPayment();
  const update = useUpdatePayment();
  // One key per opening: pressing Save twice, or again after a lost answer, records one payment.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const idempotencyKey = useMemo(() => crypto.randomUUID(), [open]);
  const create = useMemo(
    () => ({
      isPending: record.isPending,
      mutate: (data: PaymentInput, options: { onSuccess: (p: Payment) => void; onError: (e: Error) => void }) => record.mutate({ data, idempotencyKey }, options),
    }),
    [record, idempotencyKey],
  );
  const startClient = fixedClient ?? invoice?.clientId ?? '';
  const blank = useCallback(
    (): FormValues => ({
      clientId: startClient,
      paymentTypeId: '',
      amount: invoice ? centsText(invoice.balance) : '',
      receivedOn: todayIso(),
      reference: '',
      notes: '',
      allocations: invoice ? { [invoice.id]: centsText(invoice.balance) } : {},
    }),
    [startClient, invoice],
  );
  // Known once the client and their invoices have loaded; read when the form is sent.
  const openInvoicesRef = useRef<InvoiceSummary[]>([]);
  const locationRef = useRef('');
  // The form's values become the contract's input: amounts in cents, the allocations in the order shown.
  const toInput = (v: FormValues) => {
    const allocations = openInvoicesRef.current
      .filter((i) => (v.allocations[i.id] ?? '').trim() !== '')
      .map((i) => ({ invoiceId: i.id, amount: unitsToCents(v.allocations[i.id]!) }));
    return {
      locationId: locationRef.current,
      clientId: v.clientId,
      paymentTypeId: v.paymentTypeId,
      amount: unitsToCents(v.amount),
      receivedAt: receivedAtOf(v.receivedOn),
      reference: textOrNull(v.reference),
      notes: textOrNull(v.notes),
      allocations,
    };
  };
  const { form, dialog } = useEntityForm<FormValues, Payment, PaymentInput, Payment>({
    ops: paymentOps,
    create,
    update: update as never,
    noun: 'payment',
    open,
    record: null,
    blank,
    fromRecord: blank as never,
    toInput,
    onClose,
    onSaved: (payment) => onSaved?.(payment),
    title: () => 'Record payment',
  });
  const v = form.values;
  const e = form.errors;
  const chosenClient = useClient(v.clientId || undefined);
  locationRef.current = chosenClient.data?.locationId ?? '';
  const invoices = useInvoices(
    { clientId: v.clientId, status: 'finalised', kind: 'invoice', unpaid: true, limit: 100, offset: 0 },
    { enabled: open && Boolean(v.clientId) },
  );
  const openInvoices = useMemo(
    () => [...(invoices.data?.items ?? [])].filter((i) => i.balance > 0).sort((a, b) => a.issuedOn.localeCompare(b.issuedOn) || (a.number ?? 0) - (b.number ?? 0)),
    [invoices.data],
  );
  openInvoicesRef.current = openInvoices;
  const currency = openInvoices[0]?.currency ?? 'USD';
  const amountCents = unitsToCents(v.amount);
  const allocated = openInvoices.reduce((sum, i) => {
    const cents = unitsToCents(v.allocations[i.id] ?? '');
    return sum + (Number.isFinite(cents) ? cents : 0);
  }, 0);
  const credit = Number.isFinite(amountCents) ? amountCents - allocated : 0;
  const suggest = () => {
    const split = suggestAllocations(Number.isFinite(amountCents) ? amountCents : 0, openInvoices);
    form.set('allocations', Object.fromEntries(openInvoices.map((i) => [i.id, split.get(i.id) ? centsText(split.get(i.id)!) : ''])));
  };
  // Errors of the allocations sent, by their place in the request: the rows with an amount.
  const sent = openInvoices.filter((i) => (v.allocations[i.id] ?? '').trim() !== '').map((i) => i.id);
  const rowError = (invoiceId: string) => {
    const index = sent.indexOf(invoiceId);
    return index < 0 ? undefined : (e[`allocations.${index}.amount`] ?? e[`allocations.${index}.invoiceId`]);
  };
  const typeOptions = (types.data ?? []).filter((t) => t.active).map((t) => ({ value: t.id, label: t.name }));

  return dialog(
    <>
      {fixedClient || invoice ? null : (
        <ClientPicker
          value={v.clientId}
          onChange={(id) => {
            form.set('clientId', id);
            form.set('allocations', {});
          }}
          required
          error={e.clientId ?? e.locationId}
          helperText="Who paid"
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          label="Amount"
          required
          value={v.amount}
          onValueChange={(x) => form.set('amount', x)}
          error={e.amount}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <SelectInput label="Payment type" required options={typeOptions} value={v.paymentTypeId} onChange={(x) => form.set('paymentTypeId', x)} error={e.paymentTypeId} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateInput label="Received on" required value={v.receivedOn} onValueChange={(x) => form.set('receivedOn', x)} error={e.receivedAt} />
        <TextInput label="Reference" value={v.reference} onValueChange={(x) => form.set('reference', x)} error={e.reference} helperText="Cheque or receipt number" />
      </Stack>
      {v.clientId && (
        <Box component="section" aria-label="Allocation">
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="subtitle2">Open invoices</Typography>
            {openInvoices.length > 0 && (
              <Button size="small" onClick={suggest}>
                Suggest split
              </Button>
            )}
          </Box>
          {invoices.isLoading && <Typography variant="body2">Loading invoices…</Typography>}
          {!invoices.isLoading && openInvoices.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No open invoices: the payment is kept as the client’s credit.
            </Typography>
          )}
          <Stack spacing={1}>
            {openInvoices.map((i) => (
              <Stack key={i.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                  {invoiceNumberLabel(i.kind, i.number)} · owes {formatCents(i.balance, i.currency)}
                </Typography>
                <TextInput
                  label={`Pay on ${invoiceNumberLabel(i.kind, i.number)}`}
                  size="small"
                  value={v.allocations[i.id] ?? ''}
                  onValueChange={(x) => form.set('allocations', { ...v.allocations, [i.id]: x })}
                  error={rowError(i.id)}
                  sx={{ width: 160 }}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Stack>
            ))}
          </Stack>
          <Typography variant="body2" sx={{ mt: 1 }} color={e.allocations ? 'error' : 'text.secondary'} data-testid="payment-credit">
            {e.allocations ??
              `On invoices ${formatCents(allocated, currency)} · left as credit ${formatCents(Math.max(credit, 0), currency)}`}
          </Typography>
        </Box>
      )}
      <MessageInput label="Notes" value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} />
    </>,
  );
}
