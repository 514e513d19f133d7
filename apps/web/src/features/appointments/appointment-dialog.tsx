import { useId, useState } from 'react';
import type { JSX } from 'react';
import { Alert, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useProfileQuery } from '../../app/session';
import { GuardedDialog } from '../../components/discard-guard';
import { useClient } from '../clients/clients.api';
import { useLocations, useZoneOf } from '../locations/locations.api';
import { useWorkingLocation } from '../locations/use-working-location';
import { AppointmentForm } from './appointment-form';
import { formKeyOf } from './appointment-form-values';
import type { AppointmentDraft } from './appointment-form-values';
import { useAppointment } from './appointments.api';

export interface AppointmentDialogProps {
  open: boolean;
  onClose: () => void;
  /** edit this appointment; without it the dialog creates one */
  appointmentId?: string | null;
  /** where and when a new appointment goes */
  draft?: AppointmentDraft | null;
  /** the client a new appointment is for (e.g. from the client's page) */
  clientId?: string | null;
  /** with clientId: the client's animal it is for (Book on a patient's page or row) */
  patientId?: string | null;
}

/**
 * Create or edit an appointment. Every time is entered and shown in the appointment's location
 * time zone, whatever the browser's is.
 */
export function AppointmentDialog({ open, onClose, appointmentId, draft, clientId, patientId }: AppointmentDialogProps): JSX.Element {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // While the dialog fades out the caller may already have cleared its props; keep showing what was open.
  const [shown, setShown] = useState({ appointmentId, draft, clientId, patientId });
  if (open && (shown.appointmentId !== appointmentId || shown.draft !== draft || shown.clientId !== clientId || shown.patientId !== patientId))
    setShown({ appointmentId, draft, clientId, patientId });
  const editingId = shown.appointmentId || null;
  const [busy, setBusy] = useState(false);

  const appointment = useAppointment(editingId);
  const locations = useLocations(false);
  const working = useWorkingLocation();
  const forClient = useClient(!editingId && !shown.draft && shown.clientId ? shown.clientId : undefined);
  // The working location falls back to the user's own, so wait for it before choosing.
  const profile = useProfileQuery();

  const newLocationId = shown.draft?.locationId ?? forClient.data?.locationId ?? working.locationId;
  const waitingForClient = !editingId && !shown.draft && Boolean(shown.clientId) && forClient.isLoading;
  const zoneOf = useZoneOf();

  const close = () => {
    if (!busy) onClose();
  };

  let body: JSX.Element;
  if (editingId && appointment.error) {
    body = (
      <>
        <DialogTitle id={titleId}>Edit appointment</DialogTitle>
        <DialogContent dividers>
          <Alert severity="error">{appointment.error.message}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  } else if (
    locations.isLoading ||
    (editingId ? !appointment.data : waitingForClient || working.loading || profile.isLoading || !newLocationId)
  ) {
    body = (
      <>
        <DialogTitle id={titleId}>{editingId ? 'Edit appointment' : 'New appointment'}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          {!editingId && !working.loading && !profile.isLoading && !waitingForClient && !newLocationId ? (
            <Alert severity="info" sx={{ width: '100%' }}>
              There is no location to book at yet. Add one under Settings → Locations.
            </Alert>
          ) : (
            <CircularProgress aria-label="Loading appointment" />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  } else {
    body = (
      <AppointmentForm
        key={formKeyOf(editingId, shown.draft ?? null, shown.clientId ?? null, shown.patientId ?? null)}
        titleId={titleId}
        appointment={editingId ? (appointment.data ?? null) : null}
        draft={shown.draft ?? null}
        clientId={shown.clientId ?? null}
        patientId={shown.patientId ?? null}
        defaultLocationId={newLocationId!}
        locations={(locations.data ?? []).filter((l) => l.isActive)}
        zoneOf={zoneOf}
        onBusyChange={setBusy}
        onClose={onClose}
      />
    );
  }

  return (
    // Guarded: the form inside reports unsaved changes, so Esc or a click outside asks before discarding them.
    <GuardedDialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      {body}
    </GuardedDialog>
  );
}
