import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { zoneAbbreviation } from '@willow/contracts';
import type { AvailabilityInput } from '@willow/contracts';
import { notifyError, useErrorToast } from '../../lib/toasts';
import { useWorkingLocation } from '../locations/use-working-location';
import { formatDuration } from '../services/service-format';
import { useServiceList } from '../services/services.api';
import { LocationPicker } from '../locations/use-page-location';
import { useProviderAvailability, useUpdateAvailability } from './availability.api';

export interface AvailabilityPerson {
  id: string;
  firstName: string;
  lastName: string;
  /** where they work; the dialog starts at one of these */
  locationIds?: readonly string[];
}

interface AvailabilityDialogProps {
  /** whose availability; null closes the dialog */
  person: AvailabilityPerson | null;
  title?: string;
  onClose: () => void;
}

/** A slot start time as read at the location, e.g. 'Nov 23, 2026, 9:00 AM EST'. */
export function formatSlotStart(iso: string, timeZone: string | undefined): string {
  const instant = new Date(iso);
  const text = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(instant);
  return timeZone ? `${text} ${zoneAbbreviation(instant, timeZone)}` : text;
}

/**
 * What a provider offers: the services they perform, each saved as it is ticked, and the
 * upcoming slot start times they are available for, which can be given up here (they are taken on
 * from the calendar).
 */
export function AvailabilityDialog({ person, title, onClose }: AvailabilityDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={Boolean(person)} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{title ?? (person ? `Availability of ${person.firstName} ${person.lastName}` : '')}</DialogTitle>
      <DialogContent dividers>{person && <AvailabilityEditor person={person} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

export function AvailabilityEditor({ person }: { person: AvailabilityPerson }) {
  const userId = person.id;
  const place = useWorkingLocation();
  const [picked, setPicked] = useState<string | null>(null);
  // The working location if they work there, else their first one: their services are what matter.
  const theirs = person.locationIds ? place.locations.filter((l) => person.locationIds!.includes(l.id)) : [];
  const preferred =
    theirs.length === 0 || theirs.some((l) => l.id === place.locationId) ? place.locationId : (theirs[0]?.id ?? null);
  // Undecided until the locations are known, or the profile's location would be asked for first.
  const locationId = place.loading ? null : (picked ?? preferred);
  const availability = useProviderAvailability(userId);
  const services = useServiceList(locationId, true);
  const change = useUpdateAvailability(userId);
  useErrorToast(availability.error, 'Error getting availability');
  useErrorToast(services.error, 'Error getting services');
  const timeZone = place.locations.find((l) => l.id === locationId)?.timezone;

  const offered = useMemo(() => new Set(availability.data?.serviceIds ?? []), [availability.data]);
  const upcoming = useMemo(
    () => [...(availability.data?.slotStartTimes ?? [])].sort((a, b) => Date.parse(a) - Date.parse(b)),
    [availability.data],
  );

  const busyWith = (test: (v: AvailabilityInput) => boolean) => change.isPending && change.variables !== undefined && test(change.variables);

  const toggleService = (serviceId: string, offer: boolean) =>
    change.mutate(
      { type: 'veterinarianService', veterinarianId: userId, serviceId, action: offer ? 'add' : 'remove' },
      { onError: (error) => notifyError('Error updating user service availability', error) },
    );
  const removeSlotTime = (startAt: string) =>
    change.mutate(
      { type: 'scheduleSlot', veterinarianId: userId, startAt, action: 'remove' },
      { onError: (error) => notifyError('Error updating veterinarian availability', error) },
    );

  const loading = availability.isLoading || services.isLoading || place.loading;
  return (
    <Stack spacing={2}>
      {place.locations.length > 1 && <LocationPicker value={locationId} locations={place.locations} onChange={setPicked} />}
      <Box component="section" aria-labelledby="availability-services">
        <Typography id="availability-services" variant="subtitle1" component="h3">
          Services offered
        </Typography>
        {loading ? (
          <Skeleton variant="rectangular" height={96} />
        ) : services.data?.length === 0 ? (
          <Alert severity="info">This location has no active services yet.</Alert>
        ) : (
          <Stack>
            {services.data?.map((service) => (
              <FormControlLabel
                key={service.id}
                control={
                  <Checkbox
                    checked={offered.has(service.id)}
                    disabled={!availability.data || busyWith((v) => v.type === 'veterinarianService' && v.serviceId === service.id)}
                    onChange={(e) => toggleService(service.id, e.target.checked)}
                  />
                }
                label={
                  <span>
                    {service.name}{' '}
                    <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                      {service.type} · {formatDuration(service.duration)}
                    </Typography>
                  </span>
                }
              />
            ))}
          </Stack>
        )}
      </Box>
      <Divider />
      <Box component="section" aria-labelledby="availability-times">
        <Typography id="availability-times" variant="subtitle1" component="h3">
          Upcoming slot times
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Slot start times this provider has been made available for on the calendar
          {timeZone ? ` (shown in ${timeZone} time)` : ''}.
        </Typography>
        {availability.isLoading ? (
          <Skeleton variant="rectangular" height={48} />
        ) : upcoming.length === 0 ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            No upcoming slot times.
          </Typography>
        ) : (
          <List dense aria-label="Upcoming slot times">
            {upcoming.map((startAt) => {
              const label = formatSlotStart(startAt, timeZone);
              return (
                <ListItem
                  key={startAt}
                  divider
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${label}`}
                      disabled={busyWith((v) => v.type === 'scheduleSlot' && v.startAt === startAt)}
                      onClick={() => removeSlotTime(startAt)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={label} />
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </Stack>
  );
}
