import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { emailField, idField, IdParams, nameField, newPasswordField, OkResponse, passwordOwnerRule, queryBoolean, wrapped, patchOf } from './rules.js';
import { PERMISSIONS } from './permissions.js';

/** What staff are told of a provider's locations (decision 0192). */
export const USER_MESSAGES = {
  /** under the Locations field: a provider is booked at their locations, so one without any never could be */
  providerNeedsLocation: 'A provider needs at least one location, or they cannot be booked',
  /** the flag beside a provider without a location (the users list, where staff are picked) */
  providerWithoutLocation: 'No location: can’t be booked',
} as const;

export const User = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  /** no password yet: invited and not signed up (or signs in only by code, link or Google) */
  invitationPending: z.boolean(),
  roleIds: z.array(z.string()),
  locationIds: z.array(z.string()),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
});
export type User = z.infer<typeof User>;
const UserFields = z.object({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(),
  phone: z.string().trim().max(40, 'must be at most 40 characters').nullable().default(null),
  password: newPasswordField(),
  isActive: z.boolean().default(true),
  roleIds: z.array(idField()).default([]),
  locationIds: z.array(idField()).default([]),
});
/**
 * Without a password the user is invited: an email with a link to set their own (decision 0089),
 * which needs the portal's mail (503 'Email is not set up for this portal' otherwise).
 */
export const CreateUserInput = UserFields.extend({ password: newPasswordField().optional() }).superRefine(passwordOwnerRule('password'));
export type CreateUserInput = z.input<typeof CreateUserInput>;
export const UpdateUserInput = patchOf(UserFields.omit({ password: true, isActive: true }))
  .extend({ password: newPasswordField().optional() })
  .superRefine(passwordOwnerRule('password'));
export type UpdateUserInput = z.input<typeof UpdateUserInput>;
export const ListUsersQuery = z.object({
  locationId: idField().optional(),
  includePermissions: queryBoolean().optional(),
});
export const listUsers = operation({
  method: 'GET',
  path: '/api/user',
  access: authenticated,
  tag: 'users',
  summary: 'Users of the account, sorted by firstName',
  query: ListUsersQuery,
  response: z.array(User),
});
export const getUser = operation({
  method: 'GET',
  path: '/api/user/{id}',
  access: authenticated,
  tag: 'users',
  summary: 'One user',
  params: IdParams,
  response: User,
});
export const createUser = operation({
  method: 'POST',
  path: '/api/user',
  access: anyOf('users.manage'),
  tag: 'users',
  summary: 'Create a user',
  body: wrapped(CreateUserInput),
  response: User,
  status: 201,
});
export const updateUser = operation({
  method: 'POST',
  path: '/api/user/{id}',
  access: anyOf('users.manage'),
  deniedStatus: 401,
  tag: 'users',
  summary: 'Update a user',
  params: IdParams,
  body: wrapped(UpdateUserInput),
  response: User,
});
export const deleteUser = operation({
  method: 'DELETE',
  path: '/api/user/{id}',
  access: anyOf('users.manage'),
  deniedStatus: 401,
  tag: 'users',
  summary: 'Delete a user',
  params: IdParams,
  response: OkResponse,
});
export const resendInvitation = operation({
  method: 'POST',
  path: '/api/user/{id}/invite',
  access: anyOf('users.manage'),
  deniedStatus: 401,
  tag: 'users',
  summary: 'Email the user a new invitation link (an earlier one stops working); only for a user without a password',
  params: IdParams,
  response: OkResponse,
});
export const toggleUserActivation = operation({
  method: 'POST',
  path: '/api/user/{id}/toggleActivation',
  access: anyOf('users.manage'),
  deniedStatus: 401,
  tag: 'users',
  summary: 'Activate or deactivate a user (402 at the tier’s limit)',
  params: IdParams,
  body: wrapped(z.object({ isActive: z.boolean() })),
  response: User,
});
