import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantPrimaryKey } from '../../db/columns.js';

// What a role is and what it grants; who holds one is the users feature's (users/role-holders.table.ts).

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

/** Platform-wide roles (Super Administrator, …); not owned by any account. */
export const systemRoles = pgTable('system_roles', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  predefined: boolean().notNull().default(false),
  permissions: text().array().notNull().default([]),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
