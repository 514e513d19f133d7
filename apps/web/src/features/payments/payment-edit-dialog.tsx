import { useCallback } from 'react';
import { Typography } from '@mui/material';
import { formatCents, paymentOps, type Payment } from '@willow/contracts';
import { DateInput, MessageInput, TextInput, textOrNull } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { useUpdatePayment } from './payments.api';

interface FormValues {
  reference: string;
  notes: string;
  receivedOn: string;
}

const localDay = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Midday of a day typed, as an instant; what was typed when it is not a day (the check says so). */
const middayOf = (day: string) => {
  const at = new Date(`${day}T12:00:00`);
  return Number.isNaN(at.getTime()) ? day : at.toISOString();
};

/** What describes a payment (reference, notes, the day it came): its money never changes (a refund does that). */
export function PaymentEditDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const update = useUpdatePayment();
  const blank = useCallback((): FormValues => ({ reference: '', notes: '', receivedOn: '' }), []);
  const fromRecord = useCallback((p: Payment): FormValues => ({ reference: p.reference ?? '', notes: p.notes ?? '', receivedOn: localDay(p.receivedAt) }), []);
  const { form, dialog } = useEntityForm<FormValues, Payment, unknown, Payment>({
    ops: { update: paymentOps.update, body: paymentOps.body },
    create: update as never,
    update,
    noun: 'payment',
    open: payment !== null,
    record: payment,
    blank,
    fromRecord,
    toInput: (v) => ({
      reference: textOrNull(v.reference),
      notes: textOrNull(v.notes),
      // The day changed: midday of it; unchanged: the time it was recorded.
      receivedAt: payment && v.receivedOn === localDay(payment.receivedAt) ? payment.receivedAt : middayOf(v.receivedOn),
    }),
    onClose,
  });
  const v = form.values;
  return dialog(
    <>
      {payment && (
        <Typography variant="body2">
          {formatCents(payment.amount, payment.currency)} from {payment.clientName}. The amount and where it went are not changed here: refund it instead.
        </Typography>
      )}
      <DateInput label="Received on" required value={v.receivedOn} onValueChange={(x) => form.set('receivedOn', x)} error={form.errors.receivedAt} />
      <TextInput label="Reference" value={v.reference} onValueChange={(x) => form.set('reference', x)} error={form.errors.reference} />
      <MessageInput label="Notes" value={v.notes} onValueChange={(x) => form.set('notes', x)} error={form.errors.notes} />
    </>,
  );
}
