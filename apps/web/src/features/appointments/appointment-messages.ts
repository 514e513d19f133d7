import { isApiError } from '../../lib/http-client';
import { notifyError } from '../../lib/toasts';

/** A failed create's toast: the title, and when the server gave no reason, its default text. */
export const CREATE_ERROR = 'Error adding appointment';
export const CREATE_ERROR_DEFAULT = 'Error adding appointment. Please check your answers and try again.';

/** A failed create: the server's message under the title, or the default text without one. */
export function notifyCreateError(error?: unknown): void {
  if (isApiError(error) && error.handled) return;
  if (error instanceof Error && error.message) notifyError(CREATE_ERROR, error);
  else notifyError(CREATE_ERROR_DEFAULT);
}
