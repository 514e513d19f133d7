/** Every permission string a role can grant. */
export const PERMISSIONS = [
  'appointments.primary_provider',
  'appointments.secondary_provider',
  'users.manage',
  'permissions.manage',
  'account.manage',
  'locations.manage',
  'system.admin',
  'system.switch_account:all',
  'system.switch_account:premium',
  'system.switch_locations',
  'analytics.view',
  'reports.export',
  // Not in the SPEC's list: deleting clinical records for good is a right of its own (docs/decisions/0058).
  'records.delete',
  // Not in the SPEC's list either: money going out and billing drafts thrown away (docs/decisions/0132).
  'billing.manage',
  // Nor this: the inventory catalogue, write-offs, counts and corrections of the log (docs/decisions/0219).
  'inventory.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Permissions that only system roles may carry. */
export const SYSTEM_ONLY_PERMISSIONS = [
  'system.admin',
  'system.switch_account:all',
  'system.switch_account:premium',
] as const satisfies readonly Permission[];

export const ACCOUNT_ROLE_PERMISSIONS = PERMISSIONS.filter((p) => !(SYSTEM_ONLY_PERMISSIONS as readonly string[]).includes(p)) as Permission[];

/** The names menu rules use. */
export const MENU_PERMISSIONS = {
  VIEW_ANALYTICS: 'analytics.view',
  EXPORT_REPORTS: 'reports.export',
  MANAGE_ACCOUNT: 'account.manage',
  SWITCH_LOCATIONS: 'system.switch_locations',
  MANAGE_LOCATIONS: 'locations.manage',
  MANAGE_PERMISSIONS: 'permissions.manage',
  MANAGE_USERS: 'users.manage',
  SUPER_ADMINISTRATOR: 'system.admin',
} as const satisfies Record<string, Permission>;

export const PERMISSION_LABELS: Record<Permission, string> = {
  'appointments.primary_provider': 'Primary provider for appointments',
  'appointments.secondary_provider': 'Secondary provider for appointments',
  'users.manage': 'Manage users',
  'permissions.manage': 'Manage roles and permissions',
  'account.manage': 'Manage the account and subscription',
  'locations.manage': 'Manage locations',
  'system.admin': 'Super administrator (every permission)',
  'system.switch_account:all': 'Switch to any account',
  'system.switch_account:premium': 'Switch to premium accounts',
  'system.switch_locations': 'Switch locations',
  'analytics.view': 'View analytics',
  'reports.export': 'Download reports',
  'records.delete': 'Delete clinical records for good (clients, patients, appointments, care records, documents)',
  'billing.manage': 'Record refunds and delete draft invoices, credit notes and estimates',
  'inventory.manage': 'Manage inventory: items, write-offs, stock counts and corrections of the log',
};

/**
 * Deleting a clinical record for good (a client, patient, appointment, prescription, vaccination or
 * document): everyday work archives or cancels instead (docs/decisions/0058).
 */
export const DELETE_RECORDS: Permission = 'records.delete';

/**
 * Money going out (a refund) and a billing draft thrown away (an invoice, credit note or estimate
 * not yet finalised): a manager's call, not the front desk's (docs/decisions/0132).
 */
export const MANAGE_BILLING: Permission = 'billing.manage';

/** system.admin grants every check; otherwise the user needs one of `required`. */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  if (held.includes('system.admin')) return true;
  if (required.length === 0) return true;
  return required.some((p) => held.includes(p));
}

export function canSwitchAccounts(held: readonly string[]): boolean {
  return hasAnyPermission(held, ['system.switch_account:all', 'system.switch_account:premium']);
}

export const PREDEFINED_ACCOUNT_ROLES = ['Administrator', 'Veterinarian', 'Assistant', 'Front Desk'] as const;
