// Security-critical: the signed-in user's own sign-in: changing the email (it is the sign-in) and
// the password both take the current password, whose wrong guesses are limited per user. A new
// email is confirmed by a link sent to it, and the answer is the same whether or not another user
// has the address (docs/decisions/0142).
import { MESSAGES, SIGN_IN_MESSAGES, type GettingStarted, type Profile, type ProfileUpdate } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { accountsRepository } from '../accounts/index.js';
import {
  clearAttempts,
  takeAttempt,
  authRepository,
  takeRate,
  emailChangedEmail,
  emailChangeEmail,
  emailTakenEmail,
  PASSWORD_SET_ENDS,
  tokenUser,
  USER_TOKEN_KINDS,
  linkUrl,
  signInTokens,
} from '../auth/index.js';
import { EmailNotSetUpError, type ProductMailer } from '../product-mail/index.js';
import { usersRepository, EMAIL_TAKEN_CONSTRAINT } from '../users/index.js';

export const CURRENT_PASSWORD_FOR_EMAIL = 'currentPassword: is required to change the email address';

/** The profile is the signed-in user's own row, in their own account wherever they work. */
const ownAccount = (auth: AuthContext) => ({ accountId: auth.homeAccountId });

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly mail: ProductMailer,
    /** the base of the emailed confirmation link (Providers.appUrl) */
    private readonly appUrl: string,
  ) {}

  async get(auth: AuthContext): Promise<Profile> {
    const user = await usersRepository.findSignedIn(this.db, auth);
    const account = await accountsRepository.findById(this.db, auth.accountId);
    if (!user || !account) throw notFound();
    // Locations belong to the user's own account; working in another one, there is none.
    const away = auth.accountId !== auth.homeAccountId;
    const location = away ? null : await usersRepository.primaryLocation(this.db, auth, auth.userId);
    // Working in someone else's account, the screens must always say so and offer the way home.
    const home = away ? await accountsRepository.findById(this.db, auth.homeAccountId) : null;
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      account: { id: account.id, name: account.name },
      location,
      ...(home && { homeAccount: { id: home.id, name: home.name } }),
    };
  }

  /** Whether the person put the Schedule's Get started list away (decision 0193). */
  async gettingStarted(auth: AuthContext): Promise<GettingStarted> {
    const user = await usersRepository.findSignedIn(this.db, auth);
    if (!user) throw notFound();
    return { dismissed: user.gettingStartedDismissedAt !== null };
  }

  /** Puts the list away, or brings it back: on the person's own row, whichever account they work in. */
  async setGettingStarted(auth: AuthContext, dismissed: boolean): Promise<GettingStarted> {
    const row = await usersRepository.update(this.db, ownAccount(auth), auth.userId, { gettingStartedDismissedAt: dismissed ? new Date() : null });
    if (!row) throw notFound();
    return { dismissed };
  }

  /**
   * Names change freely. The email is the sign-in, so a new one takes the current password and is
   * not taken here: a link to confirm it goes to the new address, which becomes the sign-in only
   * when its owner opens the link signed in as this user (confirmEmail). Whether another user has
   * the address decides only what that email says: the answer, and the statements run, are the
   * same either way (docs/decisions/0142).
   */
  async update(auth: AuthContext, input: { firstName: string; lastName: string; email: string; currentPassword?: string | undefined }): Promise<ProfileUpdate> {
    const user = await usersRepository.findSignedIn(this.db, auth);
    if (!user) throw notFound();
    const names = { firstName: input.firstName, lastName: input.lastName };
    if (input.email === user.email.toLowerCase()) {
      await this.db.transaction((tx) => usersRepository.update(tx, ownAccount(auth), auth.userId, names));
      return this.get(auth);
    }
    if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_FOR_EMAIL);
    await this.checkCurrentPassword(auth, user.passwordHash, input.currentPassword);
    // The new address's inbox is limited like every emailed flow's, and the user's own asking too.
    await takeRate(this.db, [
      { limit: 'emailPerAddress', key: input.email },
      { limit: 'emailPerAddress', key: `user:${auth.userId}` },
    ]);
    if (!this.mail.configured) throw new EmailNotSetUpError();
    const email = input.email;
    await this.db.transaction(async (tx) => {
      await usersRepository.update(tx, ownAccount(auth), auth.userId, names);
      const holder = await usersRepository.accountCheck(tx, email);
      // A new request replaces the one before; the token is issued either way (the same statements).
      await signInTokens.endForUser(tx, auth.userId, ['emailChange']);
      const token = await signInTokens.issueLink(tx, 'emailChange', { email, accountId: user.accountId, userId: user.id });
      await this.mail.queue(tx, holder ? emailTakenEmail(email) : emailChangeEmail(email, linkUrl(this.appUrl, 'emailChange', token)));
    });
    return { ...(await this.get(auth)), emailConfirmationSentTo: email };
  }

  /**
   * The link sent to a new address, opened by the user it was sent for: the address becomes their
   * sign-in, every link and code sent to the old one stops working, and the old address is told.
   * A link of another user, another flow, used or expired is 400 linkInvalid and left as it was;
   * an address another user took meanwhile is 400 emailUnavailable (its owner has just proven it
   * is theirs) and the link stays usable.
   */
  async confirmEmail(auth: AuthContext, token: string, ip: string): Promise<Profile> {
    await takeRate(this.db, [{ limit: 'linkPerIp', key: ip }]);
    try {
      await this.db.transaction(async (tx) => {
        const row = await signInTokens.useLink(tx, 'emailChange', token);
        if (row.userId !== auth.userId || row.accountId !== auth.homeAccountId) throw badRequest(SIGN_IN_MESSAGES.linkInvalid);
        const user = await tokenUser(tx, row, SIGN_IN_MESSAGES.linkInvalid, 'update');
        await usersRepository.update(tx, ownAccount(auth), auth.userId, { email: row.email });
        // Links and codes sent to the old address stop working with it.
        await signInTokens.endForUser(tx, auth.userId, USER_TOKEN_KINDS);
        if (this.mail.configured) await this.mail.queue(tx, emailChangedEmail(user.email, row.email));
      });
    } catch (err) {
      if (isUniqueViolation(err, EMAIL_TAKEN_CONSTRAINT)) throw badRequest(MESSAGES.emailUnavailable);
      throw err;
    }
    return this.get(auth);
  }

  /**
   * The current password, at most ATTEMPT_LIMITS.currentPassword wrong ones per user in its
   * window (a session left open must not become a way to guess it); the right one clears them.
   */
  private async checkCurrentPassword(auth: AuthContext, passwordHash: string | null, password: string): Promise<void> {
    // No password yet (invited, or signing in by code, link or Google): the reset link sets the first one.
    if (!passwordHash) throw badRequest(`currentPassword: ${SIGN_IN_MESSAGES.noPasswordYet}`);
    await takeAttempt(this.db, ownAccount(auth), 'currentPassword', auth.userId);
    if (!(await verifyPassword(passwordHash, password))) throw badRequest('currentPassword: is incorrect');
    await clearAttempts(this.db, ownAccount(auth), 'currentPassword', auth.userId);
  }

  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<void> {
    const user = await usersRepository.findSignedIn(this.db, auth);
    if (!user) throw notFound();
    await this.checkCurrentPassword(auth, user.passwordHash, currentPassword);
    assertNewPassword('newPassword', newPassword, user);
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await usersRepository.update(tx, ownAccount(auth), auth.userId, { passwordHash });
      await authRepository.revokeUserSessions(tx, { accountId: auth.homeAccountId, userId: auth.userId }, auth.sessionId);
      // A reset link or a sign-in link sent before the change no longer signs anyone in.
      await signInTokens.endForUser(tx, auth.userId, PASSWORD_SET_ENDS);
    });
  }

  /**
   * Checks that the user may work in `accountId`: an active account, and their own, or any one
   * with system.switch_account:all, or else only a premium one.
   */
  async assertCanSwitchTo(auth: AuthContext, accountId: string): Promise<void> {
    const target = await accountsRepository.findById(this.db, accountId);
    if (!target || !target.isActive) throw notFound();
    if (holds(auth, 'system.switch_account:all') || accountId === auth.homeAccountId) return;
    if (target.subscriptionTier !== 'premium') throw forbidden(MESSAGES.permissionDenied);
  }
}
