import { MESSAGES, PERMISSIONS, USER_MESSAGES, type Permission, type User } from '@willow/contracts';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { CreateUserInput, UpdateUserInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, isUniqueViolation, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { locationsRepository } from '../locations/index.js';
import { rolesRepository } from '../roles/index.js';
import { usersRepository, type UserWithLinks } from './users.repository.js';
import { EMAIL_TAKEN_CONSTRAINT } from './users.table.js';

type CreateValues = z.output<typeof CreateUserInput>;
const PROVIDER_PERMISSIONS: readonly Permission[] = ['appointments.primary_provider', 'appointments.secondary_provider'];
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

/** The name a signed-in user's changes are kept under in history (audit asks it), as it is at the time. */
export async function actorName(ex: Executor, auth: Pick<AuthContext, 'homeAccountId' | 'userId'>): Promise<string | null> {
  const user = await usersRepository.findSignedIn(ex, auth);
  return user ? `${user.firstName} ${user.lastName}` : null;
}

/** A staff member a record names (a provider, a prescriber, a veterinarian) must be a user of this account. */
export async function assertStaff(ex: Executor, scope: Scope, userId: string | null | undefined, field: string) {
  if (userId && !(await usersRepository.findById(ex, scope, userId))) throw badRequest(`${field}: unknown user`);
}

/**
 * Invitations are sign-in links, kept by sign-in above this feature (features/auth/invitations.service.ts);
 * the container hands them in.
 */
export interface UserInvitations {
  /** Before anything is written: 503 when the product cannot send email, 429 when the address has had too many. */
  assertCanInvite(email: string): Promise<void>;
  /** Issues an invitation link and queues its email, in the caller's transaction. */
  invite(tx: Executor, auth: AuthContext, user: { id: string; email: string }): Promise<void>;
}

/**
 * What a change to a user ends of their sign-ins, and the limit on refused addresses: kept by
 * sign-in above this feature (features/auth/user-sign-ins.service.ts); the container hands it in.
 */
export interface UserSignIns {
  /** One attempt at an address the account could not be given (ATTEMPT_LIMITS.userEmail); it counts unless forgotten. */
  takeEmailAttempt(scope: Scope): Promise<{ forget(): Promise<void> }>;
  /** An administrator set the password: signed out everywhere, and the links and codes that sign in without it end. */
  passwordSet(tx: Executor, scope: Scope, userId: string): Promise<void>;
  /** Links and codes sent to the old address stop working with it. */
  emailChanged(tx: Executor, userId: string): Promise<void>;
  /** Signed out everywhere, and every link and code ends. */
  deactivated(tx: Executor, scope: Scope, userId: string): Promise<void>;
  /** Every link and code ends with the user. */
  removed(tx: Executor, userId: string): Promise<void>;
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly invitations: UserInvitations,
    private readonly signIns: UserSignIns,
    /** tells 'user.activating' (the subscription's user limit) */
    private readonly events: DomainEventBus,
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
   * A provider (a role granting appointments.primary_provider or secondary_provider) is booked at
   * their locations: a user who would be one with no location is refused (decision 0192).
   */
  private async assertProviderHasLocation(ex: Executor, scope: Scope, roleIds: readonly string[], locationIds: readonly string[]) {
    if (locationIds.length > 0 || roleIds.length === 0) return;
    const held = new Set(roleIds);
    const roles = await rolesRepository.list(ex, scope);
    const provider = roles.some((r) => held.has(r.id) && r.permissions.some((p) => PROVIDER_PERMISSIONS.includes(p as Permission)));
    if (provider) throw badRequest(`locationIds: ${USER_MESSAGES.providerNeedsLocation}`);
  }

  /**
   * An email address the account cannot give (another user's, in this account or any other) is
   * refused in words that never say whose it is, and such refusals are limited per account
   * (ATTEMPT_LIMITS.userEmail): the Users page must not become a directory of every practice's
   * staff (docs/decisions/0051).
   */
  private async withEmailAttempt<T>(scope: Scope, save: () => Promise<T>): Promise<T> {
    const attempt = await this.signIns.takeEmailAttempt(scope);
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
    else await this.invitations.assertCanInvite(input.email);
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const id = await this.withEmailAttempt(scope, () =>
      this.db.transaction(async (tx) => {
        await this.assertLinks(tx, scope, input.roleIds, input.locationIds);
        await this.assertProviderHasLocation(tx, scope, input.roleIds, input.locationIds);
        if (input.isActive) await this.events.publish(tx, auth, 'user.activating', { userId: null });
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
        if (!passwordHash) await this.invitations.invite(tx, auth, row);
        return row.id;
      }),
    );
    return this.get(scope, id);
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
        if (input.roleIds || input.locationIds) {
          // What the user will hold once saved: the fields sent, the others as they are.
          const [links] = await usersRepository.listWithLinks(tx, scope, { ids: [id] });
          await this.assertProviderHasLocation(tx, scope, input.roleIds ?? links?.roleIds ?? [], input.locationIds ?? links?.locationIds ?? []);
        }
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
        if (passwordHash) await this.signIns.passwordSet(tx, scope, id);
        // Links and codes sent to the old address stop working with it.
        if (input.email !== undefined && input.email !== existing.email.toLowerCase()) await this.signIns.emailChanged(tx, id);
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
      if (gone) await this.signIns.removed(tx, id);
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
      if (isActive) await this.events.publish(tx, auth, 'user.activating', { userId: id });
      await usersRepository.update(tx, auth, id, { isActive });
      // A deactivated user is signed out everywhere, and their links and codes end.
      if (!isActive) await this.signIns.deactivated(tx, auth, id);
    });
    return this.get(auth, id);
  }
}
