import { Box, Paper, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useLocation } from 'react-router';
import { CARD_PAYMENT_RETURN_PATHS } from '@willow/contracts';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Where Stripe sends a client back after its payment page (no session: a family on their phone).
 * It only thanks them: the payment is believed from Stripe's signed webhook, never from this visit.
 */
export default function PaymentReturnPage() {
  const paid = useLocation().pathname === CARD_PAYMENT_RETURN_PATHS.paid;
  const title = paid ? 'Thank you' : 'Payment not made';
  useDocumentTitle(title);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 420, textAlign: 'center' }}>
        {paid && <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} />}
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography>
          {paid
            ? 'Your card payment was received. The practice will see it shortly. You can close this page.'
            : 'You left the payment page without paying. You can open the link you were sent again to pay while it still works.'}
        </Typography>
      </Paper>
    </Box>
  );
}
