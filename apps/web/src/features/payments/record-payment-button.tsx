import { useState } from 'react';
import { Button } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { InvoiceSummary } from '@willow/contracts';
import { RecordPaymentDialog } from './record-payment-dialog';

/** On a finalised invoice that still owes: record a payment, its balance suggested on it. */
export function RecordPaymentButton({ invoice }: { invoice: Pick<InvoiceSummary, 'id' | 'clientId' | 'balance' | 'status' | 'kind'> }) {
  const [open, setOpen] = useState(false);
  if (invoice.kind !== 'invoice' || invoice.status !== 'finalised' || invoice.balance <= 0) return null;
  return (
    <>
      <Button startIcon={<PaymentsIcon />} onClick={() => setOpen(true)}>
        Record payment
      </Button>
      <RecordPaymentDialog open={open} invoice={invoice} onClose={() => setOpen(false)} />
    </>
  );
}
