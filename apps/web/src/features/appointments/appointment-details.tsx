import { useState } from 'react';
import {
  Box,
  Button,
  DialogContentText,
  List,
  ListItem,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import {
  CANCELLABLE_STATUSES,
  CancelInput,
  CORRECT_STATUS_PERMISSIONS,
  entersCremationWithout,
  isFinished,
  STATUS_TRANSITIONS,
} from '@willow/contracts';
import type { AppointmentDetail, AppointmentStatus } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { validate } from '../../lib/zod-errors';
import { AppointmentStatusChip } from './appointment-status-chip';
import { formatInZone } from './appointment-times';
import { useCancelAppointment } from './appointments.api';
import { CorrectStatusDialog } from './correct-status-dialog';
import { NextStatusButton } from './next-status-button';
import { TextPromptDialog } from './text-prompt-dialog';
import { useStatusChange } from './use-status-change';

/**
 * Where the appointment may go next (docs/decisions/0020). Cancelling has its own action with a
 * required reason, so it is never one of the menu's moves; the cremation path needs an end-of-life service.
 */
export function nextStatuses(status: AppointmentStatus, serviceTypes: readonly string[]): AppointmentStatus[] {
  return STATUS_TRANSITIONS[status].filter((s) => s !== 'Cancelled' && !entersCremationWithout(status, s, serviceTypes));
}

export const SOURCE_LABELS = { staff: 'Booked by staff', online: 'Online request' } as const;

/**
 * The appointment's status with the moves it allows: the next likely one in one click, any other
 * through the menu (with a note), cancel (with a reason), and for a finished appointment a
 * correction by those who may make one.
 */
export function StatusPanel({ appointment }: { appointment: AppointmentDetail }) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const statusChange = useStatusChange(appointment);
  const mayCorrect = useHasAnyPermission(CORRECT_STATUS_PERMISSIONS);
  const moves = nextStatuses(appointment.status, appointment.services.map((s) => s.type));
  const cancellable = CANCELLABLE_STATUSES.includes(appointment.status);

  const choose = (status: AppointmentStatus) => {
    setMenuAnchor(null);
    statusChange.start(status, { withNote: true });
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Status
        </Typography>
        <AppointmentStatusChip status={appointment.status} size="medium" />
        <NextStatusButton appointment={appointment} />
        {moves.length > 0 && (
          <Button
            size="small"
            endIcon={<ArrowDropDownIcon />}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? 'true' : undefined}
          >
            Change status
          </Button>
        )}
        {isFinished(appointment.status) && mayCorrect && (
          <Button size="small" startIcon={<EditNoteIcon />} onClick={() => setCorrecting(true)}>
            Correct status
          </Button>
        )}
        {cancellable && (
          <Button size="small" color="warning" startIcon={<EventBusyIcon />} onClick={() => setCancelling(true)}>
            Cancel appointment
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {SOURCE_LABELS[appointment.source]}
        </Typography>
      </Stack>
      {appointment.cancellationReason && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Cancellation reason: {appointment.cancellationReason}
        </Typography>
      )}
      {appointment.overlapReason && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Booked despite an overlap: {appointment.overlapReason}
        </Typography>
      )}
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {moves.map((status) => (
          <MenuItem key={status} onClick={() => choose(status)}>
            {status}
          </MenuItem>
        ))}
      </Menu>
      {statusChange.dialogs}
      <CancelAppointmentDialog open={cancelling} appointmentId={appointment.id} onClose={() => setCancelling(false)} />
      <CorrectStatusDialog open={correcting} appointment={appointment} onClose={() => setCorrecting(false)} />
    </Box>
  );
}

function CancelAppointmentDialog({ open, appointmentId, onClose }: { open: boolean; appointmentId: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const cancel = useCancelAppointment();
  const confirm = async () => {
    const checked = validate(CancelInput, { reason });
    if (!checked.ok) return setError(checked.errors.reason);
    try {
      await cancel.mutateAsync({ id: appointmentId, reason: checked.data.reason });
      notifySuccess('Appointment canceled');
      setReason('');
      onClose();
    } catch (e) {
      notifyError('Error cancelling appointment', e);
    }
  };
  return (
    <TextPromptDialog
      open={open}
      title="Cancel appointment"
      label="Reason"
      required
      value={reason}
      error={error}
      onChange={(v) => {
        setReason(v);
        setError(undefined);
      }}
      busy={cancel.isPending}
      backLabel="Keep appointment"
      confirmLabel="Cancel appointment"
      confirmColor="warning"
      onBack={onClose}
      onConfirm={() => void confirm()}
    >
      <DialogContentText>The appointment stays on record as Cancelled and frees its time.</DialogContentText>
    </TextPromptDialog>
  );
}

/** Every status the appointment has had, newest last, with who moved it and when (in the location's zone). */
export function StatusHistory({ appointment, timeZone }: { appointment: AppointmentDetail; timeZone: string }) {
  const history = [...appointment.statusHistory].sort((a, b) => Date.parse(a.changedAt) - Date.parse(b.changedAt));
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        Status history
      </Typography>
      {history.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No changes recorded.
        </Typography>
      ) : (
        <List dense aria-label="Status history" disablePadding>
          {history.map((change) => {
            const who = change.changedBy?.name ?? (change.fromStatus === null && appointment.source === 'online' ? 'online request' : null);
            return (
              <ListItem key={change.id} disableGutters>
                <ListItemText
                  primary={
                    change.correction
                      ? `Corrected: ${change.fromStatus} → ${change.toStatus}`
                      : change.fromStatus
                        ? `${change.fromStatus} → ${change.toStatus}`
                        : `Created as ${change.toStatus}`
                  }
                  secondary={
                    <>
                      {formatInZone(change.changedAt, timeZone)}
                      {who && ` · by ${who}`}
                      {change.note && (
                        <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', color: 'text.primary' }}>
                          {change.correction ? `Reason: ${change.note}` : change.note}
                        </Box>
                      )}
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

/** What an online booking request asked for, in the owner's order of preference. */
export function RequestedTimes({ appointment, timeZone }: { appointment: AppointmentDetail; timeZone: string }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        Requested times
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Source: {SOURCE_LABELS[appointment.source]}
      </Typography>
      {/* The owner followed the link in the request's email: the address is theirs (decision 0091). */}
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="request-email-state">
        {appointment.emailConfirmedAt
          ? `Email confirmed ${formatInZone(appointment.emailConfirmedAt, timeZone)}`
          : 'Email not confirmed yet'}
      </Typography>
      {appointment.requestedTimes.length === 0 ? (
        <Typography variant="body2">No times were given.</Typography>
      ) : (
        <List dense aria-label="Requested times" disablePadding sx={{ listStyle: 'decimal', pl: 3 }}>
          {appointment.requestedTimes.map((time) => (
            <ListItem key={time} disableGutters sx={{ display: 'list-item' }}>
              <ListItemText primary={formatInZone(time, timeZone)} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
