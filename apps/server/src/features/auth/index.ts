// What other features use of auth: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { clearAttempts, takeAttempt } from './attempt-limits.js';
export { authRepository } from './auth.repository.js';
export { takeRate } from './rate-limits.js';
export { emailChangeEmail, emailChangedEmail, emailTakenEmail } from './sign-in-emails.js';
export { PASSWORD_SET_ENDS, USER_TOKEN_KINDS, tokenUser } from './sign-in-flows.service.js';
export { linkUrl, signInTokens } from './sign-in-tokens.js';
