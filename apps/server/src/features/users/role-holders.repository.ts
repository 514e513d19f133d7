import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import { noticeSessions } from '../../platform/session-notices.repository.js';
import { accountOf, acrossAccounts, idIn, scopedTable, type Scope } from '../../platform/tenant-repository.js';
import { linkTable } from '../../platform/tenant-row-sets.js';
import { accounts } from '../accounts/index.js';
import { roles, systemRoles } from '../roles/index.js';
import { userRoles, userSystemRoles } from './role-holders.table.js';
import { usersRepository } from './users.repository.js';
import { users } from './users.table.js';

/** A role's members: user_roles seen from the role. */
const roleMembers = linkTable(userRoles, userRoles.roleId, userRoles.userId);
/** Holders of system roles: each row lives in its holder's own account. */
const systemRoleHolders = scopedTable(userSystemRoles);

/**
 * Who holds which role, account roles and system roles (decision 0172): the roles feature asks it
 * through the container (RoleHolders, roles.service.ts), sign-in reads what a user is granted.
 */
export const roleHoldersRepository = {
  /** Each (role, member) pair of the account's roles. */
  async ofAccountRoles(ex: Executor, scope: Scope): Promise<{ roleId: string; userId: string }[]> {
    return roleMembers.select(ex, scope, { roleId: userRoles.roleId, userId: userRoles.userId });
  },

  /** Whether every id is a user of the account. */
  allUsersExist: (ex: Executor, scope: Scope, userIds: readonly string[]): Promise<boolean> => usersRepository.allExist(ex, scope, userIds),

  async setAccountRoleMembers(ex: Executor, scope: Scope, roleId: string, userIds: readonly string[]): Promise<void> {
    await roleMembers.replace(ex, scope, roleId, userIds);
    // members taken away and added alike: every session of the account is checked again
    await noticeSessions(ex, `a:${scope.accountId}`);
  },

  /**
   * What a user holds while working in `accountId`: their system roles everywhere, and their
   * account roles only in their own account.
   */
  async grantsFor(ex: Executor, userId: string, accountId: string, homeAccountId: string) {
    // a user's system roles are kept in the user's own account
    const system = await systemRoleHolders
      .select(
        ex,
        { accountId: homeAccountId },
        { id: systemRoles.id, name: systemRoles.name, permissions: systemRoles.permissions },
        eq(userSystemRoles.userId, userId),
      )
      .innerJoin(systemRoles, eq(systemRoles.id, userSystemRoles.systemRoleId));
    const account =
      accountId === homeAccountId
        ? await roleMembers
            .select(ex, { accountId }, { id: roles.id, name: roles.name, permissions: roles.permissions }, eq(userRoles.userId, userId))
            .innerJoin(roles, roleMembers.joined({ accountId }, roles, eq(roles.id, userRoles.roleId)))
        : [];
    return [...system.map((r) => ({ ...r, kind: 'system' as const })), ...account.map((r) => ({ ...r, kind: 'account' as const }))];
  },

  /** Each (system role, holder) pair, of every account. */
  async ofSystemRoles(ex: Executor): Promise<{ systemRoleId: string; userId: string }[]> {
    // Across accounts: the platform's own administration lists every holder, of any account.
    return acrossAccounts(userSystemRoles).select(ex, { systemRoleId: userSystemRoles.systemRoleId, userId: userSystemRoles.userId });
  },

  async setSystemRoleHolders(ex: Executor, roleId: string, userIds: readonly string[]): Promise<void> {
    // Platform-wide: a holder may be a user of any account; the row lives in that user's account.
    await acrossAccounts(userSystemRoles).removeWhere(ex, eq(userSystemRoles.systemRoleId, roleId));
    await noticeSessions(ex, '*');
    if (userIds.length) {
      // Across accounts: the chosen users are found in whichever account they are, each row then in theirs.
      await systemRoleHolders.insertFrom(
        ex,
        acrossAccounts(users).select(
          ex,
          { accountId: users.accountId, userId: users.id, systemRoleId: sql<string>`${roleId}::uuid`.as('system_role_id') },
          idIn(users.id, userIds),
        ),
      );
    }
  },

  /** How many of these ids are users, of any account. */
  async countUsers(ex: Executor, ids: readonly string[]): Promise<number> {
    // Across accounts: a system role may be given to a user of any account.
    return ids.length ? acrossAccounts(users).count(ex, inArray(users.id, [...ids])) : 0;
  },

  /** Whom a system role may be given: users of every account, by name, the first 50 matching `search`. */
  async candidates(ex: Executor, search: string | undefined) {
    const term = search?.trim() ? `%${escapeLike(search.trim())}%` : undefined;
    // Across accounts: the super administrator chooses holders among every account's users.
    return acrossAccounts(users)
      .select(
        ex,
        {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          accountName: accounts.name,
        },
        term ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term)) : undefined,
      )
      .innerJoin(accounts, accountOf(users))
      .orderBy(asc(users.firstName), asc(users.lastName))
      .limit(50);
  },
};
