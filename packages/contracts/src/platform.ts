import { z } from 'zod';
import { operation, publicAccess, authenticated, anyOf } from './operation.js';
import {
  emailField,
  idField,
  IdParams,
  nameField,
  newPasswordField,
  OkResponse,
  queryBoolean,
  timeZoneField,
  wrapped,
} from './rules.js';
import { PERMISSIONS } from './permissions.js';

// ---------- health ----------
export const HealthResponse = z.object({ status: z.literal('ok') });
export const health = operation({
  method: 'GET',
  path: '/api/health',
  access: publicAccess,
  tag: 'platform',
  summary: 'Ready once the database is migrated',
  response: HealthResponse,
});

// ---------- profile & auth ----------
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

export const LoginInput = z.object({
  email: emailField(),
  password: z.string().min(1, 'is required').max(256),
});
export type LoginInput = z.infer<typeof LoginInput>;
export const login = operation({
  method: 'POST',
  path: '/api/auth/login',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign in with email and password; sets the x-access-token cookie',
  body: wrapped(LoginInput),
  response: Profile,
});

export const logout = operation({
  method: 'POST',
  path: '/api/auth/logout',
  access: publicAccess,
  tag: 'auth',
  summary: 'Sign out: revokes the session and clears the cookie',
  response: OkResponse,
});

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
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;
export const updateProfile = operation({
  method: 'POST',
  path: '/api/profile',
  access: authenticated,
  tag: 'profile',
  summary: 'Change own name and email',
  body: wrapped(UpdateProfileInput),
  response: Profile,
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

// ---------- subscription tiers ----------
export const TIER_ORDER = ['premium', 'basic', 'free'] as const;
export const SubscriptionTier = z.object({
  key: z.string(),
  name: z.string(),
  maxUsers: z.number().int().nullable(),
  maxLocations: z.number().int().nullable(),
  accountCount: z.number().int(),
});
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;
const limitField = () => z.number().int('must be a whole number').min(1, 'must be at least 1').nullable();
export const SubscriptionTierInput = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, 'must be 2–31 lowercase letters, digits or dashes'),
  name: nameField(60),
  maxUsers: limitField(),
  maxLocations: limitField(),
});
export type SubscriptionTierInput = z.infer<typeof SubscriptionTierInput>;
export const SubscriptionTierUpdateInput = SubscriptionTierInput.omit({ key: true });
const KeyParams = z.object({ key: z.string().min(1).max(40) });

export const listSubscriptionTiers = operation({
  method: 'GET',
  path: '/api/subscriptionTier',
  access: authenticated,
  tag: 'subscriptions',
  summary: 'Every subscription tier and its limits',
  response: z.array(SubscriptionTier),
});
export const createSubscriptionTier = operation({
  method: 'POST',
  path: '/api/subscriptionTier',
  access: anyOf('system.admin'),
  tag: 'subscriptions',
  summary: 'Create a tier',
  body: wrapped(SubscriptionTierInput),
  response: SubscriptionTier,
  status: 201,
});
export const updateSubscriptionTier = operation({
  method: 'POST',
  path: '/api/subscriptionTier/{key}',
  access: anyOf('system.admin'),
  tag: 'subscriptions',
  summary: 'Change a tier’s name or limits',
  params: KeyParams,
  body: wrapped(SubscriptionTierUpdateInput),
  response: SubscriptionTier,
});
export const deleteSubscriptionTier = operation({
  method: 'DELETE',
  path: '/api/subscriptionTier/{key}',
  access: anyOf('system.admin'),
  tag: 'subscriptions',
  summary: 'Delete a tier no account uses',
  params: KeyParams,
  response: OkResponse,
});

export const SubscriptionUsage = z.object({
  tier: SubscriptionTier,
  activeUsers: z.number().int(),
  locations: z.number().int(),
});
export type SubscriptionUsage = z.infer<typeof SubscriptionUsage>;
export const getSubscription = operation({
  method: 'GET',
  path: '/api/subscription',
  access: anyOf('account.manage'),
  tag: 'subscriptions',
  summary: 'The account’s tier, its limits and what is in use',
  response: SubscriptionUsage,
});

// ---------- accounts ----------
export const Account = z.object({
  id: z.string(),
  name: z.string(),
  subscriptionTier: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof Account>;
export const AccountWithDetails = Account.extend({
  details: z
    .object({ activeUsers: z.number().int(), users: z.number().int(), locations: z.number().int() })
    .optional(),
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
  owner: z.object({
    firstName: nameField(),
    lastName: nameField(),
    email: emailField(),
    password: newPasswordField(),
  }),
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

// ---------- species & locations ----------
export const Species = z.object({ id: z.string(), name: z.string() });
export type Species = z.infer<typeof Species>;
export const listSpecies = operation({
  method: 'GET',
  path: '/api/species',
  access: authenticated,
  tag: 'locations',
  summary: 'The species catalogue locations choose from',
  response: z.array(Species),
});

export const Location = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  isActive: z.boolean(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  species: z.array(Species),
});
export type Location = z.infer<typeof Location>;
export const LocationInput = z.object({
  name: nameField(),
  timezone: timeZoneField(),
  isActive: z.boolean().default(true),
  address: z.string().trim().max(300, 'must be at most 300 characters').nullable().default(null),
  phone: z.string().trim().max(40, 'must be at most 40 characters').nullable().default(null),
});
export type LocationInput = z.input<typeof LocationInput>;
export const LocationUpdateInput = LocationInput.partial();
export const ListLocationsQuery = z.object({ onlyActive: queryBoolean().optional() });
export const listLocations = operation({
  method: 'GET',
  path: '/api/location',
  access: authenticated,
  tag: 'locations',
  summary: 'Locations of the account, sorted by name',
  query: ListLocationsQuery,
  response: z.array(Location),
});
export const getLocation = operation({
  method: 'GET',
  path: '/api/location/{id}',
  access: authenticated,
  tag: 'locations',
  summary: 'One location',
  params: IdParams,
  response: Location,
});
export const createLocation = operation({
  method: 'POST',
  path: '/api/location',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Create a location (a super administrator may name another account)',
  query: z.object({ accountId: idField().optional() }),
  body: wrapped(LocationInput),
  response: Location,
  status: 201,
});
export const updateLocation = operation({
  method: 'POST',
  path: '/api/location/{id}',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Update a location',
  params: IdParams,
  body: wrapped(LocationUpdateInput),
  response: Location,
});
export const UpdateSpeciesInput = z.object({
  locationId: idField(),
  speciesId: idField(),
  action: z.enum(['add', 'remove']),
});
export const updateLocationSpecies = operation({
  method: 'POST',
  path: '/api/location/updateSpecies',
  access: anyOf('locations.manage'),
  tag: 'locations',
  summary: 'Add a species to, or remove one from, a location’s list',
  body: wrapped(UpdateSpeciesInput),
  response: Location,
});

// ---------- roles ----------
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

export const listRoles = operation({
  method: 'GET',
  path: '/api/role',
  access: authenticated,
  tag: 'roles',
  summary: 'The account’s roles',
  response: z.array(Role),
});
export const createRole = operation({
  method: 'POST',
  path: '/api/role',
  access: anyOf('permissions.manage'),
  tag: 'roles',
  summary: 'Create a custom role',
  body: wrapped(RoleInput),
  response: Role,
  status: 201,
});
export const updateRole = operation({
  method: 'POST',
  path: '/api/role/{id}',
  access: anyOf('permissions.manage'),
  tag: 'roles',
  summary: 'Change a role’s name, permissions or members',
  params: IdParams,
  body: wrapped(RoleInput.partial()),
  response: Role,
});
export const deleteRole = operation({
  method: 'DELETE',
  path: '/api/role/{id}',
  access: anyOf('permissions.manage'),
  tag: 'roles',
  summary: 'Delete a custom role',
  params: IdParams,
  response: OkResponse,
});
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
  body: wrapped(RoleInput.partial()),
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

// ---------- users ----------
export const User = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  roleIds: z.array(z.string()),
  locationIds: z.array(z.string()),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
});
export type User = z.infer<typeof User>;
export const CreateUserInput = z.object({
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(),
  phone: z.string().trim().max(40, 'must be at most 40 characters').nullable().default(null),
  password: newPasswordField(),
  isActive: z.boolean().default(true),
  roleIds: z.array(idField()).default([]),
  locationIds: z.array(idField()).default([]),
});
export type CreateUserInput = z.input<typeof CreateUserInput>;
export const UpdateUserInput = CreateUserInput.omit({ password: true, isActive: true })
  .partial()
  .extend({ password: newPasswordField().optional() });
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
