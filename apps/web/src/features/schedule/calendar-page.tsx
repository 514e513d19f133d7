import { Box, Typography } from '@mui/material';
import type { Location } from '@willow/contracts';
import { PageLoader } from '../../components/page-loader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocation } from '../locations/locations.api';
import { useWorkingLocation } from '../locations/use-working-location';
import { CalendarScreen } from './calendar-screen';
import { GettingStartedCard } from './getting-started-card';

/** The Schedule page: resolves the working location and its time zone, then shows its calendar. */
export default function CalendarPage() {
  useDocumentTitle('Schedule');
  const place = useWorkingLocation();
  const listed = place.locations.find((l) => l.id === place.locationId);
  // The selected location may be inactive (not in the active list); its own record still has the zone.
  const single = useLocation(listed ? null : place.locationId);
  const location: Location | undefined = listed ?? single.data;

  if (!location) {
    if (place.loading || single.isLoading || (place.locationId && !single.error)) return <PageLoader />;
    return (
      <Box data-testid="calendar" sx={{ p: 3 }}>
        <Typography variant="h6" component="h1">
          Schedule
        </Typography>
        <Typography color="text.secondary">There is no location to show a calendar for yet.</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <GettingStartedCard locationId={location.id} locations={place.locations} />
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <CalendarScreen
          key={location.id}
          location={location}
          picker={place.canPick ? { value: location.id, locations: place.locations, onChange: place.pick } : undefined}
        />
      </Box>
    </Box>
  );
}
