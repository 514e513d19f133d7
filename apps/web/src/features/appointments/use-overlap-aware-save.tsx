import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, DialogContentText } from '@mui/material';
import { AppointmentUpdateInput, listAppointments, localDate } from '@willow/contracts';
import type { Appointment, AppointmentInput, CorrectStatusInput } from '@willow/contracts';
import { api, isApiError } from '../../lib/http-client';
import { useZoneOf } from '../locations/locations.api';
import { useStaffNames } from '../users/users.api';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { fieldProblem } from '../../lib/zod-errors';
import { useCorrectAppointmentStatus, useCreateAppointment, useUpdateAppointment } from './appointments.api';
import { notifyCreateError } from './appointment-messages';
import { clashLine, clashesOf, clockAt, dayQueryOf, nextFreeStart } from './overlap-clashes';
import type { WantedBooking } from './overlap-clashes';
import { TextPromptDialog } from './text-prompt-dialog';

/** The server answers 409 when the time is already taken, naming what it overlaps. */
const isOverlap = (error: unknown) => isApiError(error) && error.status === 409;

/** Another time for the same booking: the wanted one moved, the same length. */
interface Times {
  startAt: string;
  endAt: string;
}
type Save<R> = (overlapReason?: string, at?: Times) => Promise<R>;

/** What the question says once the day's appointments are read: each clash, and the next free start. */
interface Details {
  heading: string;
  lines: string[];
  next: Times | null;
  nextLabel: string;
}

interface Prompt<R> {
  /** the server's description of the overlap, shown until the details are read (or when they cannot be) */
  message: string;
  save: Save<R>;
  resolve: (result: R | null) => void;
  success: string;
  /** the booking as a whole, when the caller knows it: the question then names every clash */
  wanted?: WantedBooking | undefined;
  /** the location's appointments over the booking's day, once read */
  day?: readonly Appointment[] | undefined;
}

/**
 * What clashes on the booking's day, with times in the location's zone, and where the same visit
 * fits next for the same people. Worked out as the question is drawn, so the zone and the names are
 * the latest read.
 */
function detailsOf(w: WantedBooking, day: readonly Appointment[], timeZone: string, staffNames: ReadonlyMap<string, string> | undefined): Details {
  const clashes = clashesOf(day, w);
  const start = nextFreeStart(day, w, timeZone);
  const length = Date.parse(w.endAt) - Date.parse(w.startAt);
  const wantedDay = localDate(w.startAt, timeZone);
  return {
    heading: `${clockAt(w.startAt, timeZone)} – ${clockAt(w.endAt, timeZone)} on ${wantedDay} overlaps ${clashes.length === 1 ? 'this appointment' : `these ${clashes.length} appointments`} (times in ${timeZone}):`,
    lines: clashes.map((a) => clashLine(a, timeZone, staffNames, wantedDay)),
    // No clash in the list (it was changed meanwhile): nothing to move past, the server's words stand.
    next: start === null || clashes.length === 0 ? null : { startAt: new Date(start).toISOString(), endAt: new Date(start + length).toISOString() },
    nextLabel: start === null ? '' : clockAt(start, timeZone),
  };
}

/**
 * Runs a save; when the server reports an overlap, asks for a reason and lets the user book
 * anyway (the retry carries overlapReason). Resolves with the result, or null when the user went
 * back or the save failed (after an error toast).
 */
function useOverlapAwareSave<R>(success: string, onError: (error: unknown) => void) {
  const [prompt, setPrompt] = useState<Prompt<R> | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const promptRef = useRef<Prompt<R> | null>(null);
  promptRef.current = prompt;
  const zoneOf = useZoneOf();
  const staffNames = useStaffNames();
  const zoneRef = useRef(zoneOf);
  zoneRef.current = zoneOf;

  // A caller awaiting the answer must not wait forever if the component goes away mid-question.
  useEffect(() => () => promptRef.current?.resolve(null), []);

  // The question opens with the server's words at once; the day's appointments, read meanwhile, then name every clash.
  const describe = useCallback((next: Prompt<R>) => {
    const w = next.wanted;
    if (!w) return;
    api(listAppointments, { query: dayQueryOf(w, zoneRef.current(w.locationId)) }).then(
      ({ items }) => setPrompt((current) => (current && current.resolve === next.resolve && current.wanted === w ? { ...current, day: items } : current)),
      // Without the day's list the server's message still says what clashes.
      () => undefined,
    );
  }, []);

  const ask = useCallback(
    (next: Prompt<R>) => {
      setReason('');
      setReasonError(undefined);
      setPrompt(next);
      describe(next);
    },
    [describe],
  );

  const run = useCallback(
    (save: Save<R>, successMessage = success, wanted?: WantedBooking): Promise<R | null> =>
      new Promise<R | null>((resolve) => {
        save().then(
          (result) => {
            notifySuccess(successMessage);
            resolve(result);
          },
          (error: unknown) => {
            if (isOverlap(error)) ask({ message: (error as Error).message, save, resolve, success: successMessage, wanted });
            else {
              onError(error);
              resolve(null);
            }
          },
        );
      }),
    [success, onError, ask],
  );

  const finish = (result: R | null) => {
    prompt?.resolve(result);
    setPrompt(null);
  };

  const bookAnyway = async () => {
    if (!prompt) return;
    const text = reason.trim();
    if (!text) return setReasonError('This field is required.');
    // The same rule as the reason sent with any appointment (create, update, correction).
    const problem = fieldProblem(AppointmentUpdateInput.shape.overlapReason, text);
    if (problem) return setReasonError(problem);
    setBusy(true);
    try {
      const result = await prompt.save(text);
      notifySuccess(prompt.success);
      finish(result);
    } catch (error) {
      // Something else took the time meanwhile: show what it is now and let the user decide again.
      if (isOverlap(error)) {
        // The reason typed stays: the person decides again with it at hand.
        const again = { ...prompt, message: (error as Error).message, day: undefined };
        setPrompt(again);
        describe(again);
      }
      else {
        onError(error);
        finish(null);
      }
    } finally {
      setBusy(false);
    }
  };

  /** The same booking at the next free start, no reason needed; if that was taken meanwhile, the question is asked again there. */
  const bookAt = async (at: Times) => {
    if (!prompt) return;
    setBusy(true);
    try {
      const result = await prompt.save(undefined, at);
      notifySuccess(prompt.success);
      finish(result);
    } catch (error) {
      if (isOverlap(error)) {
        const moved: Prompt<R> = { ...prompt, message: (error as Error).message, day: undefined, save: (reason, again) => prompt.save(reason, again ?? at) };
        if (prompt.wanted) moved.wanted = { ...prompt.wanted, ...at };
        ask(moved);
      } else {
        onError(error);
        finish(null);
      }
    } finally {
      setBusy(false);
    }
  };
  const details = prompt?.wanted && prompt.day ? detailsOf(prompt.wanted, prompt.day, zoneOf(prompt.wanted.locationId), staffNames) : undefined;

  const dialog: ReactNode = (
    <TextPromptDialog
      open={prompt !== null}
      title="Overlapping appointment"
      label="Reason"
      required
      value={reason}
      error={reasonError}
      onChange={(v) => {
        setReason(v);
        setReasonError(undefined);
      }}
      busy={busy}
      backLabel="Go back"
      confirmLabel="Book anyway"
      confirmColor="warning"
      onBack={() => finish(null)}
      onConfirm={() => void bookAnyway()}
      extraAction={
        details?.next && (
          <Button variant="contained" disabled={busy} onClick={() => void bookAt(details.next!)}>
            Book at {details.nextLabel}
          </Button>
        )
      }
    >
      {details && details.lines.length > 0 ? (
        <Alert severity="warning" aria-label="Overlapping appointments">
          {details.heading}
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {details.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <Alert severity="warning">{prompt?.message}</Alert>
      )}
      <DialogContentText>
        {details?.next ? `${details.nextLabel} is free for the same people. ` : ''}To book this time anyway, say why; the reason is kept with the appointment.
      </DialogContentText>
    </TextPromptDialog>
  );

  return { run, dialog };
}

const notifyUpdateError = (error: unknown) => notifyError('Error updating appointment', error);

/**
 * Saves a change to an appointment (move, resize, reassign, status); on an overlap asks for a
 * reason before booking anyway. Resolves true once saved, false when abandoned or failed.
 * Render `dialog` once next to the caller.
 */
export function useOverlapAwareUpdate(): {
  /** `wanted`: the appointment as it would be, when the caller knows it whole: the question then names every clash and the next free time */
  update: (id: string, patch: AppointmentUpdateInput, wanted?: WantedBooking) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { mutateAsync } = useUpdateAppointment();
  const { run, dialog } = useOverlapAwareSave<Appointment>('Appointment updated', notifyUpdateError);
  const update = useCallback(
    async (id: string, patch: AppointmentUpdateInput, wanted?: WantedBooking) =>
      (await run(
        (overlapReason, at) => mutateAsync({ id, data: { ...patch, ...at, ...(overlapReason ? { overlapReason } : {}) } }),
        // A status change says which status it reached, wherever it was made.
        patch.status ? statusUpdated(patch.status) : undefined,
        wanted && { ...wanted, excludeId: id },
      )) !== null,
    [run, mutateAsync],
  );
  return { update, dialog };
}

/** The toast after any status change: 'Appointment updated: Checked In'. */
export const statusUpdated = (status: string) => `Appointment updated: ${status}`;

/**
 * Corrects a finished appointment's status (docs/decisions/0026); back from Cancelled or Rejected
 * it may overlap what was booked since, which takes a reason like any other overlap.
 */
export function useOverlapAwareCorrect(): {
  correct: (id: string, input: CorrectStatusInput) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { mutateAsync } = useCorrectAppointmentStatus();
  const { run, dialog } = useOverlapAwareSave<Appointment>('Appointment updated', notifyUpdateError);
  const correct = useCallback(
    async (id: string, input: CorrectStatusInput) =>
      (await run((overlapReason) => mutateAsync({ id, data: overlapReason ? { ...input, overlapReason } : input }), statusUpdated(input.status))) !== null,
    [run, mutateAsync],
  );
  return { correct, dialog };
}

/**
 * Creates an appointment with the same overlap question. Resolves with the new appointment, or
 * null when abandoned or failed.
 */
export function useOverlapAwareCreate(): {
  create: (input: AppointmentInput) => Promise<Appointment | null>;
  dialog: ReactNode;
} {
  const { mutateAsync } = useCreateAppointment();
  const { run, dialog } = useOverlapAwareSave<Appointment>('Appointment created', notifyCreateError);
  const create = useCallback(
    (input: AppointmentInput) =>
      run(
        (overlapReason, at) => mutateAsync({ ...input, ...at, ...(overlapReason ? { overlapReason } : {}) }),
        undefined,
        // A new appointment is known whole: the question names every clash and offers the next free time.
        input,
      ),
    [run, mutateAsync],
  );
  return { create, dialog };
}
