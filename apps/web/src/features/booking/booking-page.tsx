import { Alert, Box, Button, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { isApiError } from '../../lib/http-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageLoader } from '../../components/page-loader';
import { BookingForm } from './booking-form';
import { BookingFrame as Frame } from './booking-frame';
import { useBookingPage } from './booking.api';

/** The public page owners use to ask a clinic for a visit (/book/:locationId). */
export default function BookingPage() {
  const { locationId = '' } = useParams();
  const page = useBookingPage(locationId);
  useDocumentTitle(page.data ? `Book a visit at ${page.data.locationName}` : 'Book a visit');

  if (page.isLoading) return <PageLoader fullScreen />;

  if (page.error) {
    // A 4xx means the link is wrong or the location no longer takes requests; anything else may pass.
    const gone = isApiError(page.error) && page.error.status >= 400 && page.error.status < 500;
    return (
      <Frame>
        {gone ? (
          <Box data-testid="booking-not-found">
            <Typography variant="h5" component="h1" gutterBottom>
              This booking page is not available
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              The link may be out of date, or the clinic no longer takes requests online. Please contact the clinic
              directly to book a visit.
            </Typography>
          </Box>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void page.refetch()}>
                Try again
              </Button>
            }
          >
            {page.error.message}
          </Alert>
        )}
      </Frame>
    );
  }

  const data = page.data!;
  return (
    <Frame>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {data.accountName}
        </Typography>
        <Typography variant="h4" component="h1">
          Book a visit at {data.locationName}
        </Typography>
        {(data.address || data.phone) && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, whiteSpace: 'pre-line' }}>
            {[data.address, data.phone].filter(Boolean).join('\n')}
          </Typography>
        )}
      </Box>
      <BookingForm page={data} />
    </Frame>
  );
}
