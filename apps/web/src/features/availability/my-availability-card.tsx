import { useState } from 'react';
import { Button, Card, CardContent, Typography } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import type { Profile } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { AvailabilityDialog } from './availability-dialog';

/** On the profile page of someone who holds appointments: their own services and slot times. */
export function MyAvailabilityCard({ profile }: { profile: Profile }) {
  const isProvider = useHasAnyPermission(['appointments.primary_provider', 'appointments.secondary_provider']);
  const [open, setOpen] = useState(false);
  if (!isProvider) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          My availability
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          The services you perform and the upcoming slot times you are available for.
        </Typography>
        <Button variant="outlined" startIcon={<EventAvailableIcon />} onClick={() => setOpen(true)}>
          My availability
        </Button>
      </CardContent>
      <AvailabilityDialog person={open ? profile : null} title="My availability" onClose={() => setOpen(false)} />
    </Card>
  );
}
