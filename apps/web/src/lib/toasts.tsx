import { useEffect } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { isApiError } from './http-client';

/** SPEC §9: 4 s for blank and error toasts, 2 s for success. */
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

export const notifySuccess = (message: string) => toast.success(message);

/**
 * Error toast for a failed action: the action's own title (SPEC §8, e.g. 'Error updating user'),
 * and below it what the server said when that adds something (e.g. 'Email address already in use
 * at this location'). Errors already shown (network, session lost) are not repeated.
 */
export function notifyError(title: string, error?: unknown): void {
  if (isApiError(error) && error.handled) return;
  const detail = error instanceof Error ? error.message : undefined;
  if (!detail || detail === title) {
    toast.error(title);
    return;
  }
  toast.error(
    <span>
      <strong style={{ display: 'block' }}>{title}</strong>
      <span>{detail}</span>
    </span>,
  );
}

/** Error toast showing the server's own message (e.g. the 402 user-limit text), `fallback` if none. */
export function notifyServerError(error: unknown, fallback: string): void {
  if (isApiError(error) && error.handled) return;
  toast.error(error instanceof Error && error.message ? error.message : fallback);
}

/** SPEC §7: a loading toast while a list loads, dismissed once it has. */
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
