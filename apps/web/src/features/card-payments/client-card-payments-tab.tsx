import { Alert, Stack, Typography } from '@mui/material';
import { ListError } from '../../components/list-error';
import { useCardPaymentRequests } from './card-payments.api';
import { CardPaymentRequestsList } from './card-payment-requests';

/** The client page's Card payments tab: every payment link asked of the client and what became of it. */
export default function ClientCardPaymentsTab({ clientId }: { clientId: string }) {
  const requests = useCardPaymentRequests({ clientId });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Payment links are asked from an invoice (Request card payment) or an estimate (Take deposit); Stripe tells the portal when they are paid.
      </Typography>
      {requests.isError && <ListError error={requests.error} onRetry={() => void requests.refetch()} retrying={requests.isFetching} what="payment requests" />}
      {requests.data && requests.data.length === 0 && <Alert severity="info">No card payments have been asked of this client yet.</Alert>}
      {requests.data && requests.data.length > 0 && <CardPaymentRequestsList requests={requests.data} label="Card payment requests" />}
    </Stack>
  );
}
