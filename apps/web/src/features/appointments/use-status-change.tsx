import { useState } from 'react';
import type { ReactNode } from 'react';
import { Checkbox, DialogContentText, FormControlLabel, FormGroup } from '@mui/material';
import { AppointmentUpdateInput, localDate, marksDeceased } from '@willow/contracts';
import type { Appointment, AppointmentStatus } from '@willow/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldProblem } from '../../lib/zod-errors';
import { useZoneOf } from '../locations/locations.api';
import { formatInZone } from './appointment-times';
import { TextPromptDialog } from './text-prompt-dialog';
import { useOverlapAwareUpdate } from './use-overlap-aware-save';

type Step = { kind: 'checkIn' | 'details'; target: AppointmentStatus; withNote: boolean; deceased?: readonly string[] | undefined };

export interface StartOptions {
  /** ask for a note on the way (the status menu); the one-click move asks only what it must */
  withNote?: boolean;
  /**
   * the patients whose deaths the move records, chosen beside the button (a box ticked unless
   * staff untick it, the end-of-life journey): then the move does not ask again
   */
  deceasedPatientIds?: readonly string[];
}

/**
 * Every way an appointment's status is moved along its path goes through here, so each asks the
 * same questions: checking in a visit that is not today (in the location's time zone) is confirmed
 * first, and a euthanasia appointment reaching Completed or the cremation path offers to record
 * its patients' deaths (docs/decisions/0028). Success toasts name the new status.
 */
export function useStatusChange(appointment: Appointment, onChanged?: () => void): {
  start: (target: AppointmentStatus, options?: StartOptions) => void;
  busy: boolean;
  /** a question is open or the change is on its way: whatever holds the caller must stay */
  engaged: boolean;
  dialogs: ReactNode;
} {
  const timeZone = useZoneOf()(appointment.locationId);
  const [step, setStep] = useState<Step | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [deceased, setDeceased] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const { update, dialog: overlapDialog } = useOverlapAwareUpdate();
  const types = appointment.services.map((s) => s.type);
  const living = appointment.patients.filter((p) => !p.deceasedOn);

  const run = async (target: AppointmentStatus, statusNote: string, deceasedPatientIds: string[]) => {
    setBusy(true);
    try {
      const saved = await update(appointment.id, {
        status: target,
        statusNote: statusNote || null,
        ...(marksDeceased(target, types) && { deceasedPatientIds }),
      });
      if (saved) {
        setStep(null);
        onChanged?.();
      }
    } finally {
      setBusy(false);
    }
  };

  const askDetails = (target: AppointmentStatus, withNote: boolean, chosen?: readonly string[]) => {
    const offersDeceased = marksDeceased(target, types) && living.length > 0;
    if (!withNote && (!offersDeceased || chosen)) {
      setStep(null);
      void run(target, '', chosen ? [...chosen] : []);
      return;
    }
    setNote('');
    setNoteError(undefined);
    // Ticked unless staff untick it: the visit was for a pet's death.
    setDeceased(living.map((p) => p.id));
    setStep({ kind: 'details', target, withNote });
  };

  const start = (target: AppointmentStatus, options: StartOptions = {}) => {
    if (busy) return;
    const withNote = options.withNote ?? false;
    if (target === 'Checked In' && localDate(appointment.startAt, timeZone) !== localDate(new Date(), timeZone)) {
      setStep({ kind: 'checkIn', target, withNote, deceased: options.deceasedPatientIds });
      return;
    }
    askDetails(target, withNote, options.deceasedPatientIds);
  };

  const confirmDetails = () => {
    if (!step) return;
    const problem = fieldProblem(AppointmentUpdateInput.shape.statusNote, note);
    if (problem) return setNoteError(problem);
    void run(step.target, note.trim(), deceased);
  };

  const toggle = (id: string, on: boolean) => setDeceased((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  const dialogs = (
    <>
      <ConfirmDialog
        open={step?.kind === 'checkIn'}
        title="Check in a visit that is not today?"
        message={`This visit is on ${formatInZone(appointment.startAt, timeZone)}, not today. Check it in anyway?`}
        confirmLabel="Check in"
        onConfirm={() => step && askDetails(step.target, step.withNote, step.deceased)}
        onClose={() => setStep(null)}
      />
      <TextPromptDialog
        open={step?.kind === 'details'}
        title={step ? `Change status to ${step.target}` : 'Change status'}
        label="Note"
        value={note}
        error={noteError}
        onChange={(v) => {
          setNote(v);
          setNoteError(undefined);
        }}
        busy={busy}
        backLabel="Back"
        confirmLabel="Change status"
        onBack={() => setStep(null)}
        onConfirm={confirmDetails}
      >
        {step && marksDeceased(step.target, types) && living.length > 0 && (
          <FormGroup>
            {living.map((p) => (
              <FormControlLabel
                key={p.id}
                control={<Checkbox checked={deceased.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />}
                label={`Mark ${p.name} as deceased`}
              />
            ))}
          </FormGroup>
        )}
        <DialogContentText>
          The change is kept in the appointment's history with the time ({timeZone}) and who made it.
        </DialogContentText>
      </TextPromptDialog>
      {overlapDialog}
    </>
  );

  return { start, busy, engaged: busy || step !== null, dialogs };
}
