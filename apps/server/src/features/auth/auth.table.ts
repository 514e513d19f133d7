import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference } from '../../db/columns.js';

/**
 * One row per sign-in; the token's jti. Revoking the row revokes the token. Kept in the user's own
 * account (`account_id`), so the lookup of every request starts from the token's home account.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...tenantKey(),
    userId: uuid().notNull(),
    /** the account the session is currently working in (changes on account switch) */
    workingAccountId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('sessions', t, t.userId, users, 'cascade'),
    // No key to the working account: on a database distributed by account it is another shard's
    // row, which Citus cannot reference (decision 0248). A session whose working account is gone
    // is refused anyway: its lookup joins the working account (auth.repository.ts findSession).
    index().on(t.accountId, t.userId),
    index().on(t.expiresAt),
  ],
);

/**
 * Failed sign-ins, counted per (email, IP) pair, per email and per IP over a sliding window (shared
 * by every app server; docs/decisions/0049). A sign-in records its row before the password is
 * checked and removes it when the password is right, so parallel guesses count each other.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.email, t.createdAt), index().on(t.ip, t.createdAt)],
);

/**
 * Attempts counted against one user or one account inside it over a sliding window, for the limits
 * a signed-in person meets: wrong current passwords (per user) and email addresses refused (per
 * user on the profile, per account on the Users page). Recorded before the attempt is decided and
 * removed when it did not count, so parallel attempts see each other (docs/decisions/0049, 0051).
 */
export const attemptLog = pgTable(
  'attempt_log',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    accountId: accountColumn(),
    /** which limit: ATTEMPT_LIMITS' keys */
    kind: text().notNull(),
    /** whose attempts: a user's id, or the account's own id for a limit per account */
    subjectId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), index().on(t.accountId, t.kind, t.subjectId, t.createdAt), index().on(t.createdAt)],
);

/**
 * The single-use tokens of every emailed flow (SPEC §4 token login flow kinds; docs/decisions/0087):
 * codes (otp) and links (magicLink, forgotPassword, validate, emailLogin, onlineBooking). Global,
 * like `user_emails`: a token is looked up before anyone knows its account (a new practice has
 * none yet). Only a hash is stored: a link's SHA-256, a code's HMAC under the server's secret (six
 * digits would fall to a plain hash). A token is used up by one conditional UPDATE … RETURNING, so
 * two requests with it cannot both succeed.
 */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** base64url SHA-256 of a link's token, or HMAC of a code; unique among links */
    tokenHash: text().notNull(),
    /** the address it was sent to (lower case) */
    email: text().notNull(),
    /** the user it signs in or concerns, when there is one, with their account */
    accountId: uuid(),
    userId: uuid(),
    /** what else it is about: an appointment for onlineBooking */
    subjectId: uuid(),
    /** wrong codes tried against it (otp) */
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_in_tokens_link_hash').on(t.tokenHash).where(sql`${t.kind} <> 'otp'`),
    // the live code of an address is found by address and kind
    index('sign_in_tokens_email').on(t.email, t.kind, t.createdAt),
    index('sign_in_tokens_expiry').on(t.expiresAt),
  ],
);

/**
 * Events counted against a rate limit over a sliding window, shared by every app server
 * (docs/decisions/0088): emails sent per address and per IP, codes tried per IP. `bucket` names the
 * limit, `key` what is limited (an address, an IP).
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    bucket: text().notNull(),
    key: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.bucket, t.key, t.createdAt), index().on(t.createdAt)],
);

/**
 * A Google sign-in under way (docs/decisions/0090): the state handed to Google (hashed), the
 * OpenID nonce to check the answer against, which client it used and where to go after. The PKCE
 * verifier is not here: only the browser that started the sign-in holds it, in its cookie (0141). Global: no one is signed in yet. Used up by the callback in one DELETE … RETURNING.
 */
export const googleSignInStates = pgTable(
  'google_sign_in_states',
  {
    stateHash: text().primaryKey(),
    nonce: text().notNull(),
    /** the practice's google integration whose client started it; both null for the product's client (decision 0144) */
    integrationAccountId: uuid(),
    integrationId: uuid(),
    returnUrl: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.expiresAt)],
);
