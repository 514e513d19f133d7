import {
  ACCOUNT_ROLE_PERMISSIONS,
  PERMISSIONS,
  PREDEFINED_ACCOUNT_ROLES,
  type Permission,
  type Role,
  type RoleInput,
} from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { rolesRepository, systemRolesRepository, type RoleRow, type SystemRoleRow } from './roles.repository.js';

/** What each predefined role may do when an account is created; administrators can edit them. */
export const PREDEFINED_ROLE_PERMISSIONS: Record<(typeof PREDEFINED_ACCOUNT_ROLES)[number], Permission[]> = {
  Administrator: ACCOUNT_ROLE_PERMISSIONS,
  Veterinarian: ['appointments.primary_provider', 'analytics.view'],
  Assistant: ['appointments.secondary_provider'],
  'Front Desk': [],
};
export const SUPER_ADMINISTRATOR = 'Super Administrator';

export async function createPredefinedRoles(ex: Executor, scope: Scope) {
  const ids = {} as Record<(typeof PREDEFINED_ACCOUNT_ROLES)[number], string>;
  for (const name of PREDEFINED_ACCOUNT_ROLES) {
    const row = await rolesRepository.insert(ex, scope, { name, predefined: true, permissions: PREDEFINED_ROLE_PERMISSIONS[name] });
    ids[name] = row.id;
  }
  return ids;
}

/**
 * Who holds which role is kept by the users feature above this one (users/role-holders.repository.ts,
 * decision 0172); the container hands it in.
 */
export interface RoleHolders {
  /** Each (role, member) pair of the account's roles. */
  ofAccountRoles(ex: Executor, scope: Scope): Promise<{ roleId: string; userId: string }[]>;
  /** Whether every id is a user of the account. */
  allUsersExist(ex: Executor, scope: Scope, userIds: readonly string[]): Promise<boolean>;
  setAccountRoleMembers(ex: Executor, scope: Scope, roleId: string, userIds: readonly string[]): Promise<void>;
  /** Each (system role, holder) pair, of every account. */
  ofSystemRoles(ex: Executor): Promise<{ systemRoleId: string; userId: string }[]>;
  /** How many of these ids are users, of any account. */
  countUsers(ex: Executor, ids: readonly string[]): Promise<number>;
  setSystemRoleHolders(ex: Executor, roleId: string, userIds: readonly string[]): Promise<void>;
  /** Whom a system role may be given: users of every account matching `search`. */
  candidates(ex: Executor, search: string | undefined): Promise<{ id: string; firstName: string; lastName: string; email: string; accountName: string }[]>;
}

const membersOf = (rows: RoleRow[], pairs: { roleId: string; userId: string }[]) =>
  rows.map((r) => ({ ...r, userIds: pairs.filter((m) => m.roleId === r.id).map((m) => m.userId) }));
const holdersOf = (rows: SystemRoleRow[], pairs: { systemRoleId: string; userId: string }[]) =>
  rows.map((r) => ({ ...r, userIds: pairs.filter((m) => m.systemRoleId === r.id).map((m) => m.userId) }));

const toRole = (
  row: { id: string; name: string; predefined: boolean; permissions: string[]; userIds: string[] },
  kind: Role['kind'],
): Role => ({
  id: row.id,
  name: row.name,
  kind,
  predefined: row.predefined,
  permissions: row.permissions.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
  userIds: row.userIds,
});

export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly holders: RoleHolders,
  ) {}

  private async listWithMembers(scope: Scope) {
    return membersOf(await rolesRepository.listByName(this.db, scope), await this.holders.ofAccountRoles(this.db, scope));
  }

  async list(auth: AuthContext): Promise<Role[]> {
    return (await this.listWithMembers(auth)).map((r) => toRole(r, 'account'));
  }

  private async one(scope: Scope, id: string): Promise<Role> {
    const role = (await this.listWithMembers(scope)).find((r) => r.id === id);
    if (!role) throw notFound();
    return toRole(role, 'account');
  }

  private assertAccountPermissions(permissions: readonly string[] | undefined) {
    if (permissions?.some((p) => !(ACCOUNT_ROLE_PERMISSIONS as string[]).includes(p))) {
      throw badRequest('permissions: system permissions can only be given by system roles');
    }
  }

  private async assertMembers(scope: Scope, userIds: string[] | undefined) {
    if (userIds && !(await this.holders.allUsersExist(this.db, scope, userIds))) throw badRequest('userIds: unknown user');
  }

  async create(auth: AuthContext, input: RoleInput): Promise<Role> {
    this.assertAccountPermissions(input.permissions);
    await this.assertMembers(auth, input.userIds);
    if (await rolesRepository.findByName(this.db, auth, input.name)) throw conflict('A role with this name already exists');
    const id = await this.db.transaction(async (tx) => {
      const row = await rolesRepository.insert(tx, auth, { name: input.name, permissions: input.permissions });
      if (input.userIds) await this.holders.setAccountRoleMembers(tx, auth, row.id, [...new Set(input.userIds)]);
      return row.id;
    });
    return this.one(auth, id);
  }

  async update(auth: AuthContext, id: string, input: Partial<RoleInput>): Promise<Role> {
    const existing = await rolesRepository.findById(this.db, auth, id);
    if (!existing) throw notFound();
    if (input.name !== undefined && input.name !== existing.name) {
      if (existing.predefined) throw badRequest('Predefined roles cannot be renamed');
      const clash = await rolesRepository.findByName(this.db, auth, input.name);
      if (clash && clash.id !== id) throw conflict('A role with this name already exists');
    }
    this.assertAccountPermissions(input.permissions);
    await this.assertMembers(auth, input.userIds);
    await this.db.transaction(async (tx) => {
      await rolesRepository.update(tx, auth, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.permissions !== undefined && { permissions: input.permissions }),
      });
      if (input.userIds) await this.holders.setAccountRoleMembers(tx, auth, id, [...new Set(input.userIds)]);
    });
    return this.one(auth, id);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const existing = await rolesRepository.findById(this.db, auth, id);
    if (!existing) throw notFound();
    if (existing.predefined) throw badRequest('Predefined roles cannot be deleted');
    await rolesRepository.remove(this.db, auth, id);
  }

  // ----- system roles -----
  async listSystem(): Promise<Role[]> {
    const rows = holdersOf(await systemRolesRepository.list(this.db), await this.holders.ofSystemRoles(this.db));
    return rows.map((r) => toRole(r, 'system'));
  }

  private async oneSystem(id: string): Promise<Role> {
    const role = (await this.listSystem()).find((r) => r.id === id);
    if (!role) throw notFound();
    return role;
  }

  private async assertSystemMembers(userIds: string[] | undefined) {
    if (!userIds?.length) return;
    const unique = [...new Set(userIds)];
    if ((await this.holders.countUsers(this.db, unique)) !== unique.length) throw badRequest('userIds: unknown user');
  }

  async createSystem(input: RoleInput): Promise<Role> {
    await this.assertSystemMembers(input.userIds);
    if (await systemRolesRepository.findByName(this.db, input.name)) throw conflict('A role with this name already exists');
    const id = await this.db.transaction(async (tx) => {
      const row = await systemRolesRepository.insert(tx, { name: input.name, permissions: input.permissions });
      if (input.userIds) await this.holders.setSystemRoleHolders(tx, row.id, [...new Set(input.userIds)]);
      return row.id;
    });
    return this.oneSystem(id);
  }

  async updateSystem(auth: AuthContext, id: string, input: Partial<RoleInput>): Promise<Role> {
    const existing = await systemRolesRepository.findById(this.db, id);
    if (!existing) throw notFound();
    if (existing.predefined) {
      if (input.name !== undefined && input.name !== existing.name) throw badRequest('Predefined roles cannot be renamed');
      if (input.permissions && !input.permissions.includes('system.admin'))
        throw badRequest('The Super Administrator role must keep system.admin');
      // Nobody can lock the product out of its own administration by accident.
      if (input.userIds && !input.userIds.includes(auth.userId))
        throw badRequest('You cannot remove yourself from the Super Administrator role');
    }
    if (input.name !== undefined) {
      const clash = await systemRolesRepository.findByName(this.db, input.name);
      if (clash && clash.id !== id) throw conflict('A role with this name already exists');
    }
    await this.assertSystemMembers(input.userIds);
    await this.db.transaction(async (tx) => {
      await systemRolesRepository.update(tx, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.permissions !== undefined && { permissions: input.permissions }),
      });
      if (input.userIds) await this.holders.setSystemRoleHolders(tx, id, [...new Set(input.userIds)]);
    });
    return this.oneSystem(id);
  }

  async removeSystem(id: string): Promise<void> {
    const existing = await systemRolesRepository.findById(this.db, id);
    if (!existing) throw notFound();
    if (existing.predefined) throw badRequest('Predefined roles cannot be deleted');
    await systemRolesRepository.remove(this.db, id);
  }

  candidates(search: string | undefined) {
    return this.holders.candidates(this.db, search);
  }
}
