import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import EmailIcon from '@mui/icons-material/Email';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { CARD_PAYMENT_MESSAGES, formatCents, INVOICE_MESSAGES, INVOICE_STATUS_LABELS, invoiceNumberLabel, PAYMENT_STATE_LABELS } from '@willow/contracts';
import type { AppointmentDetail, CardPaymentChannel, EstimateSummary, InvoiceSummary } from '@willow/contracts';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { CardPaymentRequestsList } from '../card-payments/card-payment-requests';
import { useCardPaymentRequests, useCreateCardPaymentRequest } from '../card-payments/card-payments.api';
import { RequestCardPaymentDialog } from '../card-payments/request-card-payment-dialog';
import { useClientChannels } from '../communications/communications.api';
import { EmailInvoiceDialog } from '../invoices/email-invoice-dialog';
import { useFinaliseInvoice } from '../invoices/invoices.api';
import { RecordPaymentButton } from '../payments/record-payment-button';
import { useRefreshWhenPaid } from './deposit-step';
import { useJourneyInvoice } from './journey.api';

const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

interface InvoiceStepProps {
  appointment: AppointmentDetail;
  /** the invoice the journey follows (journeyInvoice) */
  invoice: InvoiceSummary | null;
  /** the estimate holding the deposit: the invoice is made from it */
  estimate: EstimateSummary | null;
  channel: CardPaymentChannel;
  onOpenInvoice: (id: string) => void;
}

/**
 * Step 5: the invoice made (from the deposit's estimate, else from the appointment's services and
 * add-ons), finalised, paid (a card link or a payment recorded) and emailed as a PDF, each one
 * click from here; "Open invoice" for anything else. The common case, the whole balance asked by
 * email, is one click (decision 0187); another amount or a text message goes through the dialog.
 */
export function InvoiceStep({ appointment, invoice, estimate, channel, onOpenInvoice }: InvoiceStepProps) {
  const create = useJourneyInvoice();
  const finalise = useFinaliseInvoice();
  const [asking, setAsking] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const channels = useClientChannels(appointment.clientId);
  const askByEmail = useCreateCardPaymentRequest();
  // One key per balance asked: a second click while the first is on its way is the same request.
  const [emailKey, setEmailKey] = useState(newKey);
  const finalised = invoice?.status === 'finalised';
  const requests = useCardPaymentRequests({ invoiceId: invoice?.id }, finalised);
  useRefreshWhenPaid(requests.data);

  const make = () =>
    create.mutate(
      { appointmentId: appointment.id, estimate: estimate && { id: estimate.id, status: estimate.status } },
      {
        onSuccess: () => notifySuccess(INVOICE_MESSAGES.created),
        onError: (error) => notifyError(INVOICE_MESSAGES.createError, error),
      },
    );

  if (!invoice)
    return (
      <Stack spacing={1}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {estimate ? 'Made from the estimate, its deposit with it' : 'Made from the appointment’s services and add-ons'}
        </Typography>
        <Box>
          <Button size="small" variant="outlined" startIcon={<ReceiptLongIcon />} onClick={make} loading={create.isPending}>
            Create invoice
          </Button>
        </Box>
      </Stack>
    );

  const owes = finalised && invoice.balance > 0;
  const emailReady = channels.data?.email.ready === true;
  const emailBalance = () =>
    askByEmail.mutate(
      { data: { invoiceId: invoice.id, estimateId: null, amount: invoice.balance, channel: 'email' }, idempotencyKey: emailKey },
      {
        onSuccess: () => {
          setEmailKey(newKey());
          notifySuccess(CARD_PAYMENT_MESSAGES.created);
        },
        onError: (error) => notifyError(CARD_PAYMENT_MESSAGES.createError, error),
      },
    );
  return (
    <Stack spacing={1}>
      <Typography variant="body2" data-testid="journey-invoice">
        {invoiceNumberLabel(invoice.kind, invoice.number)} · {formatCents(invoice.total, invoice.currency)} · {INVOICE_STATUS_LABELS[invoice.status]}
        {finalised && ` · ${PAYMENT_STATE_LABELS[invoice.paymentState]}`}
        {owes && ` · left to pay ${formatCents(invoice.balance, invoice.currency)}`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {invoice.status === 'draft' && (
          <Button
            size="small"
            variant="outlined"
            loading={finalise.isPending}
            onClick={() =>
              finalise.mutate(invoice.id, {
                onSuccess: () => notifySuccess(INVOICE_MESSAGES.finalised),
                onError: (error) => notifyError(INVOICE_MESSAGES.updateError, error),
              })
            }
          >
            Finalise invoice
          </Button>
        )}
        {owes && emailReady && (
          <Button size="small" variant="outlined" startIcon={<CreditCardIcon />} onClick={emailBalance} loading={askByEmail.isPending}>
            Email card link ({formatCents(invoice.balance, invoice.currency)})
          </Button>
        )}
        {owes && (
          <Button size="small" variant={emailReady ? 'text' : 'outlined'} startIcon={emailReady ? undefined : <CreditCardIcon />} onClick={() => setAsking(true)}>
            {emailReady ? 'Other amount or SMS…' : 'Send card link'}
          </Button>
        )}
        {owes && <RecordPaymentButton invoice={invoice} />}
        {finalised && (
          <Button size="small" startIcon={<EmailIcon />} onClick={() => setEmailing(true)}>
            Email invoice
          </Button>
        )}
        <Button size="small" onClick={() => onOpenInvoice(invoice.id)}>
          Open invoice
        </Button>
      </Box>
      {requests.data && requests.data.length > 0 && <CardPaymentRequestsList requests={requests.data} label="Card payment requests" />}
      <RequestCardPaymentDialog
        open={asking}
        onClose={() => setAsking(false)}
        clientId={appointment.clientId}
        locationId={appointment.locationId}
        invoiceId={invoice.id}
        suggestedAmount={invoice.balance}
        owed={invoice.balance}
        currency={invoice.currency}
        channel={channel}
      />
      {emailing && <EmailInvoiceDialog invoiceId={invoice.id} onClose={() => setEmailing(false)} />}
    </Stack>
  );
}
