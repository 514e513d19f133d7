// Security-critical: the Google sign-ins under way (docs/decisions/0090). A state is used up by one
// DELETE … RETURNING of an unexpired row, so a state answers at most one callback, however many
// arrive at once on however many app servers.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { googleSignInStates } from './auth.table.js';

export type GoogleSignInStateRow = typeof googleSignInStates.$inferSelect;
export type NewGoogleSignInState = Omit<typeof googleSignInStates.$inferInsert, 'createdAt'>;

export const googleSignInRepository = {
  async start(ex: Executor, state: NewGoogleSignInState): Promise<void> {
    await ex.insert(googleSignInStates).values(state);
  },

  /** Uses up the state with this hash: its row, or undefined when it is unknown, used or expired. */
  async take(ex: Executor, stateHash: string): Promise<GoogleSignInStateRow | undefined> {
    const [row] = await ex
      .delete(googleSignInStates)
      .where(and(eq(googleSignInStates.stateHash, stateHash), gt(googleSignInStates.expiresAt, sql`now()`)))
      .returning();
    return row;
  },

  /** Housekeeping: sign-ins never completed, expired before `before`. */
  async prune(ex: Executor, before: Date): Promise<void> {
    await ex.delete(googleSignInStates).where(lt(googleSignInStates.expiresAt, before));
  },
};
