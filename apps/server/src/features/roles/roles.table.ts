import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.js';
import { users } from '../users/users.table.js';
import { tenantKey } from '../../db/columns.js';

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
  (t) => [index().on(t.accountId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.accountId), index().on(t.roleId)],
);

/** Platform-wide roles (Super Administrator, …); not owned by any account. */
export const systemRoles = pgTable('system_roles', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  predefined: boolean().notNull().default(false),
  permissions: text().array().notNull().default([]),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const userSystemRoles = pgTable(
  'user_system_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    systemRoleId: uuid()
      .notNull()
      .references(() => systemRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.systemRoleId] }), index().on(t.systemRoleId)],
);
