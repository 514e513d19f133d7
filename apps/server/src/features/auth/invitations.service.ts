// Security-critical: an invitation is a sign-in link sent to a new staff member's address
// (docs/decisions/0089); it is issued in the transaction that creates the user, limited per
// address like every emailed flow, and a new one ends the one before.
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/index.js';
import { EmailNotSetUpError, type ProductMailer } from '../product-mail/index.js';
import { usersRepository, type UserInvitations } from '../users/index.js';
import { takeRate } from './rate-limits.js';
import { invitationEmail } from './sign-in-emails.js';
import { linkUrl, signInTokens } from './sign-in-tokens.js';

/** Resending an invitation to a user who has set their password already. */
export const ALREADY_SIGNED_UP = 'This user has already set a password: there is no invitation to send.';

export class InvitationsService implements UserInvitations {
  constructor(
    private readonly db: Db,
    /** the product's mail and the base of its links (Providers.appUrl) */
    private readonly options: { mail: ProductMailer; appUrl: string },
  ) {}

  async assertCanInvite(email: string): Promise<void> {
    if (!this.options.mail.configured) throw new EmailNotSetUpError();
    await takeRate(this.db, [{ limit: 'emailPerAddress', key: email }]);
  }

  async invite(tx: Executor, auth: AuthContext, user: { id: string; email: string }): Promise<void> {
    const token = await signInTokens.issueLink(tx, 'emailLogin', { email: user.email, accountId: auth.accountId, userId: user.id });
    const account = await accountsRepository.findById(tx, auth.accountId);
    const inviter = await usersRepository.findSignedIn(tx, auth);
    await this.options.mail.queue(
      tx,
      invitationEmail(user.email, {
        practice: account?.name ?? 'your practice',
        inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : null,
        link: linkUrl(this.options.appUrl, 'emailLogin', token),
      }),
    );
  }

  /** A new invitation link for a user who has not set a password yet; the earlier one stops working. */
  async resend(auth: AuthContext, id: string): Promise<void> {
    const user = await usersRepository.findById(this.db, auth, id);
    if (!user) throw notFound();
    if (user.passwordHash) throw badRequest(ALREADY_SIGNED_UP);
    if (!this.options.mail.configured) throw new EmailNotSetUpError();
    await takeRate(this.db, [{ limit: 'emailPerAddress', key: user.email.toLowerCase() }]);
    await this.db.transaction(async (tx) => {
      const current = await usersRepository.findById(tx, auth, id, { lock: 'update' });
      if (!current) throw notFound();
      if (current.passwordHash) throw badRequest(ALREADY_SIGNED_UP);
      await signInTokens.endForUser(tx, id, ['emailLogin']);
      await this.invite(tx, auth, current);
    });
  }
}
