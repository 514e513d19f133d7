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
  notFound: 'Not found',
  permissionDenied: 'You do not have permission to do this',
  notSignedIn: 'You are not signed in',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  headersTooLarge: 'The request is too large: its address or headers are longer than the server accepts.',
  unreadableRequest: 'The request could not be read. Please reload the page and try again.',
  requestTimeout: 'The request took too long to arrive. Please try again.',
  crossOrigin: 'This request came from another site and was refused. Open Willow at its own address and try again.',
} as const;
