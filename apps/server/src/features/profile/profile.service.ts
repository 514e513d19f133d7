// Security-critical: the signed-in user's own sign-in: changing the email (it is the sign-in) and
// the password both take the current password, whose wrong guesses are limited per user.
import { MESSAGES, SIGN_IN_MESSAGES, type Profile } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { clearAttempts, takeAttempt } from '../auth/attempt-limits.js';
import { authRepository } from '../auth/auth.repository.js';
import { PASSWORD_SET_ENDS, USER_TOKEN_KINDS } from '../auth/sign-in-flows.service.js';
import { signInTokens } from '../auth/sign-in-tokens.js';
import { usersRepository } from '../users/users.repository.js';
import { EMAIL_TAKEN_CONSTRAINT } from '../users/users.table.js';

export const CURRENT_PASSWORD_FOR_EMAIL = 'currentPassword: is required to change the email address';

/** The profile is the signed-in user's own row, in their own account wherever they work. */
const ownAccount = (auth: AuthContext) => ({ accountId: auth.homeAccountId });

export class ProfileService {
  constructor(private readonly db: Db) {}

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

  /**
   * Names change freely. The email is the sign-in, so changing it takes the current password, and
   * an address that cannot be taken (another user's, in any account) is refused in words that
   * never say whose it is, at most ATTEMPT_LIMITS.ownEmail times an hour (docs/decisions/0051).
   */
  async update(auth: AuthContext, input: { firstName: string; lastName: string; email: string; currentPassword?: string | undefined }): Promise<Profile> {
    const user = await usersRepository.findSignedIn(this.db, auth);
    if (!user) throw notFound();
    const names = { firstName: input.firstName, lastName: input.lastName };
    if (input.email === user.email.toLowerCase()) {
      await this.db.transaction((tx) => usersRepository.update(tx, ownAccount(auth), auth.userId, names));
      return this.get(auth);
    }
    if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_FOR_EMAIL);
    await this.checkCurrentPassword(auth, user.passwordHash, input.currentPassword);
    const attempt = await takeAttempt(this.db, ownAccount(auth), 'ownEmail', auth.userId);
    try {
      await this.db.transaction(async (tx) => {
        await usersRepository.update(tx, ownAccount(auth), auth.userId, { ...names, email: input.email });
        // Links and codes sent to the old address stop working with it.
        await signInTokens.endForUser(tx, auth.userId, USER_TOKEN_KINDS);
      });
    } catch (err) {
      if (isUniqueViolation(err, EMAIL_TAKEN_CONSTRAINT)) throw badRequest(`email: ${MESSAGES.emailUnavailable}`);
      await attempt.forget();
      throw err;
    }
    await attempt.forget();
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
