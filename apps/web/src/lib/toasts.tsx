import { useEffect } from 'react';
import { Box, Button } from '@mui/material';
import toast, { Toaster } from 'react-hot-toast';
import { isApiError } from './http-client';

/** How long toasts stay: 4 s for blank and error toasts, 2 s for success. */
export const TOAST_DURATIONS = { blank: 4000, error: 4000, success: 2000 } as const;

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        blank: { duration: TOAST_DURATIONS.blank },
        error: { duration: TOAST_DURATIONS.error },
        success: { duration: TOAST_DURATIONS.success },
      }}
    />
  );
}

/** The same words already on screen are shown again in place, not stacked (the toast id is the text). */
export const notifySuccess = (message: string) => toast.success(message, { id: message });

/**
 * Long enough to read and reach the Undo button; the 2 s of an ordinary success toast would
 * take the undo away before most people could click it.
 */
export const UNDO_TOAST_DURATION = 8000;

/** A success toast with what it was about below the words and an Undo button that dismisses it first. */
export function notifyWithUndo(message: string, detail: string, undo: () => void, options: { id?: string } = {}): void {
  toast.success(
    (t) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <span>
          <Box component="span" sx={{ display: 'block' }}>
            {message}
          </Box>
          <Box component="span" sx={{ display: 'block', fontSize: 12, opacity: 0.8 }}>
            {detail}
          </Box>
        </span>
        <Button
          size="small"
          onClick={() => {
            toast.dismiss(t.id);
            undo();
          }}
        >
          Undo
        </Button>
      </Box>
    ),
    { ...options, duration: UNDO_TOAST_DURATION },
  );
}

/**
 * One failure, one toast: an error object already reported is not reported again (a save's own
 * handler and a shared helper both catching it), and the same words already on screen are not
 * stacked a second time (the toast id is the text).
 */
const reported = new WeakSet<object>();
function alreadyReported(error: unknown): boolean {
  if (isApiError(error) && error.handled) return true;
  if (typeof error !== 'object' || error === null) return false;
  if (reported.has(error)) return true;
  reported.add(error);
  return false;
}

/**
 * Error toast for a failed action: the action's own title (e.g. 'Error updating user'),
 * and below it what the server said when that adds something (e.g. 'Email address already in use
 * at this location'). Errors already shown (network, session lost, reported before) are not repeated.
 */
export function notifyError(title: string, error?: unknown): void {
  if (alreadyReported(error)) return;
  const detail = error instanceof Error ? error.message : undefined;
  if (!detail || detail === title) {
    toast.error(title, { id: title });
    return;
  }
  toast.error(
    <span>
      <strong style={{ display: 'block' }}>{title}</strong>
      <span>{detail}</span>
    </span>,
    { id: `${title}\n${detail}` },
  );
}

/** Error toast showing the server's own message (e.g. the 402 user-limit text), `fallback` if none. */
export function notifyServerError(error: unknown, fallback: string): void {
  if (alreadyReported(error)) return;
  const text = error instanceof Error && error.message ? error.message : fallback;
  toast.error(text, { id: text });
}

/** A loading toast while a list loads, dismissed once it has. */
export function useLoadingToast(loading: boolean, message: string): void {
  useEffect(() => {
    if (!loading) return;
    const id = toast.loading(message);
    return () => toast.dismiss(id);
  }, [loading, message]);
}

/** Toast a list's load error once per failure. */
export function useErrorToast(error: unknown, title: string): void {
  useEffect(() => {
    if (error) notifyError(title, error);
  }, [error, title]);
}
