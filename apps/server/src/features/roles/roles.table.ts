import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference } from '../../db/columns.js';

/** Roles of one account (Administrator, Veterinarian, … and custom ones). */
export const roles = pgTable(
  'roles',
  {
    ...tenantKey(),
    name: text().notNull(),
    predefined: boolean().notNull().default(false),
    permissions: text().array().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantPrimaryKey(t)],
);

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

/** Platform-wide roles (Super Administrator, …); not owned by any account. */
export const systemRoles = pgTable('system_roles', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  predefined: boolean().notNull().default(false),
  permissions: text().array().notNull().default([]),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
