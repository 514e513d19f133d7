import { useEffect, useMemo } from 'react';
import { Typography } from '@mui/material';
import { formatCents, PAYMENT_MESSAGES, RefundInput, type Payment } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { unitsToCents } from './money';
import { useRefundPayment } from './payments.api';

const blank = { amount: '', reason: '' };

/**
 * Give back part or all of a payment: never more than was paid less earlier refunds (the server
 * says so too). It comes off the client's credit first, then the invoices it paid. A payment taken
 * through Stripe is refunded to the card at Stripe by the same request.
 */
export function RefundDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const refund = useRefundPayment();
  const form = useFormState(blank);
  const { reset } = form;
  const open = payment !== null;
  const left = payment ? payment.amount - payment.refunded : 0;
  // One key per opening: the refund is given once however often Save is pressed.
  const idempotencyKey = useMemo(() => crypto.randomUUID(), [payment]);
  useEffect(() => {
    if (payment) reset({ amount: ((payment.amount - payment.refunded) / 100).toFixed(2), reason: '' });
  }, [payment, reset]);
  const submit = () => {
    if (!payment) return;
    const data = form.check(RefundInput, { amount: unitsToCents(form.values.amount), reason: form.values.reason });
    if (!data) return;
    refund.mutate(
      { id: payment.id, data, idempotencyKey },
      {
        onSuccess: () => {
          notifySuccess(PAYMENT_MESSAGES.refunded);
          onClose();
        },
        onError: form.saveFailed(PAYMENT_MESSAGES.refundError),
      },
    );
  };
  return (
    <EntityFormDialog open={open} title="Refund payment" submitLabel="Refund" submitting={refund.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      {payment && (
        <Typography variant="body2">
          Paid {formatCents(payment.amount, payment.currency)}
          {payment.refunded > 0 && `, refunded ${formatCents(payment.refunded, payment.currency)}`}: up to {formatCents(left, payment.currency)} can be given back.
          {payment.card && ' It goes back to the card through Stripe: if Stripe refuses, nothing is recorded.'}
        </Typography>
      )}
      <TextInput
        label="Refund amount"
        required
        value={form.values.amount}
        onValueChange={(x) => form.set('amount', x)}
        error={form.errors.amount}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextInput label="Reason" required value={form.values.reason} onValueChange={(x) => form.set('reason', x)} error={form.errors.reason} />
    </EntityFormDialog>
  );
}
