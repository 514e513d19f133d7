import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { emailField, IdParams, nameField, newPasswordField, passwordOwnerRule, queryBoolean, timeZoneField, wrapped } from './rules.js';

export const Account = z.object({
  id: z.string(),
  name: z.string(),
  subscriptionTier: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof Account>;
export const AccountWithDetails = Account.extend({
  details: z.object({ activeUsers: z.number().int(), users: z.number().int(), locations: z.number().int() }).optional(),
});
export type AccountWithDetails = z.infer<typeof AccountWithDetails>;

export const ListAccountsQuery = z.object({
  onlyActive: queryBoolean().optional(),
  includeDetails: queryBoolean().optional(),
});
export const listAllAccounts = operation({
  method: 'GET',
  path: '/api/account/all',
  access: anyOf('system.switch_account:all', 'system.switch_account:premium'),
  tag: 'accounts',
  summary: 'Accounts the user may switch to (premium only for switch_account:premium)',
  query: ListAccountsQuery,
  response: z.array(AccountWithDetails),
});
export const getAccount = operation({
  method: 'GET',
  path: '/api/account',
  access: authenticated,
  tag: 'accounts',
  summary: 'The current account',
  response: Account,
});
export const CreateAccountInput = z.object({
  name: nameField(),
  subscriptionTier: z.string().min(1, 'is required'),
  owner: z
    .object({
      firstName: nameField(),
      lastName: nameField(),
      email: emailField(),
      password: newPasswordField(),
    })
    .superRefine(passwordOwnerRule('password')),
  location: z.object({ name: nameField(), timezone: timeZoneField() }),
});
export type CreateAccountInput = z.infer<typeof CreateAccountInput>;
export const createAccount = operation({
  method: 'POST',
  path: '/api/account',
  access: anyOf('system.admin'),
  tag: 'accounts',
  summary: 'Create an account with its first location and Administrator',
  body: wrapped(CreateAccountInput),
  response: Account,
  status: 201,
});
export const UpdateAccountInput = z.object({
  name: nameField().optional(),
  subscriptionTier: z.string().min(1).optional(),
  isActive: z.boolean().optional(),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountInput>;
export const updateAccount = operation({
  method: 'POST',
  path: '/api/account/{id}',
  access: anyOf('account.manage'),
  tag: 'accounts',
  summary: 'Rename an account; tier and activation are for super administrators',
  params: IdParams,
  body: wrapped(UpdateAccountInput),
  response: Account,
});
