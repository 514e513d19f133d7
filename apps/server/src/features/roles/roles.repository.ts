import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import { idIn, tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { accounts } from '../accounts/accounts.table.js';
import { users } from '../users/users.table.js';
import { roles, systemRoles, userRoles, userSystemRoles } from './roles.table.js';

const base = tenantRepository(roles);
export type RoleRow = typeof roles.$inferSelect;
export type SystemRoleRow = typeof systemRoles.$inferSelect;

export const rolesRepository = {
  ...base,

  async listWithMembers(ex: Executor, scope: Scope): Promise<(RoleRow & { userIds: string[] })[]> {
    const rows = await base.list(ex, scope, { orderBy: [asc(roles.name)] });
    const members = await ex
      .select({ roleId: userRoles.roleId, userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.accountId, scope.accountId));
    return rows.map((r) => ({ ...r, userIds: members.filter((m) => m.roleId === r.id).map((m) => m.userId) }));
  },

  async findByName(ex: Executor, scope: Scope, name: string): Promise<RoleRow | undefined> {
    const [row] = await base.list(ex, scope, { where: eq(sql`lower(${roles.name})`, name.toLowerCase()), limit: 1 });
    return row;
  },

  async setMembers(ex: Executor, scope: Scope, roleId: string, userIds: string[]): Promise<void> {
    await ex.delete(userRoles).where(and(eq(userRoles.accountId, scope.accountId), eq(userRoles.roleId, roleId)));
    if (userIds.length)
      await ex.insert(userRoles).values(userIds.map((userId) => ({ accountId: scope.accountId, userId, roleId })));
  },

  /**
   * What a user holds while working in `accountId`: their system roles everywhere, and their
   * account roles only in their own account.
   */
  async grantsFor(ex: Executor, userId: string, accountId: string, homeAccountId: string) {
    const system = await ex
      .select({ id: systemRoles.id, name: systemRoles.name, permissions: systemRoles.permissions })
      .from(userSystemRoles)
      .innerJoin(systemRoles, eq(systemRoles.id, userSystemRoles.systemRoleId))
      .where(eq(userSystemRoles.userId, userId));
    const account =
      accountId === homeAccountId
        ? await ex
            .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(and(eq(userRoles.accountId, accountId), eq(userRoles.userId, userId)))
        : [];
    return [
      ...system.map((r) => ({ ...r, kind: 'system' as const })),
      ...account.map((r) => ({ ...r, kind: 'account' as const })),
    ];
  },
};

export const systemRolesRepository = {
  async listWithMembers(ex: Executor): Promise<(SystemRoleRow & { userIds: string[] })[]> {
    const rows = await ex.select().from(systemRoles).orderBy(asc(systemRoles.name));
    const members = await ex.select().from(userSystemRoles);
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
    await ex.delete(userSystemRoles).where(eq(userSystemRoles.systemRoleId, roleId));
    // Platform-wide: a holder may be a user of any account; the row lives in that user's account.
    if (userIds.length) {
      await ex
        .insert(userSystemRoles)
        .select(ex.select({ accountId: users.accountId, userId: users.id, systemRoleId: sql<string>`${roleId}::uuid`.as('system_role_id') }).from(users).where(idIn(users.id, userIds)));
    }
  },
  async countUsers(ex: Executor, ids: string[]): Promise<number> {
    return ids.length ? ex.$count(users, inArray(users.id, ids)) : 0;
  },
  async candidates(ex: Executor, search: string | undefined) {
    const term = search?.trim() ? `%${escapeLike(search.trim())}%` : undefined;
    return ex
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        accountName: accounts.name,
      })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(term ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term)) : undefined)
      .orderBy(asc(users.firstName), asc(users.lastName))
      .limit(50);
  },
};
