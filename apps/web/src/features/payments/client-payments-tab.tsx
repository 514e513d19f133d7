import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { formatCents, invoiceNumberLabel, PAYMENT_MESSAGES, type InvoiceSummary } from '@willow/contracts';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useClientBalance, useInvoices } from '../invoices/invoices.api';
import { PaymentList } from './payment-list';
import { useAllocateCredit } from './payments.api';
import { RecordPaymentDialog } from './record-payment-dialog';

/**
 * The client page's Payments tab: their credit (payments on no invoice), with a click to put it on
 * their oldest open invoice, a new payment, and their payments and refunds.
 */
export function ClientPaymentsTab({ clientId }: { clientId: string }) {
  const [recording, setRecording] = useState(false);
  const balance = useClientBalance(clientId);
  const credit = balance.data?.credit ?? 0;
  const open = useInvoices({ clientId, status: 'finalised', kind: 'invoice', unpaid: true, limit: 100, offset: 0 }, { enabled: credit > 0 });
  const oldest = [...(open.data?.items ?? [])].filter((i) => i.balance > 0).sort((a, b) => a.issuedOn.localeCompare(b.issuedOn))[0];
  const allocate = useAllocateCredit();
  const applyCredit = (invoice: InvoiceSummary) =>
    allocate.mutate(
      { clientId, invoiceId: invoice.id },
      { onSuccess: () => notifySuccess(PAYMENT_MESSAGES.creditAllocated), onError: (e) => notifyError(PAYMENT_MESSAGES.creditError, e) },
    );
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2" data-testid="client-credit">
          Credit: {balance.data ? formatCents(credit, balance.data.currency) : '…'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {credit > 0 && oldest && (
            <Button size="small" disabled={allocate.isPending} onClick={() => applyCredit(oldest)}>
              {`Apply credit to ${invoiceNumberLabel(oldest.kind, oldest.number)}`}
            </Button>
          )}
          <Button startIcon={<AddIcon />} onClick={() => setRecording(true)}>
            Record payment
          </Button>
        </Box>
      </Box>
      <PaymentList filter={{ clientId }} showClient={false} />
      <RecordPaymentDialog open={recording} clientId={clientId} onClose={() => setRecording(false)} />
    </>
  );
}
