import { useEffect, useState } from 'react';
import { Alert, FormControl, FormControlLabel, FormHelperText, FormLabel, InputAdornment, Radio, RadioGroup } from '@mui/material';
import { CARD_PAYMENT_CHANNEL_LABELS, CARD_PAYMENT_CHANNELS, CARD_PAYMENT_MESSAGES, CardPaymentRequestInput, formatCents, toCents } from '@willow/contracts';
import type { CardPaymentChannel } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { numberOrNull, useFormState } from '../../components/form-fields';
import { TextInput } from '../../components/text-input';
import { notifySuccess } from '../../lib/toasts';
import { useClientChannels } from '../communications/communications.api';
import { useCreateCardPaymentRequest, useLocationHasStripe } from './card-payments.api';

interface Values {
  amount: string;
  channel: CardPaymentChannel;
}

export interface RequestCardPaymentDialogProps {
  open: boolean;
  onClose: () => void;
  clientId: string;
  locationId: string;
  /** a balance: the finalised invoice paid */
  invoiceId?: string | null;
  /** a deposit: the estimate it is held on */
  estimateId?: string | null;
  /** cents offered to start with: the invoice's balance, or a deposit the practice asks */
  suggestedAmount?: number | null;
  currency: string;
  /** what is owed at most (cents), said under the amount */
  owed?: number | null;
  /** the way chosen to start with (text message unless told: the end-of-life journey picks one that is set up) */
  channel?: CardPaymentChannel;
}

const amountText = (cents: number | null | undefined) => (cents && cents > 0 ? (cents / 100).toFixed(2) : '');

/** A fresh key per opening of the dialog: a retry or a double click of this one request is one request. */
const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * Ask a client to pay by card on Stripe's page: the balance of an invoice or a deposit on an
 * estimate, the link by email or SMS, or Stripe's page opened in a new tab for a client at the desk.
 */
export function RequestCardPaymentDialog({ open, onClose, clientId, locationId, invoiceId, estimateId, suggestedAmount, currency, owed, channel: startChannel = 'sms' }: RequestCardPaymentDialogProps) {
  const deposit = Boolean(estimateId);
  const channels = useClientChannels(clientId);
  const hasStripe = useLocationHasStripe(locationId);
  const create = useCreateCardPaymentRequest();
  const initial: Values = { amount: amountText(suggestedAmount), channel: startChannel };
  const form = useFormState<Values>(initial);
  const { reset } = form;
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  useEffect(() => {
    if (!open) return;
    reset({ amount: amountText(suggestedAmount), channel: startChannel });
    setIdempotencyKey(newKey());
  }, [open, suggestedAmount, startChannel, reset]);

  const readiness = (channel: CardPaymentChannel) => (channel === 'screen' ? { ready: true, reason: null, to: null } : channels.data?.[channel]);

  const submit = () => {
    const v = form.values;
    const units = numberOrNull(v.amount);
    const data = form.check(CardPaymentRequestInput, {
      invoiceId: invoiceId ?? null,
      estimateId: estimateId ?? null,
      amount: units === null || Number.isNaN(units) ? units : toCents(units),
      channel: v.channel,
    });
    if (!data) return;
    // Opened now, while the click still counts as the person's: a window opened after the answer would be blocked.
    const tab = data.channel === 'screen' ? window.open('', '_blank') : null;
    create.mutate(
      { data, idempotencyKey },
      {
        onSuccess: (created) => {
          if (tab && created.url) {
            tab.opener = null;
            tab.location.href = created.url;
          }
          notifySuccess(data.channel === 'screen' ? CARD_PAYMENT_MESSAGES.openedOnScreen : CARD_PAYMENT_MESSAGES.created);
          onClose();
        },
        onError: (error) => {
          tab?.close();
          form.saveFailed(CARD_PAYMENT_MESSAGES.createError)(error);
        },
      },
    );
  };

  const v = form.values;
  const e = form.errors;
  const chosen = readiness(v.channel);
  const title = deposit ? 'Take deposit' : 'Request card payment';
  return (
    <EntityFormDialog
      open={open}
      title={title}
      submitLabel={v.channel === 'screen' ? 'Open payment page' : 'Send'}
      submitting={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      {hasStripe === false && (
        <Alert severity="warning" data-testid="no-stripe">
          <strong>{CARD_PAYMENT_MESSAGES.noStripe}.</strong> {CARD_PAYMENT_MESSAGES.noStripeHelp}
        </Alert>
      )}
      <TextInput
        label={deposit ? 'Deposit' : 'Amount'}
        required
        value={v.amount}
        onValueChange={(x) => form.set('amount', x)}
        error={e.amount}
        helperText={owed != null && !deposit ? `Left to pay: ${formatCents(owed, currency)}` : `In ${currency}`}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> } }}
        autoFocus
      />
      <FormControl error={Boolean(e.channel)}>
        <FormLabel id="card-payment-channel">Send by</FormLabel>
        <RadioGroup aria-labelledby="card-payment-channel" value={v.channel} onChange={(event) => form.set('channel', event.target.value as CardPaymentChannel)}>
          {CARD_PAYMENT_CHANNELS.map((channel) => {
            const state = readiness(channel);
            const to = state?.to ? ` (${state.to})` : '';
            return <FormControlLabel key={channel} value={channel} control={<Radio />} label={`${CARD_PAYMENT_CHANNEL_LABELS[channel]}${to}`} />;
          })}
        </RadioGroup>
        <FormHelperText>
          {e.channel ??
            (chosen && !chosen.ready
              ? chosen.reason
              : v.channel === 'screen'
                ? 'Opens Stripe’s payment page in a new tab for the client to pay here'
                : 'The client gets a link to Stripe’s payment page that works for 24 hours')}
        </FormHelperText>
      </FormControl>
    </EntityFormDialog>
  );
}
