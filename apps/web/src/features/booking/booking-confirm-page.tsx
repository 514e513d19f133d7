import { useEffect, useRef } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useSearchParams } from 'react-router';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingFrame } from './booking-frame';
import { useConfirmBookingEmail } from './booking.api';

const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The link in a booking request's email (/book/confirm?token=…): confirms the owner's address as
 * soon as it opens (decision 0091) and says so, or why not.
 */
export default function BookingConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const wellFormed = LINK_TOKEN.test(token);
  const confirm = useConfirmBookingEmail();
  const sent = useRef(false);
  useDocumentTitle('Confirm your email address');

  useEffect(() => {
    // The link works once: sent once, however often the page renders.
    if (!wellFormed || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token, wellFormed]);

  let content;
  if (!wellFormed || confirm.isError) {
    content = (
      <>
        <Typography variant="h5" component="h1" gutterBottom>
          This link cannot be used
        </Typography>
        <Alert severity="error">{!wellFormed ? SIGN_IN_MESSAGES.linkInvalid : confirm.error!.message}</Alert>
      </>
    );
  } else if (confirm.isSuccess) {
    content = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <CheckCircleIcon color="success" aria-hidden />
          <Typography variant="h5" component="h1">
            Email address confirmed
          </Typography>
        </Box>
        {confirm.data.locationName && (
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {confirm.data.locationName}
          </Typography>
        )}
        <Typography role="status">{confirm.data.message}</Typography>
      </>
    );
  } else {
    content = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>Confirming your email address…</Typography>
      </Box>
    );
  }
  return <BookingFrame>{content}</BookingFrame>;
}
