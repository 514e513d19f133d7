import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { emailField, idField, nameField, newPasswordField, OkResponse, wrapped } from './rules.js';
import { PERMISSIONS } from './permissions.js';

export const Ref = z.object({ id: z.string(), name: z.string() });
export type Ref = z.infer<typeof Ref>;

export const Profile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  account: Ref,
  location: Ref.nullable(),
  /** only while working in another account than the user's own (account switching): their own */
  homeAccount: Ref.optional(),
});
export type Profile = z.infer<typeof Profile>;

export const getProfile = operation({
  method: 'GET',
  path: '/api/profile',
  access: authenticated,
  tag: 'profile',
  summary: 'The signed-in user',
  response: Profile,
});

export const UpdateProfileInput = z.object({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(),
  /**
   * Needed to change the email (sign-in moves with it, so a session left open must not be able
   * to take the account over); names change without it (docs/decisions/0051).
   */
  currentPassword: z.string().max(256, 'must be at most 256 characters').optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;
/**
 * The profile after a change. A new email is not taken at once: a link to confirm it goes to the
 * new address (the same answer whether or not another user has it, decision 0142), and
 * `emailConfirmationSentTo` names the address it went to.
 */
export const ProfileUpdate = Profile.extend({ emailConfirmationSentTo: z.string().optional() });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
export const updateProfile = operation({
  method: 'POST',
  path: '/api/profile',
  access: authenticated,
  tag: 'profile',
  summary: 'Change own name; a new email is confirmed by a link sent to it',
  body: wrapped(UpdateProfileInput),
  response: ProfileUpdate,
});

export const ChangePasswordInput = z.object({
  currentPassword: z.string().min(1, 'is required').max(256),
  newPassword: newPasswordField(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
export const changePassword = operation({
  method: 'POST',
  path: '/api/profile/password',
  access: authenticated,
  tag: 'profile',
  summary: 'Change own password; signs out every other session',
  body: wrapped(ChangePasswordInput),
  response: OkResponse,
});

/**
 * The Schedule's "Get started" list, as this person left it (decision 0193): put away, or not. Kept
 * with the user on the server, so it follows them from computer to computer.
 */
export const GettingStarted = z.object({ dismissed: z.boolean() });
export type GettingStarted = z.infer<typeof GettingStarted>;
export const getGettingStarted = operation({
  method: 'GET',
  path: '/api/profile/gettingStarted',
  access: authenticated,
  tag: 'profile',
  summary: 'Whether the signed-in user put the Get started list away',
  response: GettingStarted,
});
export const updateGettingStarted = operation({
  method: 'POST',
  path: '/api/profile/gettingStarted',
  access: authenticated,
  tag: 'profile',
  summary: 'Put the Get started list away (or bring it back) for the signed-in user',
  body: wrapped(GettingStarted),
  response: GettingStarted,
});

export const UpdateAccountIdInput = z.object({ newAccountId: idField() });
export const updateAccountId = operation({
  method: 'POST',
  path: '/api/profile/updateAccountId',
  access: anyOf('system.switch_account:all', 'system.switch_account:premium'),
  tag: 'profile',
  summary: 'Switch the session to another account',
  body: wrapped(UpdateAccountIdInput),
  response: Profile,
});

export const RoleSummary = z.object({ id: z.string(), name: z.string(), kind: z.enum(['account', 'system']) });
export const UserPermissionsResponse = z.object({
  permissions: z.array(z.enum(PERMISSIONS)),
  roles: z.array(RoleSummary),
});
export type UserPermissionsResponse = z.infer<typeof UserPermissionsResponse>;
export const getUserPermissions = operation({
  method: 'GET',
  path: '/api/user/permissions',
  access: authenticated,
  tag: 'profile',
  summary: 'What the signed-in user may do here',
  response: UserPermissionsResponse,
});
