import { useState } from 'react';
import { Box, Button, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { CARD_PAYMENT_CHANNEL_LABELS, CARD_PAYMENT_MESSAGES, CARD_PAYMENT_STATE_LABELS, formatCents } from '@willow/contracts';
import type { CardPaymentRequest, CardPaymentState } from '@willow/contracts';
import { ListError } from '../../components/list-error';
import { useConfirmAction } from '../../components/use-confirm-action';
import { formatDateTime } from '../../lib/dates';
import { useCancelCardPaymentRequest, useCardPaymentRequests, useLocationHasStripe } from './card-payments.api';
import { RequestCardPaymentDialog, type RequestCardPaymentDialogProps } from './request-card-payment-dialog';

const STATE_COLORS: Record<CardPaymentState, 'info' | 'success' | 'default'> = { open: 'info', paid: 'success', expired: 'default', cancelled: 'default' };

const channelWords = (r: CardPaymentRequest) => (r.channel === 'screen' ? 'opened on screen' : `sent by ${CARD_PAYMENT_CHANNEL_LABELS[r.channel].toLowerCase()}`);

/** Card payment requests and what became of them: waiting (open the page again, or cancel), paid, expired, cancelled. */
export function CardPaymentRequestsList({ requests, label }: { requests: readonly CardPaymentRequest[]; label: string }) {
  const cancel = useCancelCardPaymentRequest();
  const confirm = useConfirmAction<CardPaymentRequest>({
    title: 'Cancel payment request',
    message: (r) => `Stripe’s page for ${formatCents(r.amount, r.currency)} will stop working, so the client can no longer pay it.`,
    run: (r) => cancel.mutateAsync(r.id),
    success: CARD_PAYMENT_MESSAGES.cancelled,
    error: CARD_PAYMENT_MESSAGES.cancelError,
    confirmLabel: 'Cancel request',
    destructive: true,
  });
  return (
    <>
      <List dense disablePadding aria-label={label}>
        {requests.map((r) => (
          <ListItem
            key={r.id}
            disableGutters
            data-testid="card-payment-request"
            secondaryAction={
              r.state === 'open' ? (
                <Button size="small" onClick={() => confirm.ask(r)}>
                  Cancel
                </Button>
              ) : undefined
            }
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <span>
                    {r.purpose === 'deposit' ? 'Deposit' : 'Balance'} {formatCents(r.amount, r.currency)}
                  </span>
                  <Chip size="small" label={CARD_PAYMENT_STATE_LABELS[r.state]} color={STATE_COLORS[r.state]} variant="outlined" />
                  {r.url && (
                    <Link href={r.url} target="_blank" rel="noopener noreferrer">
                      Open payment page
                    </Link>
                  )}
                </Box>
              }
              secondary={`${channelWords(r)} ${formatDateTime(r.createdAt)}${r.state === 'open' && r.expiresAt ? ` · works until ${formatDateTime(r.expiresAt)}` : ''}`}
              sx={{ pr: r.state === 'open' ? 10 : 0 }}
            />
          </ListItem>
        ))}
      </List>
      {confirm.dialog}
    </>
  );
}

type ButtonProps = Omit<RequestCardPaymentDialogProps, 'open' | 'onClose'> & {
  /** the button's words: 'Request card payment' on an invoice, 'Take deposit' on an estimate */
  label?: string;
  /** the requests made for it are listed under the button */
  showRequests?: boolean;
  /** false: only the requests are shown (an invoice paid in full, an estimate already invoiced) */
  canAsk?: boolean;
};

/**
 * The button an invoice (with a balance) or an estimate mounts: it opens the request dialog, and
 * lists the requests made for that invoice or estimate. A location without Stripe says so here.
 */
export function RequestCardPayment({ label, showRequests = true, canAsk = true, ...dialog }: ButtonProps) {
  const [open, setOpen] = useState(false);
  const hasStripe = useLocationHasStripe(dialog.locationId);
  const requests = useCardPaymentRequests(dialog.estimateId ? { estimateId: dialog.estimateId } : { invoiceId: dialog.invoiceId ?? undefined }, showRequests);
  const text = label ?? (dialog.estimateId ? 'Take deposit' : 'Request card payment');
  return (
    <Stack spacing={1}>
      {canAsk && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<CreditCardIcon />} onClick={() => setOpen(true)}>
            {text}
          </Button>
          {hasStripe === false && (
            <Typography variant="body2" color="warning.main" data-testid="no-stripe-note">
              {CARD_PAYMENT_MESSAGES.noStripe}: this location has no Stripe integration.
            </Typography>
          )}
        </Box>
      )}
      {showRequests && requests.isError && <ListError error={requests.error} onRetry={() => void requests.refetch()} retrying={requests.isFetching} what="payment requests" />}
      {showRequests && requests.data && requests.data.length > 0 && <CardPaymentRequestsList requests={requests.data} label={`${text} requests`} />}
      <RequestCardPaymentDialog open={open} onClose={() => setOpen(false)} {...dialog} />
    </Stack>
  );
}
