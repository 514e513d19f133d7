import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import {
  accountOf,
  acrossAccounts,
  idIn,
  scopedTable,
  tenantRepository,
  type AccountKeyed,
  type Scope,
} from '../../platform/tenant-repository.js';
import { linkTable } from '../../platform/tenant-row-sets.js';
import { accounts } from '../accounts/accounts.table.js';
import { users } from '../users/users.table.js';
import { roles, systemRoles, userRoles, userSystemRoles } from './roles.table.js';

const base = tenantRepository(roles);
/** A role's members: user_roles seen from the role. */
const roleMembers = linkTable(userRoles, userRoles.roleId, userRoles.userId);
/** Holders of system roles: each row lives in its holder's own account. */
const systemRoleHolders = scopedTable(userSystemRoles);
export type RoleRow = typeof roles.$inferSelect;
export type SystemRoleRow = typeof systemRoles.$inferSelect;

export const rolesRepository = {
  ...base,

  async listWithMembers(ex: Executor, scope: Scope): Promise<(RoleRow & { userIds: string[] })[]> {
    const rows = await base.list(ex, scope, { orderBy: [asc(roles.name)] });
    const members = await roleMembers.select(ex, scope, { roleId: userRoles.roleId, userId: userRoles.userId });
    return rows.map((r) => ({ ...r, userIds: members.filter((m) => m.roleId === r.id).map((m) => m.userId) }));
  },

  async findByName(ex: Executor, scope: Scope, name: string): Promise<RoleRow | undefined> {
    const [row] = await base.list(ex, scope, { where: eq(sql`lower(${roles.name})`, name.toLowerCase()), limit: 1 });
    return row;
  },

  async setMembers(ex: Executor, scope: Scope, roleId: string, userIds: string[]): Promise<void> {
    await roleMembers.replace(ex, scope, roleId, userIds);
  },

  /**
   * A condition for a query on users: the user whose id is `userId` (a column of `outer`) holds
   * one of `permissions` through a role of their account. System roles are not looked at.
   */
  grantsAny(outer: AccountKeyed, userId: PgColumn, permissions: readonly string[]): SQL {
    const wanted = sql`array[${sql.join(
      permissions.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]`;
    const granting = base.existsFor(userRoles, and(eq(roles.id, userRoles.roleId), sql`${roles.permissions} && ${wanted}`));
    return roleMembers.existsFor(outer, and(eq(userRoles.userId, userId), granting));
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
            .innerJoin(roles, roleMembers.joined(roles, eq(roles.id, userRoles.roleId)))
        : [];
    return [...system.map((r) => ({ ...r, kind: 'system' as const })), ...account.map((r) => ({ ...r, kind: 'account' as const }))];
  },
};

export const systemRolesRepository = {
  async listWithMembers(ex: Executor): Promise<(SystemRoleRow & { userIds: string[] })[]> {
    const rows = await ex.select().from(systemRoles).orderBy(asc(systemRoles.name));
    // Across accounts: the platform's own administration lists every holder, of any account.
    const members = await acrossAccounts(userSystemRoles).select(ex, { systemRoleId: userSystemRoles.systemRoleId, userId: userSystemRoles.userId });
    return rows.map((r) => ({ ...r, userIds: members.filter((m) => m.systemRoleId === r.id).map((m) => m.userId) }));
  },
  async findById(ex: Executor, id: string): Promise<SystemRoleRow | undefined> {
    const [row] = await ex.select().from(systemRoles).where(eq(systemRoles.id, id)).limit(1);
    return row;
  },
  async findByName(ex: Executor, name: string): Promise<SystemRoleRow | undefined> {
    const [row] = await ex
      .select()
      .from(systemRoles)
      .where(eq(sql`lower(${systemRoles.name})`, name.toLowerCase()))
      .limit(1);
    return row;
  },
  async insert(ex: Executor, values: Pick<SystemRoleRow, 'name' | 'permissions'> & { predefined?: boolean }) {
    const [row] = await ex.insert(systemRoles).values(values).returning();
    return row!;
  },
  async update(ex: Executor, id: string, patch: Partial<Pick<SystemRoleRow, 'name' | 'permissions'>>) {
    if (Object.keys(patch).length === 0) return this.findById(ex, id);
    const [row] = await ex.update(systemRoles).set(patch).where(eq(systemRoles.id, id)).returning();
    return row;
  },
  async remove(ex: Executor, id: string): Promise<void> {
    await ex.delete(systemRoles).where(eq(systemRoles.id, id));
  },
  async setMembers(ex: Executor, roleId: string, userIds: string[]): Promise<void> {
    // Platform-wide: a holder may be a user of any account; the row lives in that user's account.
    await acrossAccounts(userSystemRoles).removeWhere(ex, eq(userSystemRoles.systemRoleId, roleId));
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
  async countUsers(ex: Executor, ids: string[]): Promise<number> {
    // Across accounts: a system role may be given to a user of any account.
    return ids.length ? acrossAccounts(users).count(ex, inArray(users.id, ids)) : 0;
  },
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
