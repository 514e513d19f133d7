import { MESSAGES, SIGN_IN_MESSAGES } from '@willow/contracts';
import { isApiError } from '../../lib/http-client';

/**
 * What a page opened from an emailed link says when the link cannot be used: a used, expired,
 * malformed or foreign link reads the same to the person (SIGN_IN_MESSAGES.linkInvalid); a wait
 * or a failure of the server is said as the server said it.
 */
export function linkFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 0 || error.status === 429 || error.status >= 500)) return error.message;
  if (!isApiError(error)) return MESSAGES.serverError;
  return SIGN_IN_MESSAGES.linkInvalid;
}

/** A form's link was used up or expired while the person was filling it in. */
export function usedUpLink(error: unknown): boolean {
  return error instanceof Error && (error.message === SIGN_IN_MESSAGES.linkInvalid || error.message.startsWith('token: '));
}
