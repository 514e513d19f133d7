import { foreignKey, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { accountColumn, tenantReference } from '../../db/columns.js';
import { roles, systemRoles } from '../roles/roles.table.js';
import { users } from './users.table.js';

// Who holds which role: kept with the users (decision 0172), as users stand above roles; the
// roles feature keeps what a role is and grants.

/** A user's roles in their account. */
export const userRoles = pgTable(
  'user_roles',
  {
    accountId: accountColumn(),
    userId: uuid().notNull(),
    roleId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.roleId] }),
    tenantReference('user_roles', t, t.userId, users, 'cascade'),
    tenantReference('user_roles', t, t.roleId, roles, 'cascade'),
    index().on(t.accountId, t.roleId),
  ],
);

/** Who holds a platform-wide role; kept with the user, in the user's own account. */
export const userSystemRoles = pgTable(
  'user_system_roles',
  {
    accountId: accountColumn(),
    userId: uuid().notNull(),
    systemRoleId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.systemRoleId] }),
    tenantReference('user_system_roles', t, t.userId, users, 'cascade'),
    foreignKey({ name: 'user_system_roles_system_role_id_fk', columns: [t.systemRoleId], foreignColumns: [systemRoles.id] }).onDelete('cascade'),
    index().on(t.systemRoleId),
  ],
);
