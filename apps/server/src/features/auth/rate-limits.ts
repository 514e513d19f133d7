// Security-critical: the rate limits of the emailed sign-in flows (docs/decisions/0088), counted in
// PostgreSQL (rate_events) so that every app server shares them. Every request that sends an
// email or checks a code takes its events before it does anything, whether or not the address has
// a user: the limits themselves must not tell who has one.
import { FORM_MESSAGES, SIGN_IN_MESSAGES } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { lockKeys } from '../../db/locks.js';
import { tooManyRequests } from '../../platform/errors.js';
import { authRepository } from './auth.repository.js';

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** emails (codes, links, resets, onboarding) asked for one address */
  emailPerAddress: { max: 5, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGES.tooManyEmails },
  /** emails asked for from one IP, whichever addresses */
  emailPerIp: { max: 20, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGES.tooManyEmails },
  /** codes tried from one IP, whichever addresses (each code also dies after OTP_MAX_ATTEMPTS wrong tries) */
  codePerIp: { max: 30, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGES.tooManyCodes },
  /** codes tried for one address from anywhere */
  codePerAddress: { max: 15, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGES.tooManyCodes },
  /**
   * codes tried for one address in a day, from anywhere: without it the 15-minute window refills
   * all day long (1,440 guesses a day); with it an address's codes are guessed with odds of at
   * most 30 in a million a day (docs/decisions/0140)
   */
  codePerAddressDay: { max: 30, windowMs: 24 * 60 * MINUTE, message: SIGN_IN_MESSAGES.tooManyCodesToday },
  /** links looked at or used from one IP (a token cannot be guessed; this keeps the table from being hammered) */
  linkPerIp: { max: 60, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGES.tooManyCodes },
  /** Google sign-ins started from one IP: each start stores a state row, so an open door would fill the table */
  googleStartPerIp: { max: 60, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGES.tooManyStarts },
  /** public form pages opened from one IP (a clinic's devices share one: generous) */
  formViewPerIp: { max: 120, windowMs: 15 * MINUTE, message: FORM_MESSAGES.tooManySubmissions },
  /** public forms submitted (or tried) from one IP (docs/decisions/0097) */
  formSubmitPerIp: { max: 20, windowMs: 15 * MINUTE, message: FORM_MESSAGES.tooManySubmissions },
} as const;
export type RateLimit = keyof typeof RATE_LIMITS;

export const LONGEST_RATE_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMs));

/**
 * Counts one event against each limit, or refuses (429 with Retry-After, the limit's message)
 * when any of them is already full; nothing is counted then. The keys' events take turns for the
 * transaction, so parallel requests see each other.
 */
export async function takeRate(db: Db, events: { limit: RateLimit; key: string }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKeys(
      tx,
      events.map((e) => `rate:${e.limit}:${e.key}`),
    );
    for (const e of events) {
      const limit = RATE_LIMITS[e.limit];
      const seen = await authRepository.recentRateEvents(tx, e.limit, e.key, limit.windowMs);
      if (seen.count >= limit.max && seen.oldest) {
        throw tooManyRequests(limit.message, seen.oldest.getTime() + limit.windowMs - seen.now.getTime());
      }
    }
    await authRepository.recordRateEvents(
      tx,
      events.map((e) => ({ bucket: e.limit, key: e.key })),
    );
  });
}
