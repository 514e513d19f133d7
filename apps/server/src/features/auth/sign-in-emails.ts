// The texts of the sign-in flows' emails (docs/decisions/0086). Plain and kind: what the email is
// for first, how long it works, and that it can be ignored by someone who did not ask. Nothing
// secret goes in but the code or the link itself: never a password, never who else has a user.
import { TOKEN_LIFETIME_MINUTES, type TokenKind } from '@willow/contracts';
import type { ProductMail } from '../product-mail/index.js';

/** How long a kind of token works, in words: "10 minutes", "an hour", "24 hours", "3 days". */
export function lifetimeInWords(kind: TokenKind): string {
  const minutes = TOKEN_LIFETIME_MINUTES[kind];
  if (minutes < 60) return `${minutes} minutes`;
  if (minutes === 60) return 'an hour';
  if (minutes <= 24 * 60) return `${minutes / 60} hours`;
  return `${minutes / (24 * 60)} days`;
}

const NOT_YOU = 'If you did not ask for this, you can ignore this email: nothing changes unless the link or code is used.';
const lines = (...parts: string[]) => parts.join('\n');

/**
 * A 6-digit sign-in code (passwordless): in the subject, first, so the phone's notification or the
 * inbox's list shows it without opening the email (decision 0193), and alone on the body's first line.
 */
export const codeEmail = (to: string, code: string): ProductMail => ({
  to,
  subject: `${code} is your Willow sign-in code`,
  body: lines(
    code,
    '',
    `This is your code to sign in to Willow. Enter it on the sign-in page within ${lifetimeInWords('otp')}. It works once.`,
    '',
    NOT_YOU,
  ),
});

/** A sign-in link (magic-link). */
export const magicLinkEmail = (to: string, link: string): ProductMail => ({
  to,
  subject: 'Your Willow sign-in link',
  body: lines(
    'Sign in to Willow with this link:',
    '',
    link,
    '',
    `It works once, for ${lifetimeInWords('magicLink')}.`,
    '',
    NOT_YOU,
  ),
});

/** A link to set a new password (forgot password). */
export const resetEmail = (to: string, link: string): ProductMail => ({
  to,
  subject: 'Set a new Willow password',
  body: lines(
    'Someone (we hope you) asked to set a new password for your Willow user. Choose your new password here:',
    '',
    link,
    '',
    `The link works once, for ${lifetimeInWords('forgotPassword')}. Setting a new password signs you out on every other device.`,
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  ),
});

/**
 * The answer to a request for a code, a link or a reset from a deactivated user, or a user of a
 * deactivated practice: no token, and whom to ask.
 */
export const deactivatedEmail = (to: string, what: 'user' | 'practice'): ProductMail => ({
  to,
  subject: 'Signing in to Willow',
  body: lines(
    'Someone asked to sign in to Willow, or to set a new password, with this email address.',
    '',
    what === 'user'
      ? 'Your Willow user has been deactivated, so it cannot sign in. If you need it again, please contact your practice’s administrator.'
      : 'Your practice’s Willow account has been deactivated, so its users cannot sign in. Please contact your practice’s administrator, or Willow support.',
    '',
    'If you did not ask for this, you can ignore this email.',
  ),
});

/**
 * The answer to a request for a code, a link or a reset for an address no user has: how staff get
 * a user (an invitation), and a link that confirms the address to set up a new practice.
 */
export const noUserEmail = (to: string, onboardingLink: string): ProductMail => ({
  to,
  subject: 'Signing in to Willow',
  body: lines(
    'Someone asked to sign in to Willow, or to set a new password, with this email address, but no Willow user has it.',
    '',
    'If you work at a practice that uses Willow, please ask your practice’s administrator to send you an invitation.',
    '',
    `To set up Willow for a new practice, start here (the link works for ${lifetimeInWords('validate')}):`,
    '',
    onboardingLink,
    '',
    'If you did not ask for this, you can ignore this email.',
  ),
});

/** The link that confirms a new practice's address and opens its sign-up form. */
export const onboardingEmail = (to: string, link: string): ProductMail => ({
  to,
  subject: 'Set up your practice on Willow',
  body: lines(
    'Thank you for choosing Willow. Confirm your email address and set up your practice with this link:',
    '',
    link,
    '',
    `It works once, for ${lifetimeInWords('validate')}.`,
    '',
    'If you did not ask for this, you can ignore this email: no practice is set up unless the link is used.',
  ),
});

/** The answer to a new-practice request for an address that already has a user: where to sign in instead. */
export const alreadyUserEmail = (to: string, signInUrl: string): ProductMail => ({
  to,
  subject: 'You already have a Willow user',
  body: lines(
    'Someone asked to set up a new practice on Willow with this email address, but you already have a Willow user with it.',
    '',
    `Sign in at ${signInUrl} with ${to}. If you have forgotten your password, use “Forgot password?” on the sign-in page.`,
    '',
    'If you did not ask for this, you can ignore this email.',
  ),
});

/** An invited staff member's link to set their name and password. */
export const invitationEmail = (to: string, opts: { practice: string; inviter: string | null; link: string }): ProductMail => ({
  to,
  subject: `You are invited to ${opts.practice} on Willow`,
  body: lines(
    `${opts.inviter ?? 'Your practice’s administrator'} has invited you to join ${opts.practice} on Willow. Set your name and password with this link:`,
    '',
    opts.link,
    '',
    `It works once, for ${lifetimeInWords('emailLogin')}. If it has expired, ask your practice’s administrator to send a new invitation.`,
    '',
    'If you did not expect this, you can ignore this email.',
  ),
});

/** The link that confirms a user's new sign-in address, sent to that address (decision 0142). */
export const emailChangeEmail = (to: string, link: string): ProductMail => ({
  to,
  subject: 'Confirm your new Willow email address',
  body: lines(
    'Someone (we hope you) asked to sign in to Willow with this email address from now on. Confirm it with this link, signed in as yourself:',
    '',
    link,
    '',
    `It works once, for ${lifetimeInWords('emailChange')}. Until then you sign in with your current address.`,
    '',
    'If you did not ask for this, you can ignore this email: nothing changes unless the link is used.',
  ),
});

/** The same request for an address another Willow user already signs in with: nothing to confirm, and nothing about who asked. */
export const emailTakenEmail = (to: string): ProductMail => ({
  to,
  subject: 'Confirm your new Willow email address',
  body: lines(
    'Someone asked to sign in to Willow with this email address, but a Willow user already signs in with it, so nothing has changed.',
    '',
    'If that was you, sign in with this address as you do now. If you did not ask for this, you can ignore this email.',
  ),
});

/** Told to the address a user signed in with until the change, so a change they did not make does not go unseen. */
export const emailChangedEmail = (to: string, newAddress: string): ProductMail => ({
  to,
  subject: 'Your Willow email address has changed',
  body: lines(
    `Your Willow user now signs in with ${newAddress} instead of this address.`,
    '',
    'If you did not make this change, please contact your practice’s administrator at once.',
  ),
});
