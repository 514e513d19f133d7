import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { noticeSessions } from '../../platform/session-notices.repository.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { roles, systemRoles } from './roles.table.js';

// Roles and what they grant; who holds them is the users feature's (users/role-holders.repository.ts).
const base = tenantRepository(roles);
export type RoleRow = typeof roles.$inferSelect;
export type SystemRoleRow = typeof systemRoles.$inferSelect;

export const rolesRepository = {
  ...base,

  /** What a role grants changes for every holder: the account's checked sessions are dropped. */
  async update(ex: Executor, scope: Scope, id: string, patch: Parameters<typeof base.update>[3]): Promise<RoleRow | undefined> {
    await noticeSessions(ex, `a:${scope.accountId}`);
    return base.update(ex, scope, id, patch);
  },

  async remove(ex: Executor, scope: Scope, id: string): Promise<boolean> {
    await noticeSessions(ex, `a:${scope.accountId}`);
    return base.remove(ex, scope, id);
  },

  async listByName(ex: Executor, scope: Scope): Promise<RoleRow[]> {
    return base.list(ex, scope, { orderBy: [asc(roles.name)] });
  },

  async findByName(ex: Executor, scope: Scope, name: string): Promise<RoleRow | undefined> {
    const [row] = await base.list(ex, scope, { where: eq(sql`lower(${roles.name})`, name.toLowerCase()), limit: 1 });
    return row;
  },
};

export const systemRolesRepository = {
  async list(ex: Executor): Promise<SystemRoleRow[]> {
    return ex.select().from(systemRoles).orderBy(asc(systemRoles.name));
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
    await noticeSessions(ex, '*');
    const [row] = await ex.update(systemRoles).set(patch).where(eq(systemRoles.id, id)).returning();
    return row;
  },
  async remove(ex: Executor, id: string): Promise<void> {
    await noticeSessions(ex, '*');
    await ex.delete(systemRoles).where(eq(systemRoles.id, id));
  },
};
