import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, DialogContentText } from '@mui/material';
import { AppointmentUpdateInput } from '@willow/contracts';
import type { Appointment, AppointmentInput, CorrectStatusInput } from '@willow/contracts';
import { isApiError } from '../../lib/http-client';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { fieldProblem } from '../../lib/zod-errors';
import { useCorrectAppointmentStatus, useCreateAppointment, useUpdateAppointment } from './appointments.api';
import { notifyCreateError } from './appointment-messages';
import { TextPromptDialog } from './text-prompt-dialog';

/** The server answers 409 when the time is already taken, naming what it overlaps. */
const isOverlap = (error: unknown) => isApiError(error) && error.status === 409;

interface Prompt<R> {
  /** the server's description of the overlap */
  message: string;
  save: (overlapReason?: string) => Promise<R>;
  resolve: (result: R | null) => void;
  success: string;
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

  // A caller awaiting the answer must not wait forever if the component goes away mid-question.
  useEffect(() => () => promptRef.current?.resolve(null), []);

  const ask = useCallback((next: Prompt<R>) => {
    setReason('');
    setReasonError(undefined);
    setPrompt(next);
  }, []);

  const run = useCallback(
    (save: (overlapReason?: string) => Promise<R>, successMessage = success): Promise<R | null> =>
      new Promise<R | null>((resolve) => {
        save().then(
          (result) => {
            notifySuccess(successMessage);
            resolve(result);
          },
          (error: unknown) => {
            if (isOverlap(error)) ask({ message: (error as Error).message, save, resolve, success: successMessage });
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
      if (isOverlap(error)) setPrompt({ ...prompt, message: (error as Error).message });
      else {
        onError(error);
        finish(null);
      }
    } finally {
      setBusy(false);
    }
  };

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
    >
      <Alert severity="warning">{prompt?.message}</Alert>
      <DialogContentText>To book it anyway, say why; the reason is kept with the appointment.</DialogContentText>
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
  update: (id: string, patch: AppointmentUpdateInput) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { mutateAsync } = useUpdateAppointment();
  const { run, dialog } = useOverlapAwareSave<Appointment>('Appointment updated', notifyUpdateError);
  const update = useCallback(
    async (id: string, patch: AppointmentUpdateInput) =>
      (await run(
        (overlapReason) => mutateAsync({ id, data: overlapReason ? { ...patch, overlapReason } : patch }),
        // A status change says which status it reached, wherever it was made.
        patch.status ? statusUpdated(patch.status) : undefined,
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
    (input: AppointmentInput) => run((overlapReason) => mutateAsync(overlapReason ? { ...input, overlapReason } : input)),
    [run, mutateAsync],
  );
  return { create, dialog };
}
