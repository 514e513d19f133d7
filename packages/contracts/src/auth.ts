import { z } from 'zod';
import { authenticated, operation, publicAccess } from './operation.js';
import { emailField, nameField, newPasswordField, OkResponse, passwordOwnerRule, timeZoneField, wrapped } from './rules.js';
import { Profile } from './profile.js';

/*
 * Signing in (SPEC §2 pages without a session, §4 "Other states"; docs/decisions/0086–0090).
 * Every flow that sends an email or checks a code answers the same for an address that has no
 * user as for one that has: what differs is only what the email says (decision 0086).
 */

/** The kinds of single-use token (SPEC §4): each is good only for its own flow. */
/** SPEC §4's kinds, and emailChange: a signed-in user's new address, confirmed from it (decision 0142). */
export const TOKEN_KINDS = ['forgotPassword', 'magicLink', 'emailLogin', 'validate', 'otp', 'onlineBooking', 'emailChange'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** How long each kind of token can be used, in minutes (decision 0087). */
export const TOKEN_LIFETIME_MINUTES: Record<TokenKind, number> = {
  otp: 10,
  magicLink: 15,
  forgotPassword: 60,
  /** a new practice's address, confirmed by following the link */
  validate: 24 * 60,
  /** an invited staff member's link to set their password */
  emailLogin: 3 * 24 * 60,
  /** a client confirming the address of a booking request */
  onlineBooking: 7 * 24 * 60,
  /** a user's new sign-in address, confirmed by following the link */
  emailChange: 24 * 60,
};
/** Wrong codes a one-time code survives; the next wrong one ends it. */
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_LENGTH = 6;

/** Login methods (SPEC §4) that send an email. */
export const LOGIN_METHODS = ['passwordless', 'magic-link'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/**
 * Account check outcomes (SPEC §4). The server classifies every address it is given; the browser
 * learns the outcome only after the person has proven the address is theirs (a code or a link), so
 * the outcome cannot be used to find out who has a user (decision 0086).
 * - hasValidAccount: an active user with a password
 * - hasValidAccountNoPassword: an active user without one (invited, or signs in only by code, link or Google)
 * - hasInvalidAccount: a deactivated user, or one whose practice is deactivated
 * - newUser: no user has this address: the email offers onboarding a practice
 */
export const ACCOUNT_CHECK_OUTCOMES = ['hasValidAccount', 'hasValidAccountNoPassword', 'hasInvalidAccount', 'newUser'] as const;
export type AccountCheckOutcome = (typeof ACCOUNT_CHECK_OUTCOMES)[number];

/** The path of each emailed link, under PUBLIC_URL (SPEC §2 pages). */
export const SIGN_IN_LINK_PATHS = {
  magicLink: '/magicLink',
  forgotPassword: '/resetPassword',
  validate: '/onboarding',
  emailLogin: '/onboarding',
  onlineBooking: '/book/confirm',
  /** the profile page, behind the session guard: the link is used by the user it was sent for */
  emailChange: '/profile',
} as const;

/** A single-use token handed out in a link: 43 base64url characters (32 random bytes). */
export const linkTokenField = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'is not a valid link');
export const otpField = () =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `must be the ${OTP_LENGTH}-digit code from the email`);

/** What a successful sign-in answers (besides setting the x-access-token cookie). */
export const SignedIn = z.object({
  outcome: z.enum(['hasValidAccount', 'hasValidAccountNoPassword']),
  profile: Profile,
});
export type SignedIn = z.infer<typeof SignedIn>;

// ---- password ----

export const LoginInput = z.object({
  email: emailField(),
  password: z.string().min(1, 'is required').max(256),
});
export type LoginInput = z.infer<typeof LoginInput>;
export const login = operation({
  method: 'POST',
  path: '/api/auth/login',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign in with email and password; sets the x-access-token cookie',
  body: wrapped(LoginInput),
  response: Profile,
});

export const logout = operation({
  method: 'POST',
  path: '/api/auth/logout',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign out: revokes the session and clears the cookie',
  response: OkResponse,
});

// ---- what the sign-in page offers ----

export const SignInOptions = z.object({
  /** the portal can send its own mail (codes, links): SMTP_URL or SENDGRID_API_KEY */
  email: z.boolean(),
  /** a Google sign-in integration is configured: the Google button shows */
  google: z.boolean(),
});
export type SignInOptions = z.infer<typeof SignInOptions>;
export const getSignInOptions = operation({
  method: 'GET',
  path: '/api/auth/options',
  access: publicAccess,
  tag: 'auth',
  summary: 'Which sign-in methods this portal offers (email codes and links, Google)',
  response: SignInOptions,
});

// ---- passwordless: a code or a link by email ----

export const SignInEmailInput = z.object({
  email: emailField(),
  method: z.enum(LOGIN_METHODS),
});
export type SignInEmailInput = z.infer<typeof SignInEmailInput>;
/** The same answer for every address (decision 0086). */
export const EmailSentAnswer = z.object({ ok: z.literal(true), message: z.string() });
export type EmailSentAnswer = z.infer<typeof EmailSentAnswer>;
export const requestSignInEmail = operation({
  method: 'POST',
  path: '/api/auth/signInEmail',
  access: publicAccess,
  tag: 'auth',
  summary: 'Email a 6-digit sign-in code (passwordless) or a sign-in link (magic-link); the same answer for every address',
  body: wrapped(SignInEmailInput),
  response: EmailSentAnswer,
});

export const VerifyCodeInput = z.object({ email: emailField(), code: otpField() });
export type VerifyCodeInput = z.infer<typeof VerifyCodeInput>;
export const verifySignInCode = operation({
  method: 'POST',
  path: '/api/auth/verifyCode',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign in with the emailed code; sets the x-access-token cookie',
  body: wrapped(VerifyCodeInput),
  response: SignedIn,
});

export const TokenInput = z.object({ token: linkTokenField() });
export type TokenInput = z.infer<typeof TokenInput>;
export const signInWithMagicLink = operation({
  method: 'POST',
  path: '/api/auth/magicLink',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign in with the token of an emailed sign-in link; sets the x-access-token cookie',
  body: wrapped(TokenInput),
  response: SignedIn,
});

// ---- forgotten password ----

export const ForgotPasswordInput = z.object({ email: emailField() });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;
export const forgotPassword = operation({
  method: 'POST',
  path: '/api/auth/forgotPassword',
  access: publicAccess,
  tag: 'auth',
  summary: 'Email a link to set a new password; the same answer for every address',
  body: wrapped(ForgotPasswordInput),
  response: EmailSentAnswer,
});

export const ResetPasswordInput = z.object({ token: linkTokenField(), password: newPasswordField() });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
export const resetPassword = operation({
  method: 'POST',
  path: '/api/auth/resetPassword',
  access: publicAccess,
  tag: 'auth',
  summary: 'Set a new password with the emailed link; signs out every other session and signs in here',
  body: wrapped(ResetPasswordInput),
  response: SignedIn,
});

// ---- what a link is for, before it is used ----

/** `kind` omitted: whichever of the page-opening kinds the link is (the onboarding page serves a new practice and an invitation). */
export const DescribeTokenInput = z.object({ token: linkTokenField(), kind: z.enum(['forgotPassword', 'validate', 'emailLogin']).optional() });
export type DescribeTokenInput = z.infer<typeof DescribeTokenInput>;
/** What the page a link opens shows before the person acts; the link is not used up by looking. */
export const TokenDescription = z.object({
  kind: z.enum(['forgotPassword', 'validate', 'emailLogin']),
  email: z.string(),
  /** the invited user's names (emailLogin), for the form to start from */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** the practice the link belongs to (forgotPassword, emailLogin) */
  accountName: z.string().nullable(),
  expiresAt: z.string(),
});
export type TokenDescription = z.infer<typeof TokenDescription>;
export const describeToken = operation({
  method: 'POST',
  path: '/api/auth/token',
  access: publicAccess,
  tag: 'auth',
  summary: 'What an emailed link is for (its address and practice) without using it up',
  body: wrapped(DescribeTokenInput),
  response: TokenDescription,
});

// ---- a new email on the profile, confirmed from the new address (here beside the other links) ----

export const ConfirmEmailChangeInput = z.object({ token: linkTokenField() });
export type ConfirmEmailChangeInput = z.infer<typeof ConfirmEmailChangeInput>;
/** The link sent to a new address, opened by the user it was sent for: the address becomes their sign-in. */
export const confirmEmailChange = operation({
  method: 'POST',
  path: '/api/profile/confirmEmail',
  access: authenticated,
  tag: 'profile',
  summary: 'Confirms a new email address with the link sent to it',
  body: wrapped(ConfirmEmailChangeInput),
  response: Profile,
});

// ---- onboarding: a new practice, or an invited staff member ----

export const StartOnboardingInput = z.object({ email: emailField() });
export type StartOnboardingInput = z.infer<typeof StartOnboardingInput>;
export const startOnboarding = operation({
  method: 'POST',
  path: '/api/auth/onboarding/start',
  access: publicAccess,
  tag: 'auth',
  summary: 'Email a link that confirms the address and opens the new-practice form; the same answer for every address',
  body: wrapped(StartOnboardingInput),
  response: EmailSentAnswer,
});

export const OnboardingInput = z
  .object({
    token: linkTokenField(),
    practiceName: nameField(),
    location: z.object({ name: nameField(), timezone: timeZoneField() }),
    firstName: nameField(),
    lastName: nameField(),
    password: newPasswordField(),
  })
  .superRefine(passwordOwnerRule('password'));
export type OnboardingInput = z.input<typeof OnboardingInput>;
export const completeOnboarding = operation({
  method: 'POST',
  path: '/api/auth/onboarding',
  access: publicAccess,
  tag: 'auth',
  summary: 'Create a practice (free tier) with its first location and its owner, from a confirmed address; signs the owner in',
  body: wrapped(OnboardingInput),
  response: SignedIn,
  status: 201,
});

export const AcceptInvitationInput = z
  .object({
    token: linkTokenField(),
    firstName: nameField(),
    lastName: nameField(),
    password: newPasswordField(),
  })
  .superRefine(passwordOwnerRule('password'));
export type AcceptInvitationInput = z.input<typeof AcceptInvitationInput>;
export const acceptInvitation = operation({
  method: 'POST',
  path: '/api/auth/invitation',
  access: publicAccess,
  tag: 'auth',
  summary: 'An invited staff member sets their name and password with the emailed link; signs them in',
  body: wrapped(AcceptInvitationInput),
  response: SignedIn,
});

// ---- Google (OpenID Connect, authorization code with PKCE) ----

const callbackText = z.string().max(4000, 'must be at most 4000 characters').optional();
export const googleSignIn = operation({
  method: 'GET',
  path: '/api/auth/google',
  access: publicAccess,
  tag: 'auth',
  summary: 'Starts Google sign-in: redirects to Google with state and a PKCE challenge',
  // The address the person typed: whose practice's Google client to use (docs/decisions/0144).
  query: z.object({ email: z.string().max(320).optional(), returnUrl: z.string().max(2000).optional() }),
  response: z.unknown(),
});
/** Where Google sends the browser back (GOOGLE_CALLBACK_PATH): signs in, then redirects; a refusal redirects to /login?error=… */
export const googleCallback = operation({
  method: 'GET',
  path: '/api/auth/google/callback',
  access: publicAccess,
  tag: 'auth',
  summary: 'Google’s redirect: verifies the ID token, signs in the user with that email, redirects',
  query: z.object({ code: callbackText, state: callbackText, error: callbackText, error_description: callbackText, scope: callbackText, authuser: callbackText, prompt: callbackText, hd: callbackText }),
  response: z.unknown(),
});
