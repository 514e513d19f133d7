// Security-critical: the one lookup that crosses accounts. Sign-in is by email alone, so the
// directory maps a (lower-cased) email to its user and account; everything after it is scoped to
// that account. Written only through the users repository, in the same transaction as the user.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userEmails } from './users.table.js';

export const userEmailsRepository = {
  async find(ex: Executor, email: string): Promise<{ accountId: string; userId: string } | undefined> {
    const [row] = await ex
      .select({ accountId: userEmails.accountId, userId: userEmails.userId })
      .from(userEmails)
      .where(eq(userEmails.email, email.toLowerCase()))
      .limit(1);
    return row;
  },

  /** Claims an email for a user; an email in use anywhere is a unique clash (EMAIL_TAKEN_CONSTRAINT). */
  async claim(ex: Executor, user: { accountId: string; userId: string }, email: string): Promise<void> {
    await ex.insert(userEmails).values({ email: email.toLowerCase(), accountId: user.accountId, userId: user.userId });
  },

  /**
   * Moves a user from `oldEmail` to a new email (or the same one in other letter case). Keyed by
   * the email the user had (the directory's own key), and the user's id.
   */
  async change(ex: Executor, user: { userId: string; oldEmail: string }, email: string): Promise<void> {
    await ex
      .update(userEmails)
      .set({ email: email.toLowerCase() })
      .where(and(eq(userEmails.email, user.oldEmail.toLowerCase()), eq(userEmails.userId, user.userId)));
  },

  /** Frees the email of a user about to be deleted. */
  async release(ex: Executor, user: { userId: string; email: string }): Promise<void> {
    await ex.delete(userEmails).where(and(eq(userEmails.email, user.email.toLowerCase()), eq(userEmails.userId, user.userId)));
  },
};
