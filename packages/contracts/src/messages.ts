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

/**
 * The sign-in flows' texts (SPEC §8: "not shown"), the same in the server's answers and the pages.
 * None of them says whether an address has a user (docs/decisions/0086).
 */
export const SIGN_IN_MESSAGES = {
  codeSent: 'If this address can sign in to Willow, a 6-digit code is on its way. It works for 10 minutes.',
  linkSent: 'If this address can sign in to Willow, a sign-in link is on its way. It works for 15 minutes.',
  resetSent: 'If this address belongs to a Willow user, a link to set a new password is on its way. It works for an hour.',
  onboardingSent: 'Check your email: a link to confirm your address and set up your practice is on its way. It works for 24 hours.',
  codeWrong: 'That code is not right, or it has expired. Check the latest email, or ask for a new code.',
  /** a link that was used, expired, or belongs to another flow: all the same to the person */
  linkInvalid: 'This link has expired or has already been used. Please ask for a new one.',
  tooManyEmails: 'Too many emails were asked for. Please wait a few minutes and try again.',
  tooManyCodes: 'Too many codes were tried. Please wait a few minutes and try again.',
  tooManyCodesToday: 'Too many codes were tried for this address today. Please sign in another way, or try again tomorrow.',
  tooManyStarts: 'Too many sign-ins were started from this network. Please wait a few minutes and try again.',
  deactivated: 'This user has been deactivated. Please contact your practice’s administrator.',
  /** follows the field's label (currentPassword) */
  noPasswordYet: 'is not set yet: use “Forgot password?” on the sign-in page to set a password first',
  passwordReset: 'Your password has been changed, and every other device has been signed out.',
  invitationSent: 'Invitation sent',
  googleNotSetUp: 'Google sign-in is not set up for this portal.',
  googleNoUser: 'No active Willow user has this Google address. Sign in another way, or ask your practice’s administrator to invite you.',
  googleUnverified: 'Google has not verified this email address, so it cannot be used to sign in.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  googleCancelled: 'Google sign-in was cancelled.',
  googleStateInvalid: 'This Google sign-in has expired or was started in another browser. Please try again.',
  /** a new email on the profile: confirmed from the new address (decision 0142) */
  emailChangeSent: 'Check your new address: a link to confirm it is on its way. It works for 24 hours; until it is opened, you sign in with your current address.',
  emailChanged: 'Your email address has been changed. Sign in with it from now on.',
  bookingEmailConfirmed: 'Thank you: your email address is confirmed. The practice will be in touch about your request.',
} as const;

/** Templates' toasts (SPEC §8); a kind without its own list error follows the same pattern. */
export const TEMPLATE_MESSAGES = {
  createError: 'Error creating template',
  updateError: 'Error updating template',
  deleteError: 'Error deleting template',
  created: 'Template created',
  updated: 'Template updated',
  deleted: 'Template deleted',
  listError: {
    invoice: 'Error getting Invoice Templates',
    document: 'Error getting Document Templates',
    email: 'Error getting Email Templates',
    pdf: 'Error getting PDF Templates',
    form: 'Error getting Form Templates',
    note: 'Error getting Note Templates',
    sms: 'Error getting SMS Templates',
  },
} as const;

/** Forms and their submissions (SPEC §8). */
export const FORM_MESSAGES = {
  submitRefused: 'There was an error submitting this form. Please check your answers and try again',
  /** a signature that is not a whole PNG (the signature pad never sends one): decision 0146 */
  signatureUnreadable: 'The signature could not be read. Please clear it and sign again.',
  listError: 'Error getting Form Submissions',
  updated: 'Form submission updated',
  deleted: 'Form submission deleted',
  updateError: 'Error updating form submission',
  deleteError: 'Error deleting form submission',
  sent: 'Form sent',
  sendError: 'Error sending form',
  /** a form link that is wrong, expired or already used: all the same to the person (docs/decisions/0097) */
  linkInvalid: 'This form link has expired or has already been used. Please ask the practice for a new one.',
  /** a form whose clause the template engine refuses when it is opened (over the render limits): 422, its problem appended */
  cannotShow: 'This form cannot be shown. Please ask the practice to check it',
  thankYou: 'Thank you: your form has been sent to the practice.',
  tooManySubmissions: 'Too many forms were sent from here. Please wait a few minutes and try again.',
  /** a client, patient or document named by a submitted form is kept with it (docs/decisions/0155) */
  clientHasSubmissions: 'This client has submitted forms, which must be kept with their signatures, so they cannot be deleted for good. Archive them instead.',
  patientHasSubmissions: 'This patient is named on submitted forms, which must be kept with their signatures, so they cannot be deleted for good. Archive them instead.',
  submissionDocument: 'This document is the signed copy of a submitted form and is kept with it, so it cannot be deleted.',
  /** the family's choices on a consent form, accepted onto the appointment (decision 0185) */
  choicesAccepted: 'Choices added to the appointment',
  choicesAcceptError: 'Error accepting the choices',
  choicesAlreadyAccepted: 'These choices were accepted already',
  choicesNoAppointment: 'This form was not sent for an appointment, so there is nothing to add its choices to',
  choicesNone: 'This form asks for no add-ons or aftercare',
} as const;
