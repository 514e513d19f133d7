// Security-critical: the limits a signed-in person meets, counted in PostgreSQL (attempt_log) so
// every app server shares them: wrong current passwords per user (docs/decisions/0049) and email
// addresses refused per account on the Users page (0051; the profile's new address is confirmed
// from it instead, 0142).
import { MESSAGES } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { authRepository } from './auth.repository.js';

const MINUTE = 60_000;

export const ATTEMPT_LIMITS = {
  /** wrong current passwords of one user (a password or email change on the profile) */
  currentPassword: { max: 5, windowMs: 15 * MINUTE, message: MESSAGES.tooManyPasswordAttempts },
  /** email addresses the Users page of one account could not give (in use), whoever asked */
  userEmail: { max: 10, windowMs: 60 * MINUTE, message: MESSAGES.tooManyEmailAttempts },
} as const;
export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

/** An attempt taken: it counts unless `forget()` is called (it turned out not to be a refusal). */
export interface Attempt {
  forget(): Promise<void>;
}

/**
 * Takes one attempt of `kind` by `subjectId` (a user, or the account itself), recorded before it is
 * decided so that parallel attempts count each other; refused with 429 and Retry-After when the
 * window is already full, before anything is checked.
 */
export async function takeAttempt(db: Db, scope: Scope, kind: AttemptKind, subjectId: string): Promise<Attempt> {
  const limit = ATTEMPT_LIMITS[kind];
  const id = await db.transaction(async (tx) => {
    await authRepository.lockAttempts(tx, scope, kind, subjectId);
    const seen = await authRepository.recentAttempts(tx, scope, kind, subjectId, limit.windowMs);
    if (seen.count >= limit.max && seen.oldest) {
      throw tooManyRequests(limit.message, seen.oldest.getTime() + limit.windowMs - seen.now.getTime());
    }
    return authRepository.recordAttempt(tx, scope, kind, subjectId);
  });
  return { forget: () => authRepository.forgetAttempt(db, scope, id) };
}

/** Forgets every attempt of `kind` by `subjectId` (the right current password clears the wrong ones). */
export function clearAttempts(db: Db, scope: Scope, kind: AttemptKind, subjectId: string): Promise<void> {
  return authRepository.clearAttempts(db, scope, kind, subjectId);
}
