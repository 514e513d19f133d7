import { MESSAGES, PERMISSIONS, type Permission, type User } from '@willow/contracts';
import type { CreateUserInput, UpdateUserInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { takeAttempt } from '../auth/attempt-limits.js';
import { authRepository } from '../auth/auth.repository.js';
import { takeRate } from '../auth/rate-limits.js';
import { invitationEmail } from '../auth/sign-in-emails.js';
import { PASSWORD_SET_ENDS, USER_TOKEN_KINDS } from '../auth/sign-in-flows.service.js';
import { linkUrl, signInTokens } from '../auth/sign-in-tokens.js';
import { EmailNotSetUpError, type ProductMailer } from '../product-mail/product-mail.service.js';
import { locationsRepository } from '../locations/locations.repository.js';
import { rolesRepository } from '../roles/roles.repository.js';
import { assertCapacity } from '../subscriptions/subscription-limits.js';
import { usersRepository, type UserWithLinks } from './users.repository.js';
import { EMAIL_TAKEN_CONSTRAINT } from './users.table.js';

type CreateValues = z.output<typeof CreateUserInput>;
type UpdateValues = z.output<typeof UpdateUserInput>;

const toUser = (row: UserWithLinks, permissions?: Permission[]): User => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  isActive: row.isActive,
  invitationPending: row.passwordHash === null,
  roleIds: row.roleIds,
  locationIds: row.locationIds,
  ...(permissions && { permissions }),
});

/** A staff member a record names (a provider, a prescriber, a veterinarian) must be a user of this account. */
export async function assertStaff(ex: Executor, scope: Scope, userId: string | null | undefined, field: string) {
  if (userId && !(await usersRepository.findById(ex, scope, userId))) throw badRequest(`${field}: unknown user`);
}

/** Resending an invitation to a user who has set their password already. */
export const ALREADY_SIGNED_UP = 'This user has already set a password: there is no invitation to send.';

export class UsersService {
  constructor(
    private readonly db: Db,
    /** invitations: the product's mail and the base of its links (Providers.appUrl) */
    private readonly invitations: { mail: ProductMailer; appUrl: string },
  ) {}

  async list(scope: Scope, opts: { locationId?: string; includePermissions?: boolean }): Promise<User[]> {
    await assertFiltersVisible(this.db, scope, [[locationsRepository, opts.locationId]]);
    const rows = await usersRepository.listWithLinks(this.db, scope, opts.locationId ? { locationId: opts.locationId } : {});
    if (!opts.includePermissions) return rows.map((r) => toUser(r));
    const roles = await rolesRepository.list(this.db, scope);
    const byRole = new Map(roles.map((r) => [r.id, r.permissions]));
    return rows.map((r) => {
      const held = new Set<string>(r.roleIds.flatMap((id) => byRole.get(id) ?? []));
      return toUser(
        r,
        PERMISSIONS.filter((p) => held.has(p)),
      );
    });
  }

  async get(scope: Scope, id: string): Promise<User> {
    const [row] = await usersRepository.listWithLinks(this.db, scope, { ids: [id] });
    if (!row) throw notFound();
    return toUser(row);
  }

  private async assertLinks(ex: Executor, scope: Scope, roleIds?: string[], locationIds?: string[]) {
    if (roleIds && !(await rolesRepository.allExist(ex, scope, roleIds))) throw badRequest('roleIds: unknown role');
    if (locationIds && !(await locationsRepository.allExist(ex, scope, locationIds))) throw badRequest('locationIds: unknown location');
  }

  /**
   * An email address the account cannot give (another user's, in this account or any other) is
   * refused in words that never say whose it is, and such refusals are limited per account
   * (ATTEMPT_LIMITS.userEmail): the Users page must not become a directory of every practice's
   * staff (docs/decisions/0051).
   */
  private async withEmailAttempt<T>(scope: Scope, save: () => Promise<T>): Promise<T> {
    const attempt = await takeAttempt(this.db, scope, 'userEmail', scope.accountId);
    try {
      const saved = await save();
      await attempt.forget();
      return saved;
    } catch (err) {
      if (isUniqueViolation(err, EMAIL_TAKEN_CONSTRAINT)) throw badRequest(`email: ${MESSAGES.emailUnavailable}`);
      await attempt.forget();
      throw err;
    }
  }

  /**
   * A user with a password, or without one an invited user: the row, the invitation link and its
   * email in one transaction (docs/decisions/0089); nothing is created when the portal cannot send
   * email (503).
   */
  async create(auth: AuthContext, input: CreateValues): Promise<User> {
    const scope: Scope = auth;
    if (input.password) assertNewPassword('password', input.password, input);
    else {
      if (!this.invitations.mail.configured) throw new EmailNotSetUpError();
      await takeRate(this.db, [{ limit: 'emailPerAddress', key: input.email }]);
    }
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const id = await this.withEmailAttempt(scope, () =>
      this.db.transaction(async (tx) => {
        await this.assertLinks(tx, scope, input.roleIds, input.locationIds);
        if (input.isActive) await assertCapacity(tx, scope, 'activeUsers');
        const row = await usersRepository.insert(tx, scope, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          isActive: input.isActive,
          passwordHash,
        });
        await usersRepository.setRoles(tx, scope, row.id, [...new Set(input.roleIds)]);
        await usersRepository.setLocations(tx, scope, row.id, [...new Set(input.locationIds)]);
        if (!passwordHash) await this.invite(tx, auth, row);
        return row.id;
      }),
    );
    return this.get(scope, id);
  }

  /** Issues an invitation link and queues its email, in the caller's transaction. */
  private async invite(tx: Executor, auth: AuthContext, user: { id: string; email: string }): Promise<void> {
    const token = await signInTokens.issueLink(tx, 'emailLogin', { email: user.email, accountId: auth.accountId, userId: user.id });
    const account = await accountsRepository.findById(tx, auth.accountId);
    const inviter = await usersRepository.findSignedIn(tx, auth);
    await this.invitations.mail.queue(
      tx,
      invitationEmail(user.email, {
        practice: account?.name ?? 'your practice',
        inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : null,
        link: linkUrl(this.invitations.appUrl, 'emailLogin', token),
      }),
    );
  }

  /** A new invitation link for a user who has not set a password yet; the earlier one stops working. */
  async resendInvitation(auth: AuthContext, id: string): Promise<void> {
    const user = await usersRepository.findById(this.db, auth, id);
    if (!user) throw notFound();
    if (user.passwordHash) throw badRequest(ALREADY_SIGNED_UP);
    if (!this.invitations.mail.configured) throw new EmailNotSetUpError();
    await takeRate(this.db, [{ limit: 'emailPerAddress', key: user.email.toLowerCase() }]);
    await this.db.transaction(async (tx) => {
      const current = await usersRepository.findById(tx, auth, id, { lock: 'update' });
      if (!current) throw notFound();
      if (current.passwordHash) throw badRequest(ALREADY_SIGNED_UP);
      await signInTokens.endForUser(tx, id, ['emailLogin']);
      await this.invite(tx, auth, current);
    });
  }

  async update(scope: Scope, id: string, input: UpdateValues): Promise<User> {
    const current = await usersRepository.findById(this.db, scope, id);
    if (!current) throw notFound();
    // The password is checked against the email and names the user will have.
    if (input.password) {
      const owner = { email: input.email ?? current.email, firstName: input.firstName ?? current.firstName, lastName: input.lastName ?? current.lastName };
      assertNewPassword('password', input.password, owner);
    }
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const save = () =>
      this.db.transaction(async (tx) => {
        const existing = await usersRepository.findById(tx, scope, id);
        if (!existing) throw notFound();
        await this.assertLinks(tx, scope, input.roleIds, input.locationIds);
        await usersRepository.update(tx, scope, id, {
          ...(input.firstName !== undefined && { firstName: input.firstName }),
          ...(input.lastName !== undefined && { lastName: input.lastName }),
          ...(input.email !== undefined && { email: input.email }),
          ...(input.phone !== undefined && { phone: input.phone }),
          ...(passwordHash && { passwordHash }),
        });
        if (input.roleIds) await usersRepository.setRoles(tx, scope, id, [...new Set(input.roleIds)]);
        if (input.locationIds) await usersRepository.setLocations(tx, scope, id, [...new Set(input.locationIds)]);
        // A password set by an administrator signs the user out everywhere and ends the links and
        // codes that would sign them in without it.
        if (passwordHash) {
          await authRepository.revokeUserSessions(tx, { accountId: scope.accountId, userId: id });
          await signInTokens.endForUser(tx, id, PASSWORD_SET_ENDS);
        }
        // Links and codes sent to the old address stop working with it.
        if (input.email !== undefined && input.email !== existing.email.toLowerCase()) await signInTokens.endForUser(tx, id, USER_TOKEN_KINDS);
      });
    const changesEmail = input.email !== undefined && input.email !== current.email.toLowerCase();
    await (changesEmail ? this.withEmailAttempt(scope, save) : save());
    return this.get(scope, id);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (id === auth.userId) throw badRequest('You cannot delete your own user');
    // The user's optional references (providers, prescribers, authors) are cleared in the same transaction.
    const removed = await this.db.transaction(async (tx) => {
      const gone = await usersRepository.remove(tx, auth, id);
      if (gone) await signInTokens.endForUser(tx, id, USER_TOKEN_KINDS);
      return gone;
    });
    if (!removed) throw notFound();
  }

  async setActive(auth: AuthContext, id: string, isActive: boolean): Promise<User> {
    if (id === auth.userId && !isActive) throw badRequest('You cannot deactivate your own user');
    await this.db.transaction(async (tx) => {
      const existing = await usersRepository.findById(tx, auth, id);
      if (!existing) throw notFound();
      if (existing.isActive === isActive) return;
      if (isActive) await assertCapacity(tx, auth, 'activeUsers');
      await usersRepository.update(tx, auth, id, { isActive });
      // A deactivated user is signed out everywhere, and their links and codes end.
      if (!isActive) {
        await authRepository.revokeUserSessions(tx, { accountId: auth.accountId, userId: id });
        await signInTokens.endForUser(tx, id, USER_TOKEN_KINDS);
      }
    });
    return this.get(auth, id);
  }
}
