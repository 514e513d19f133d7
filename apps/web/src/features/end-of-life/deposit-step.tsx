import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Stack, Typography } from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { ESTIMATE_MESSAGES, ESTIMATE_STATUS_LABELS, formatCents } from '@willow/contracts';
import type { AppointmentDetail, CardPaymentChannel, CardPaymentRequest, ClientChannels, EstimateSummary } from '@willow/contracts';
import { notifyError } from '../../lib/toasts';
import { estimateKeys, invoiceKeys } from '../../lib/query-keys';
import { CardPaymentRequestsList } from '../card-payments/card-payment-requests';
import { RequestCardPaymentDialog } from '../card-payments/request-card-payment-dialog';
import { useEstimateFromAppointment } from './journey.api';

/** The way a link goes to the family first: email, else a text, else Stripe's page here (decision 0182). */
export function preferredChannel(channels: ClientChannels | undefined): CardPaymentChannel {
  if (!channels || channels.email.ready) return 'email';
  return channels.sms.ready ? 'sms' : 'screen';
}

/**
 * A request paid on Stripe's page changes the balances the journey reads: once one of the
 * requests shown turns paid (the requests' list polls while one is open), the invoices and
 * estimates are read again.
 */
export function useRefreshWhenPaid(requests: readonly Pick<CardPaymentRequest, 'state'>[] | undefined) {
  const queryClient = useQueryClient();
  const paid = (requests ?? []).filter((r) => r.state === 'paid').length;
  const seen = useRef(paid);
  useEffect(() => {
    if (paid > seen.current) {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
    }
    seen.current = paid;
  }, [paid, queryClient]);
}

interface DepositStepProps {
  appointment: AppointmentDetail;
  /** the open or approved estimate the deposit is held on, if any */
  estimate: EstimateSummary | null;
  requests: readonly CardPaymentRequest[];
  /** an invoice exists: a deposit is no longer taken here (what is owed is on the invoice) */
  invoiced: boolean;
  channel: CardPaymentChannel;
  onOpenEstimate: (id: string) => void;
}

/**
 * Step 2: a deposit by card, asked in two clicks: "Take deposit" (the estimate it is held on is
 * made from the appointment when there is none) and Send; the requests and what became of them.
 */
export function DepositStep({ appointment, estimate, requests, invoiced, channel, onOpenEstimate }: DepositStepProps) {
  const make = useEstimateFromAppointment();
  const [asking, setAsking] = useState<EstimateSummary | null>(null);
  useRefreshWhenPaid(requests);

  const take = () => {
    if (estimate) return setAsking(estimate);
    make.mutate(appointment, {
      onSuccess: (created) => setAsking(created),
      onError: (error) => notifyError(ESTIMATE_MESSAGES.createError, error),
    });
  };

  return (
    <Stack spacing={1}>
      {estimate && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Estimate {formatCents(estimate.highTotal, estimate.currency)} · {ESTIMATE_STATUS_LABELS[estimate.status]}
          {estimate.deposit > 0 && ` · deposit held ${formatCents(estimate.deposit, estimate.currency)}`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!invoiced && (
          <Button size="small" variant="outlined" startIcon={<CreditCardIcon />} onClick={take} loading={make.isPending}>
            Take deposit
          </Button>
        )}
        {estimate && (
          <Button size="small" onClick={() => onOpenEstimate(estimate.id)}>
            Open estimate
          </Button>
        )}
      </Box>
      {requests.length > 0 && <CardPaymentRequestsList requests={requests} label="Deposit requests" />}
      {asking && (
        <RequestCardPaymentDialog
          open
          onClose={() => setAsking(null)}
          clientId={appointment.clientId}
          locationId={appointment.locationId}
          estimateId={asking.id}
          // The whole estimate is offered; a smaller deposit is typed over it.
          suggestedAmount={Math.max(asking.highTotal - asking.deposit, 0)}
          currency={asking.currency}
          channel={channel}
        />
      )}
    </Stack>
  );
}
