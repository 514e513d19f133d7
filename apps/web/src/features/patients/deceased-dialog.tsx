import { useCallback, useEffect, useState } from 'react';
import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { CANCELLABLE_STATUSES, DeceasedInput } from '@willow/contracts';
import type { Appointment, Patient } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { DateInput, MessageInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { todayIso } from '../../lib/dates';
import { formatSpanInZone } from '../appointments/appointment-times';
import { useAppointmentList } from '../appointments/appointments.api';
import { useZoneOf } from '../locations/locations.api';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useSetDeceased } from './patients.api';

const CANCEL_REASON = 'Patient deceased';

/** Pending or Confirmed appointments of the patient from now on: the ones a death leaves pointless. */
function useUpcomingAppointments(patientId: string | null, from: Date) {
  return useAppointmentList(
    patientId
      ? {
          patientId,
          status: CANCELLABLE_STATUSES.join(','),
          startDate: from.toISOString(),
          endDate: new Date(from.getTime() + UPCOMING_YEARS * 365 * 86_400_000).toISOString(),
          limit: 100,
        }
      : null,
  );
}
const UPCOMING_YEARS = 5;

/**
 * Records a patient's death: the date (today unless changed) and an optional note, and in the same
 * step cancels the upcoming appointments staff leave ticked (docs/decisions/0029).
 */
export function DeceasedDialog({ patient, onClose }: { patient: Pick<Patient, 'id' | 'name'> | null; onClose: () => void }) {
  const form = useFormState({ deceasedOn: todayIso(), note: '', cancelReason: CANCEL_REASON });
  const [cancelIds, setCancelIds] = useState<string[] | null>(null);
  // "Now" is read once per opening, so the query key stays put while the dialog is open.
  const [from, setFrom] = useState(() => new Date());
  const setDeceased = useSetDeceased();
  const upcoming = useUpcomingAppointments(patient?.id ?? null, from);
  const zoneOf = useZoneOf();
  const { reset } = form;
  useEffect(() => {
    if (patient) {
      reset({ deceasedOn: todayIso(), note: '', cancelReason: CANCEL_REASON });
      setCancelIds(null);
      setFrom(new Date());
    }
  }, [patient, reset]);

  const items = upcoming.data?.items ?? [];
  // Ticked by default, except a visit that is also for another living animal of the household.
  const sharedWithOthers = (a: Appointment) => a.patients.some((p) => p.id !== patient?.id && !p.deceasedOn);
  const chosen = cancelIds ?? items.filter((a) => !sharedWithOthers(a)).map((a) => a.id);
  const toggle = (id: string, on: boolean) => setCancelIds(on ? [...chosen, id] : chosen.filter((x) => x !== id));

  const submit = () => {
    if (!patient) return;
    // A blank date would mean "undo"; here it must be filled in.
    if (!form.values.deceasedOn) {
      form.setErrors({ deceasedOn: 'is required' });
      return;
    }
    const ids = chosen.filter((id) => items.some((a) => a.id === id));
    const data = form.check(DeceasedInput, {
      deceasedOn: form.values.deceasedOn,
      note: textOrNull(form.values.note),
      ...(ids.length > 0 && { cancelAppointments: { ids, reason: form.values.cancelReason } }),
    });
    if (!data) return;
    setDeceased.mutate(
      { id: patient.id, ...data },
      {
        onSuccess: () => {
          notifySuccess('Patient marked as deceased');
          if (ids.length > 0) notifySuccess(ids.length === 1 ? 'Appointment canceled' : `${ids.length} appointments canceled`);
          onClose();
        },
        onError: form.saveFailed('Error updating patient'),
      },
    );
  };

  return (
    <EntityFormDialog
      open={patient !== null}
      title={patient ? `Mark ${patient.name} as deceased` : ''}
      submitLabel="Mark as deceased"
      submitting={setDeceased.isPending}
      onSubmit={submit}
      onClose={onClose}
      // Unticking an appointment to keep is a change too.
      dirty={form.dirty || cancelIds !== null}
      maxWidth="xs"
    >
      <DateInput
        label="Date of death"
        required
        value={form.values.deceasedOn}
        onValueChange={(x) => form.set('deceasedOn', x)}
        error={form.errors.deceasedOn}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
      />
      <MessageInput
        label="Note"
        value={form.values.note}
        onValueChange={(x) => form.set('note', x)}
        error={form.errors.note}
      />
      {items.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="subtitle2">
            Upcoming appointments to cancel
          </Typography>
          <FormGroup>
            {items.map((a) => {
              const others = a.patients.filter((p) => p.id !== patient?.id).map((p) => p.name);
              return (
                <FormControlLabel
                  key={a.id}
                  control={<Checkbox checked={chosen.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />}
                  label={
                    <>
                      {formatSpanInZone(a.startAt, a.endAt, zoneOf(a.locationId))}
                      {a.services.length > 0 && ` · ${a.services.map((s) => s.name).join(', ')}`}
                      {others.length > 0 && (
                        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                          Also for {others.join(', ')}
                        </Typography>
                      )}
                    </>
                  }
                />
              );
            })}
          </FormGroup>
          {chosen.length > 0 && (
            <TextInput
              label="Cancellation reason"
              required
              value={form.values.cancelReason}
              onValueChange={(x) => form.set('cancelReason', x)}
              error={form.errors['cancelAppointments.reason']}
              sx={{ mt: 1 }}
            />
          )}
        </Box>
      )}
    </EntityFormDialog>
  );
}

/** Undoing a mistaken record: the patient is alive again, the note is cleared. */
export function useUndoDeceased() {
  const { mutate } = useSetDeceased();
  return useCallback(
    (patient: Pick<Patient, 'id'>) =>
      mutate(
        { id: patient.id, deceasedOn: null, note: null },
        {
          onSuccess: () => notifySuccess('Deceased record undone'),
          onError: (error) => notifyError('Error updating patient', error),
        },
      ),
    [mutate],
  );
}
