import { useState } from 'react';
import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { APPOINTMENT_STATUSES, CorrectStatusInput, entersCremationWithout } from '@willow/contracts';
import type { Appointment, AppointmentStatus } from '@willow/contracts';
import { GuardedDialog } from '../../components/discard-guard';
import { SelectInput, TextInput } from '../../components/form-fields';
import { validate } from '../../lib/zod-errors';
import type { FieldErrors } from '../../lib/zod-errors';
import { useOverlapAwareCorrect } from './use-overlap-aware-save';

/** The statuses a finished appointment may be corrected to: any other one its services allow. */
export function correctionTargets(appointment: Pick<Appointment, 'status' | 'services'>): AppointmentStatus[] {
  const types = appointment.services.map((s) => s.type);
  return APPOINTMENT_STATUSES.filter((s) => s !== appointment.status && !entersCremationWithout(appointment.status, s, types));
}

/**
 * Moves a finished appointment to another status, for those who may (docs/decisions/0026). The
 * reason is required and kept in the status history, which shows the change as a correction.
 */
export function CorrectStatusDialog({ open, appointment, onClose }: { open: boolean; appointment: Appointment; onClose: () => void }) {
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { correct, dialog: overlapDialog } = useOverlapAwareCorrect();

  const close = () => {
    setStatus('');
    setReason('');
    setErrors({});
    onClose();
  };
  const confirm = async () => {
    const checked = validate(CorrectStatusInput, { status: status || undefined, reason });
    if (!checked.ok) return setErrors(status ? checked.errors : { ...checked.errors, status: 'is required' });
    setBusy(true);
    try {
      if (await correct(appointment.id, checked.data)) close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <GuardedDialog open={open} onClose={busy ? undefined : close} dirty={status !== '' || reason !== ''} maxWidth="xs" fullWidth>
        <DialogTitle>Correct status</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <DialogContentText>
              The appointment is {appointment.status}. Correct it only if that is a mistake: the change and its reason are
              kept in its history as a correction.
            </DialogContentText>
            <SelectInput
              label="Correct to"
              required
              value={status}
              onChange={(v) => {
                setStatus(v);
                setErrors(({ status: _, ...rest }) => rest);
              }}
              options={correctionTargets(appointment).map((s) => ({ value: s, label: s }))}
              error={errors.status}
            />
            <TextInput
              label="Reason"
              required
              multiline
              minRows={2}
              value={reason}
              onValueChange={(v) => {
                setReason(v);
                setErrors(({ reason: _, ...rest }) => rest);
              }}
              error={errors.reason}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Back
          </Button>
          <Button variant="contained" loading={busy} onClick={() => void confirm()}>
            Correct status
          </Button>
        </DialogActions>
      </GuardedDialog>
      {overlapDialog}
    </>
  );
}
