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

  /** Moves a user to a new email (or the same one in other letter case). */
  async change(ex: Executor, user: { accountId: string; userId: string }, email: string): Promise<void> {
    await ex
      .update(userEmails)
      .set({ email: email.toLowerCase() })
      .where(and(eq(userEmails.accountId, user.accountId), eq(userEmails.userId, user.userId)));
  },

  async release(ex: Executor, user: { accountId: string; userId: string }): Promise<void> {
    await ex.delete(userEmails).where(and(eq(userEmails.accountId, user.accountId), eq(userEmails.userId, user.userId)));
  },
};
