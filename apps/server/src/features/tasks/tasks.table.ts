import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from '../appointments/appointments.table.js';
import { clients } from '../clients/clients.table.js';
import { invoices } from '../invoices/invoices.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { patients } from '../patients/patients.table.js';
import { roles } from '../roles/roles.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

/**
 * A task (SPEC §3): a small promise kept at a location, assigned to a person or to a role (or to no
 * one). Every reference but the location is optional and without a delete action, so deleting what
 * it names (a client, a patient, a draft invoice, a user, a role) clears it in the delete's
 * transaction (db/references.ts) and is never refused because of a task. A task goes with its
 * location. Deleting a task only sets deletedAt; any update clears it (SPEC §4).
 */
export const tasks = pgTable(
  'tasks',
  {
    ...tenantKey(),
    locationId: locationRef(),
    title: text().notNull(),
    notes: text(),
    dueAt: timestamp({ withTimezone: true }),
    /** TASK_PRIORITIES */
    priority: text().notNull().default('normal'),
    assignedToId: uuid(),
    assignedRoleId: uuid(),
    clientId: uuid(),
    patientId: uuid(),
    appointmentId: uuid(),
    invoiceId: uuid(),
    completedAt: timestamp({ withTimezone: true }),
    completedById: uuid(),
    deletedAt: timestamp({ withTimezone: true }),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('tasks', t),
    tenantReference('tasks', t, t.assignedToId, users),
    tenantReference('tasks', t, t.assignedRoleId, roles),
    tenantReference('tasks', t, t.clientId, clients),
    tenantReference('tasks', t, t.patientId, patients),
    tenantReference('tasks', t, t.appointmentId, appointments),
    tenantReference('tasks', t, t.invoiceId, invoices),
    tenantReference('tasks', t, t.completedById, users),
    tenantReference('tasks', t, t.createdById, users),
    // The open lists (a location's, by due time) and the badge's count (a person's, a role's):
    // open tasks only, which is what they read and a small part of the table over time.
    index('tasks_open_location_due')
      .on(t.accountId, t.locationId, t.dueAt)
      .where(sql`${t.completedAt} is null and ${t.deletedAt} is null`),
    index('tasks_open_assignee')
      .on(t.accountId, t.assignedToId, t.locationId)
      .where(sql`${t.completedAt} is null and ${t.deletedAt} is null and ${t.assignedToId} is not null`),
    index('tasks_open_role')
      .on(t.accountId, t.assignedRoleId, t.locationId)
      .where(sql`${t.completedAt} is null and ${t.deletedAt} is null and ${t.assignedRoleId} is not null`),
    // The Completed view: newest completion first.
    index('tasks_completed_location')
      .on(t.accountId, t.locationId, t.completedAt)
      .where(sql`${t.completedAt} is not null and ${t.deletedAt} is null`),
    // A record's tasks (its page's list), and the references a delete of it clears.
    index('tasks_client').on(t.accountId, t.clientId).where(sql`${t.clientId} is not null`),
    index('tasks_patient').on(t.accountId, t.patientId).where(sql`${t.patientId} is not null`),
    index('tasks_appointment').on(t.accountId, t.appointmentId).where(sql`${t.appointmentId} is not null`),
    index('tasks_invoice').on(t.accountId, t.invoiceId).where(sql`${t.invoiceId} is not null`),
    // A deleted user's or role's references are cleared too (completed and created by).
    index('tasks_completed_by').on(t.accountId, t.completedById).where(sql`${t.completedById} is not null`),
    index('tasks_created_by').on(t.accountId, t.createdById).where(sql`${t.createdById} is not null`),
  ],
);
