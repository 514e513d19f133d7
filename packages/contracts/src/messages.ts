// No zod here: the first page load (sign-in) needs these texts, not the schemas (docs/decisions/0038).

/** Exact texts that rules produce, shown to the user word for word. */
export const MESSAGES = {
  ampersand: 'The & character is not allowed in name fields. Please replace it with "and" instead.',
  messageTooLong: 'Message must be less than 1000 characters',
  emailInUseAtLocation: 'Email address already in use at this location',
  serverError: 'Something went wrong. Please try again later.',
  invalidToken: 'Invalid Token',
  notAuthorizedAction: 'You are not authorized to perform this action',
  userLimit: 'You have reached the maximum number of users for your subscription. Please contact your administrator to upgrade your account.',
  locationLimit: 'You have reached the maximum number of locations for your subscription. Please contact your administrator to upgrade your account.',
  invalidCredentials: 'Incorrect email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  /** the current password asked for by the profile (a password change, an email change) */
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  /** email addresses refused (in use) too often: the profile per user, the Users page per account */
  tooManyEmailAttempts: 'Too many email addresses could not be used. Please wait an hour and try again.',
  /** the one answer to an email address that cannot be a user's: it never says whose it is (docs/decisions/0051) */
  emailUnavailable: 'This email address cannot be used. Please enter a different one.',
  notFound: 'Not found',
  permissionDenied: 'You do not have permission to do this',
  notSignedIn: 'You are not signed in',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  headersTooLarge: 'The request is too large: its address or headers are longer than the server accepts.',
  unreadableRequest: 'The request could not be read. Please reload the page and try again.',
  requestTimeout: 'The request took too long to arrive. Please try again.',
  crossOrigin: 'This request came from another site and was refused. Open Willow at its own address and try again.',
} as const;

/**
 * The wait after a few failed sign-ins from one address, in words (the answer also carries
 * Retry-After): seconds under two minutes, else whole minutes, rounded up.
 */
export function signInWaitMessage(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const wait = s < 120 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minutes`;
  return `Too many sign-in attempts. Please wait ${wait} and try again.`;
}
