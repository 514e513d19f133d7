import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let practice: TestAccount;
let other: TestAccount;
let manager: Client & { userId: string };
let superAdmin: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx, 'premium', 'Roles Practice');
  other = await createAccount(ctx, 'premium', 'Other Practice');
  manager = await createUser(ctx, practice, ['permissions.manage']);
  superAdmin = await createUser(ctx, practice, [], { system: ['system.admin'] });
});
afterAll(() => ctx?.close());

const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';
const ROLE_TAKEN = 'A role with this name already exists';
const uniqueName = (prefix = 'Role') => `${prefix} ${randomUUID().slice(0, 8)}`;

async function createRole(client: Client, data: Record<string, unknown>) {
  const res = await client.call(api.createRole, { body: { data: { permissions: [], ...data } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.Role;
}
const listRoles = async (client: Client) => (await client.call(api.listRoles)).json() as api.Role[];
const roleIn = async (client: Client, id: string) => (await listRoles(client)).find((r) => r.id === id);

describe('GET /api/role', () => {
  it('lists the roles of the account with their members, for any signed-in user', async () => {
    const own = await createAccount(ctx, 'premium');
    const admin = (await own.admin.call(api.getProfile)).json() as api.Profile;
    const staff = await createUser(ctx, own);
    const res = await staff.call(api.listRoles);
    expect(res.statusCode).toBe(200);
    const roles = res.json() as api.Role[];
    expect(roles.map((r) => r.name)).toEqual(['Administrator', 'Assistant', 'Front Desk', 'Veterinarian']);
    expect(roles.find((r) => r.name === 'Administrator')).toEqual({
      id: own.roles.Administrator,
      name: 'Administrator',
      kind: 'account',
      predefined: true,
      permissions: api.ACCOUNT_ROLE_PERMISSIONS,
      userIds: [admin.id],
    });
    expect(roles.find((r) => r.name === 'Front Desk')).toMatchObject({ permissions: [], userIds: [] });
  });
});

describe('POST /api/role', () => {
  it('creates a custom role whose members gain its permissions', async () => {
    const member = await createUser(ctx, practice);
    const name = uniqueName();
    const res = await manager.call(api.createRole, { body: { data: { name: ` ${name} `, permissions: ['reports.export', 'analytics.view'], userIds: [member.userId] } } });
    expect(res.statusCode).toBe(201);
    const role = res.json() as api.Role;
    expect(role).toEqual({ id: expect.any(String), name, kind: 'account', predefined: false, permissions: ['reports.export', 'analytics.view'], userIds: [member.userId] });
    expect(await roleIn(manager, role.id)).toEqual(role);
    const held = (await member.call(api.getUserPermissions)).json() as api.UserPermissionsResponse;
    expect(held.permissions).toEqual(['analytics.view', 'reports.export']);
    expect(held.roles).toEqual([{ id: role.id, name, kind: 'account' }]);
  });

  it('answers 400 to system permissions on an account role', async () => {
    for (const permission of api.SYSTEM_ONLY_PERMISSIONS) {
      const name = uniqueName();
      const res = await manager.call(api.createRole, { body: { data: { name, permissions: ['users.manage', permission] } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('permissions: system permissions can only be given by system roles');
      expect((await listRoles(manager)).some((r) => r.name === name)).toBe(false);
    }
  });

  it('answers 409 for a name the account already uses, whatever the case', async () => {
    const role = await createRole(manager, { name: uniqueName() });
    const res = await manager.call(api.createRole, { body: { data: { name: role.name.toUpperCase(), permissions: [] } } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(ROLE_TAKEN);
    expect((await manager.call(api.createRole, { body: { data: { name: 'administrator', permissions: [] } } })).statusCode).toBe(409);
  });

  it('allows a name another account uses', async () => {
    const name = uniqueName();
    await createRole(other.admin, { name });
    await createRole(manager, { name });
  });

  it("answers 400 for members of another account", async () => {
    const theirs = await createUser(ctx, other);
    const name = uniqueName();
    const res = await manager.call(api.createRole, { body: { data: { name, permissions: [], userIds: [theirs.userId] } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('userIds: unknown user');
    expect((await listRoles(manager)).some((r) => r.name === name)).toBe(false);
  });

  it('answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ permissions: [] }, 'name: is required'],
      [{ name: uniqueName() }, 'permissions: is required'],
      [{ name: 'Cats & Dogs', permissions: [] }, AMPERSAND],
      [{ name: 'x'.repeat(61), permissions: [] }, 'name: must be at most 60 characters'],
      [{ name: uniqueName(), permissions: [], userIds: ['nope'] }, 'userIds.0: must be a valid id'],
    ];
    for (const [data, message] of cases) {
      const res = await manager.call(api.createRole, { body: { data } });
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const unknown = await manager.call(api.createRole, { body: { data: { name: uniqueName(), permissions: ['no.such'] } } });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatch(/^permissions\.0: /);
  });

  it('answers 403 without permissions.manage', async () => {
    const staff = await createUser(ctx, practice, ['users.manage']);
    expect((await staff.call(api.createRole, { body: { data: { name: uniqueName(), permissions: [] } } })).statusCode).toBe(403);
  });
});

describe('POST /api/role/{id}', () => {
  it('renames a custom role and changes its permissions and members', async () => {
    const member = await createUser(ctx, practice);
    const role = await createRole(manager, { name: uniqueName(), permissions: ['analytics.view'] });
    const name = uniqueName('Renamed');
    const res = await manager.call(api.updateRole, { params: { id: role.id }, body: { data: { name, permissions: ['reports.export'], userIds: [member.userId] } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...role, name, permissions: ['reports.export'], userIds: [member.userId] });
    expect(await roleIn(manager, role.id)).toEqual(res.json());
    expect(((await member.call(api.getUserPermissions)).json() as api.UserPermissionsResponse).permissions).toEqual(['reports.export']);

    const partial = await manager.call(api.updateRole, { params: { id: role.id }, body: { data: { permissions: [] } } });
    expect(partial.json()).toEqual({ ...role, name, permissions: [], userIds: [member.userId] });
  });

  it('lets the permissions of a predefined role change, but never its name', async () => {
    const own = await createAccount(ctx, 'premium');
    const id = own.roles['Front Desk']!;
    const changed = await own.admin.call(api.updateRole, { params: { id }, body: { data: { permissions: ['analytics.view'] } } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Front Desk', predefined: true, permissions: ['analytics.view'] });

    const renamed = await own.admin.call(api.updateRole, { params: { id }, body: { data: { name: 'Reception' } } });
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed)).toBe('Predefined roles cannot be renamed');
    expect((await roleIn(own.admin, id))?.name).toBe('Front Desk');
    expect((await own.admin.call(api.updateRole, { params: { id }, body: { data: { name: 'Front Desk' } } })).statusCode).toBe(200);
  });

  it('answers 400 to system permissions and 409 to a name in use', async () => {
    const role = await createRole(manager, { name: uniqueName() });
    const system = await manager.call(api.updateRole, { params: { id: role.id }, body: { data: { permissions: ['system.admin'] } } });
    expect(system.statusCode).toBe(400);
    expect(errorOf(system)).toBe('permissions: system permissions can only be given by system roles');
    const taken = await manager.call(api.updateRole, { params: { id: role.id }, body: { data: { name: 'Veterinarian' } } });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(ROLE_TAKEN);
    const amp = await manager.call(api.updateRole, { params: { id: role.id }, body: { data: { name: 'Vets & Techs' } } });
    expect(errorOf(amp)).toBe(AMPERSAND);
    expect(await roleIn(manager, role.id)).toEqual(role);
  });

  it('answers 404 for an unknown role', async () => {
    expect((await manager.call(api.updateRole, { params: { id: randomUUID() }, body: { data: { permissions: [] } } })).statusCode).toBe(404);
  });
});

describe('DELETE /api/role/{id}', () => {
  it('deletes a custom role; its members lose its permissions', async () => {
    const member = await createUser(ctx, practice);
    const role = await createRole(manager, { name: uniqueName(), permissions: ['analytics.view'], userIds: [member.userId] });
    const res = await manager.call(api.deleteRole, { params: { id: role.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await roleIn(manager, role.id)).toBeUndefined();
    expect((await member.call(api.getUserPermissions)).json()).toEqual({ permissions: [], roles: [] });
  });

  it('answers 400 for a predefined role', async () => {
    const res = await manager.call(api.deleteRole, { params: { id: practice.roles.Veterinarian! } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Predefined roles cannot be deleted');
    expect(await roleIn(manager, practice.roles.Veterinarian!)).toBeDefined();
  });

  it('answers 403 without permissions.manage and 404 for an unknown role', async () => {
    const role = await createRole(manager, { name: uniqueName() });
    const staff = await createUser(ctx, practice);
    expect((await staff.call(api.deleteRole, { params: { id: role.id } })).statusCode).toBe(403);
    expect(await roleIn(manager, role.id)).toBeDefined();
    expect((await manager.call(api.deleteRole, { params: { id: randomUUID() } })).statusCode).toBe(404);
  });
});

describe('system roles', () => {
  const superRole = async () => ((await superAdmin.call(api.listSystemRoles)).json() as api.Role[]).find((r) => r.name === 'Super Administrator')!;

  it('lists the system roles, the Super Administrator among them', async () => {
    const res = await superAdmin.call(api.listSystemRoles);
    expect(res.statusCode).toBe(200);
    const role = (res.json() as api.Role[]).find((r) => r.name === 'Super Administrator');
    expect(role).toMatchObject({ kind: 'system', predefined: true, permissions: ['system.admin'] });
    expect(role?.userIds).toContain(superAdmin.userId);
  });

  it('creates, updates and deletes a system role; members gain its permissions in any account', async () => {
    const member = await createUser(ctx, other);
    const name = uniqueName('Support');
    const created = await superAdmin.call(api.createSystemRole, { body: { data: { name, permissions: ['system.switch_account:premium'], userIds: [member.userId] } } });
    expect(created.statusCode).toBe(201);
    const role = created.json() as api.Role;
    expect(role).toEqual({ id: expect.any(String), name, kind: 'system', predefined: false, permissions: ['system.switch_account:premium'], userIds: [member.userId] });
    expect(((await superAdmin.call(api.listSystemRoles)).json() as api.Role[]).find((r) => r.id === role.id)).toEqual(role);
    expect((await member.call(api.getUserPermissions)).json()).toMatchObject({ permissions: ['system.switch_account:premium'], roles: [{ id: role.id, name, kind: 'system' }] });

    const updated = await superAdmin.call(api.updateSystemRole, { params: { id: role.id }, body: { data: { permissions: ['system.switch_account:all'] } } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...role, permissions: ['system.switch_account:all'] });

    const deleted = await superAdmin.call(api.deleteSystemRole, { params: { id: role.id } });
    expect(deleted.statusCode).toBe(200);
    expect(((await superAdmin.call(api.listSystemRoles)).json() as api.Role[]).some((r) => r.id === role.id)).toBe(false);
    expect((await member.call(api.getUserPermissions)).json()).toEqual({ permissions: [], roles: [] });
  });

  it('answers 409 for a name in use and 400 for & or unknown members', async () => {
    const taken = await superAdmin.call(api.createSystemRole, { body: { data: { name: 'super administrator', permissions: [] } } });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(ROLE_TAKEN);
    const amp = await superAdmin.call(api.createSystemRole, { body: { data: { name: 'Support & Sales', permissions: [] } } });
    expect(amp.statusCode).toBe(400);
    expect(errorOf(amp)).toBe(AMPERSAND);
    const members = await superAdmin.call(api.createSystemRole, { body: { data: { name: uniqueName(), permissions: [], userIds: [randomUUID()] } } });
    expect(members.statusCode).toBe(400);
    expect(errorOf(members)).toBe('userIds: unknown user');
  });

  it('protects the Super Administrator role', async () => {
    const role = await superRole();
    const deleted = await superAdmin.call(api.deleteSystemRole, { params: { id: role.id } });
    expect(deleted.statusCode).toBe(400);
    expect(errorOf(deleted)).toBe('Predefined roles cannot be deleted');
    const renamed = await superAdmin.call(api.updateSystemRole, { params: { id: role.id }, body: { data: { name: 'Root' } } });
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed)).toBe('Predefined roles cannot be renamed');
    const stripped = await superAdmin.call(api.updateSystemRole, { params: { id: role.id }, body: { data: { permissions: [] } } });
    expect(stripped.statusCode).toBe(400);
    expect(errorOf(stripped)).toBe('The Super Administrator role must keep system.admin');
    const leaving = await superAdmin.call(api.updateSystemRole, { params: { id: role.id }, body: { data: { userIds: [] } } });
    expect(leaving.statusCode).toBe(400);
    expect(errorOf(leaving)).toBe('You cannot remove yourself from the Super Administrator role');
    expect(await superRole()).toEqual(role);
  });

  it('lets a super administrator add members to the Super Administrator role', async () => {
    const role = await superRole();
    const newcomer = await createUser(ctx, other);
    const res = await superAdmin.call(api.updateSystemRole, { params: { id: role.id }, body: { data: { userIds: [...role.userIds, newcomer.userId] } } });
    expect(res.statusCode).toBe(200);
    expect(((await newcomer.call(api.getUserPermissions)).json() as api.UserPermissionsResponse).permissions).toEqual(['system.admin']);
  });

  it('answers 403 to everyone but super administrators, even account administrators', async () => {
    const role = await superRole();
    const admin = practice.admin;
    expect((await admin.call(api.listSystemRoles)).statusCode).toBe(403);
    expect((await admin.call(api.listSystemRoleCandidates)).statusCode).toBe(403);
    expect((await admin.call(api.createSystemRole, { body: { data: { name: uniqueName(), permissions: ['system.admin'] } } })).statusCode).toBe(403);
    expect((await admin.call(api.updateSystemRole, { params: { id: role.id }, body: { data: { userIds: [] } } })).statusCode).toBe(403);
    expect((await admin.call(api.deleteSystemRole, { params: { id: role.id } })).statusCode).toBe(403);
    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:all'] });
    expect((await switcher.call(api.listSystemRoles)).statusCode).toBe(403);
  });

  it('searches users of every account by name or email, with their account', async () => {
    const unique = `Zanzibar${randomUUID().slice(0, 6)}`;
    const found = await createUser(ctx, other, [], { firstName: unique });
    const byName = await superAdmin.call(api.listSystemRoleCandidates, { query: { search: unique.toLowerCase() } });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual([{ id: found.userId, firstName: unique, lastName: 'User', email: found.email, accountName: 'Other Practice' }]);
    const byEmail = (await superAdmin.call(api.listSystemRoleCandidates, { query: { search: found.email.slice(5, 20) } })).json() as { id: string }[];
    expect(byEmail.map((c) => c.id)).toEqual([found.userId]);
    // Wildcards are searched for literally.
    expect((await superAdmin.call(api.listSystemRoleCandidates, { query: { search: '%' } })).json()).toEqual([]);
    expect((await superAdmin.call(api.listSystemRoleCandidates, { query: { search: `${unique}_` } })).json()).toEqual([]);
    const everyone = (await superAdmin.call(api.listSystemRoleCandidates)).json() as unknown[];
    expect(everyone.length).toBeGreaterThan(1);
  });
});
