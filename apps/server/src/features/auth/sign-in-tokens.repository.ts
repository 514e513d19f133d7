// Security-critical: the single-use tokens of the emailed flows. Each is used up by one
// conditional UPDATE … RETURNING (kind, unused, unexpired, and for codes fewer than the allowed
// wrong attempts), so two requests with one token can never both succeed (docs/decisions/0087).
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, type TokenKind } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { signInTokens } from './auth.table.js';

export type SignInTokenRow = typeof signInTokens.$inferSelect;

export interface NewSignInToken {
  kind: TokenKind;
  tokenHash: string;
  email: string;
  accountId?: string | null;
  userId?: string | null;
  subjectId?: string | null;
  expiresAt: Date;
}

const live = () => and(isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, sql`now()`));

export const signInTokensRepository = {
  async insert(ex: Executor, token: NewSignInToken): Promise<SignInTokenRow> {
    const [row] = await ex.insert(signInTokens).values(token).returning();
    return row!;
  },

  /** Ends every live token of these kinds for an address (a new code replaces the last; a reset ends the other reset links). */
  async endLive(ex: Executor, email: string, kinds: TokenKind[]): Promise<void> {
    await ex
      .update(signInTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInTokens.email, email), inArray(signInTokens.kind, kinds), live()));
  },

  /** Ends every live token of these kinds that concerns a user (their password changed, they were deactivated). */
  async endLiveForUser(ex: Executor, userId: string, kinds: TokenKind[]): Promise<void> {
    await ex
      .update(signInTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInTokens.userId, userId), inArray(signInTokens.kind, kinds), live()));
  },

  /** Uses up a link of this kind: the row, or undefined when it is unknown, used, expired or of another kind. */
  async useLink(ex: Executor, kind: TokenKind, tokenHash: string): Promise<SignInTokenRow | undefined> {
    const [row] = await ex
      .update(signInTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInTokens.tokenHash, tokenHash), eq(signInTokens.kind, kind), live()))
      .returning();
    return row;
  },

  /** A live link of one of these kinds, without using it up (what the page it opens shows). */
  async findLiveLink(ex: Executor, kinds: TokenKind[], tokenHash: string): Promise<SignInTokenRow | undefined> {
    const [row] = await ex
      .select()
      .from(signInTokens)
      .where(and(eq(signInTokens.tokenHash, tokenHash), inArray(signInTokens.kind, kinds), live()))
      .limit(1);
    return row;
  },

  /**
   * Tries a code against the address's live code, in one statement: the right code uses it up, a
   * wrong one counts against it (at OTP_MAX_ATTEMPTS it is dead). The row is locked while it is
   * decided, so parallel tries count each other and only one right try can win. `matched` says
   * which happened; undefined when the address has no live code.
   */
  async tryCode(ex: Executor, email: string, codeHash: string): Promise<(SignInTokenRow & { matched: boolean }) | undefined> {
    const matches = sql`${signInTokens.tokenHash} = ${codeHash}`;
    const [row] = await ex
      .update(signInTokens)
      .set({
        attempts: sql`${signInTokens.attempts} + case when ${matches} then 0 else 1 end`,
        // the app's time, not now(): Citus refuses a non-immutable function inside CASE in an UPDATE
        usedAt: sql`case when ${matches} then ${new Date().toISOString()}::timestamptz else null end`,
      })
      .where(
        eq(
          signInTokens.id,
          sql`(select ${signInTokens.id} from ${signInTokens}
                where ${signInTokens.email} = ${email} and ${signInTokens.kind} = 'otp' and ${signInTokens.usedAt} is null
                  and ${signInTokens.expiresAt} > now() and ${signInTokens.attempts} < ${OTP_MAX_ATTEMPTS}
                order by ${signInTokens.createdAt} desc limit 1 for update)`,
        ),
      )
      .returning();
    return row ? { ...row, matched: row.usedAt !== null } : undefined;
  },

  /** Housekeeping: tokens that expired before `before`. */
  async prune(ex: Executor, before: Date): Promise<void> {
    await ex.delete(signInTokens).where(lt(signInTokens.expiresAt, before));
  },
};
