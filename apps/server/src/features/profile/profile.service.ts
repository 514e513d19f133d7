import { MESSAGES, type Profile } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { USER_EMAIL_TAKEN } from '../accounts/accounts.service.js';
import { authRepository } from '../auth/auth.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { EMAIL_TAKEN_CONSTRAINT } from '../users/users.table.js';

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

  async update(auth: AuthContext, input: { firstName: string; lastName: string; email: string }): Promise<Profile> {
    try {
      await this.db.transaction((tx) => usersRepository.update(tx, ownAccount(auth), auth.userId, input));
    } catch (err) {
      if (isUniqueViolation(err, EMAIL_TAKEN_CONSTRAINT)) throw conflict(USER_EMAIL_TAKEN);
      throw err;
    }
    return this.get(auth);
  }

  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<void> {
    const user = await usersRepository.findSignedIn(this.db, auth);
    if (!user) throw notFound();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest('currentPassword: is incorrect');
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await usersRepository.update(tx, ownAccount(auth), auth.userId, { passwordHash });
      await authRepository.revokeUserSessions(tx, { accountId: auth.homeAccountId, userId: auth.userId }, auth.sessionId);
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
