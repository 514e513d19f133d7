import { MESSAGES, type Profile } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { holds, type AuthContext } from '../../platform/access.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { USER_EMAIL_TAKEN } from '../accounts/accounts.service.js';
import { authRepository } from '../auth/auth.repository.js';
import { usersRepository } from '../users/users.repository.js';

export class ProfileService {
  constructor(private readonly db: Db) {}

  async get(auth: AuthContext): Promise<Profile> {
    const user = await usersRepository.findGlobal(this.db, auth.userId);
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
      await usersRepository.updateGlobal(this.db, auth.userId, input);
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) throw conflict(USER_EMAIL_TAKEN);
      throw err;
    }
    return this.get(auth);
  }

  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<void> {
    const user = await usersRepository.findGlobal(this.db, auth.userId);
    if (!user) throw notFound();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest('currentPassword: is incorrect');
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await usersRepository.updateGlobal(tx, auth.userId, { passwordHash });
      await authRepository.revokeUserSessions(tx, auth.userId, auth.sessionId);
    });
  }

  /** Checks that the user may work in `accountId` (SPEC §6 switch_account rules). */
  async assertCanSwitchTo(auth: AuthContext, accountId: string): Promise<void> {
    const target = await accountsRepository.findById(this.db, accountId);
    if (!target || !target.isActive) throw notFound();
    if (holds(auth, 'system.switch_account:all') || accountId === auth.homeAccountId) return;
    if (target.subscriptionTier !== 'premium') throw forbidden(MESSAGES.permissionDenied);
  }
}
