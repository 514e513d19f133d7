import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, IdParams, nameField, OkResponse, wrapped, patchOf } from './rules.js';
import { PERMISSIONS } from './permissions.js';

export const Role = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['account', 'system']),
  predefined: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  userIds: z.array(z.string()),
});
export type Role = z.infer<typeof Role>;
export const RoleInput = z.object({
  name: nameField(60),
  permissions: z.array(z.enum(PERMISSIONS)),
  userIds: z.array(idField()).optional(),
});
export type RoleInput = z.infer<typeof RoleInput>;

export const roleOps = crudOperations({
  path: '/api/role',
  tag: 'roles',
  noun: 'role',
  entity: Role,
  read: authenticated,
  write: anyOf('permissions.manage'),
  list: { query: z.object({}), summary: 'The account’s roles' },
  create: { input: RoleInput, summary: 'Create a custom role' },
  update: { input: patchOf(RoleInput), summary: 'Change a role’s name, permissions or members' },
  remove: { summary: 'Delete a custom role' },
});
export const { list: listRoles, create: createRole, update: updateRole, remove: deleteRole } = roleOps;
export const listSystemRoles = operation({
  method: 'GET',
  path: '/api/role/system',
  access: anyOf('system.admin'),
  tag: 'roles',
  summary: 'System roles',
  response: z.array(Role),
});
export const createSystemRole = operation({
  method: 'POST',
  path: '/api/role/system',
  access: anyOf('system.admin'),
  tag: 'roles',
  summary: 'Create a system role',
  body: wrapped(RoleInput),
  response: Role,
  status: 201,
});
export const updateSystemRole = operation({
  method: 'POST',
  path: '/api/role/system/{id}',
  access: anyOf('system.admin'),
  tag: 'roles',
  summary: 'Change a system role',
  params: IdParams,
  body: wrapped(patchOf(RoleInput)),
  response: Role,
});
export const deleteSystemRole = operation({
  method: 'DELETE',
  path: '/api/role/system/{id}',
  access: anyOf('system.admin'),
  tag: 'roles',
  summary: 'Delete a system role',
  params: IdParams,
  response: OkResponse,
});
export const SystemRoleCandidate = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accountName: z.string(),
});
export const listSystemRoleCandidates = operation({
  method: 'GET',
  path: '/api/role/system/users',
  access: anyOf('system.admin'),
  tag: 'roles',
  summary: 'Users of every account, to grant system roles to (search by name or email)',
  query: z.object({ search: z.string().max(100).optional() }),
  response: z.array(SystemRoleCandidate),
});
