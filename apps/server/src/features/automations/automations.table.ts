import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { appointments } from '../appointments/appointments.table.js';
import { clients } from '../clients/clients.table.js';
import { invoices } from '../invoices/invoices.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { roles } from '../roles/roles.table.js';
import { emailTemplates, smsTemplates } from '../templates/templates.table.js';
import { users } from '../users/users.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

/**
 * An automation (SPEC §7 "Automations"): a trigger, when its items go, and what they are (an email
 * template, an SMS template, or a task). One table for the three kinds (`kind`), as they share all
 * but the action's columns (decision 0208). Deleting one only sets deletedAt: the items it sent keep
 * naming it (decision 0209). Every reference but the location is optional without a delete action
 * (a template, person or role deleted clears it; the item then fails with its reason).
 */
export const automations = pgTable(
  'automations',
  {
    ...tenantKey(),
    /** AUTOMATION_KINDS */
    kind: text().notNull(),
    name: text().notNull(),
    /** null: every location of the account */
    locationId: uuid(),
    active: boolean().notNull().default(true),
    requiresApproval: boolean().notNull().default(false),
    /** AUTOMATION_TRIGGERS */
    trigger: text().notNull(),
    /** appointmentStatusChanged: the status it waits for */
    status: text(),
    offset: integer().notNull().default(0),
    /** AUTOMATION_OFFSET_UNITS */
    offsetUnit: text().notNull().default('days'),
    /** 'HH:MM' on the location's clock */
    sendTime: text(),
    serviceIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    household: boolean().notNull().default(false),
    forDeceased: boolean().notNull().default(false),
    emailTemplateId: uuid(),
    smsTemplateId: uuid(),
    taskTitle: text(),
    taskNotes: text(),
    taskPriority: text(),
    taskDueInDays: integer(),
    assignedToId: uuid(),
    assignedRoleId: uuid(),
    deletedAt: timestamp({ withTimezone: true }),
    createdById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // A location's automations go with it (a null location is every location's).
    locationReference('automations', t),
    tenantReference('automations', t, t.emailTemplateId, emailTemplates),
    tenantReference('automations', t, t.smsTemplateId, smsTemplates),
    tenantReference('automations', t, t.assignedToId, users),
    tenantReference('automations', t, t.assignedRoleId, roles),
    tenantReference('automations', t, t.createdById, users),
    // The page's list (by kind) and the firing's look-up (by trigger): live ones only.
    index('automations_kind_name').on(t.accountId, t.kind, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('automations_trigger').on(t.trigger, t.accountId).where(sql`${t.deletedAt} is null and ${t.active}`),
    index('automations_email_template').on(t.accountId, t.emailTemplateId).where(sql`${t.emailTemplateId} is not null`),
    index('automations_sms_template').on(t.accountId, t.smsTemplateId).where(sql`${t.smsTemplateId} is not null`),
    index('automations_assigned_to').on(t.accountId, t.assignedToId).where(sql`${t.assignedToId} is not null`),
    index('automations_assigned_role').on(t.accountId, t.assignedRoleId).where(sql`${t.assignedRoleId} is not null`),
    index('automations_created_by').on(t.accountId, t.createdById).where(sql`${t.createdById} is not null`),
  ],
);

/** The unique key an item's insert conflicts on (ON CONFLICT DO NOTHING): one item per automation, target and occurrence. */
export const QUEUE_ITEM_OCCURRENCE_KEY = 'automation_queue_items_occurrence';

/**
 * One firing of an automation for one target and occurrence: waiting (scheduled: goes by itself at
 * dueAt; pending: waits for staff), then sent, skipped, suppressed (reason) or failed (reason). The
 * three queues are one table with `kind` (decision 0208). What it is about (client, appointment,
 * invoice) has no delete action: deleting those clears the reference, never the item, which is a
 * record of what was sent. `claimedUntil` is the sender's lease (decision 0211).
 */
export const automationQueueItems = pgTable(
  'automation_queue_items',
  {
    ...tenantKey(),
    kind: text().notNull(),
    automationId: uuid().notNull(),
    locationId: locationRef(),
    trigger: text().notNull(),
    /** what makes this firing one of its kind: 'appointment:<id>:<status>', 'patient:<id>:died', … */
    occurrenceKey: text().notNull(),
    /** QUEUE_ITEM_STATUSES */
    status: text().notNull(),
    /** SUPPRESSION_REASONS' text, or why a send failed */
    reason: text(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    clientId: uuid(),
    /** the pets it is about (a household item names several; one who died since is dropped) */
    patientIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    appointmentId: uuid(),
    invoiceId: uuid(),
    vaccinationIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** the due date of each vaccination when it was queued ('YYYY-MM-DD', in vaccinationIds' order): a changed one is no longer due */
    vaccinationDueOns: text().array().notNull().default(sql`'{}'::text[]`),
    /** the start it was queued for: a moved appointment suppresses it (appointmentMoved) */
    appointmentStartAt: timestamp({ withTimezone: true }),
    toAddress: text(),
    subject: text(),
    body: text(),
    title: text(),
    notes: text(),
    assignedToId: uuid(),
    assignedRoleId: uuid(),
    editedAt: timestamp({ withTimezone: true }),
    editedById: uuid(),
    sentAt: timestamp({ withTimezone: true }),
    sentById: uuid(),
    outboxMessageId: uuid(),
    taskId: uuid(),
    /** the sender's lease: another sender takes a scheduled item only once it has passed */
    claimedUntil: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('automation_queue_items', t),
    tenantReference('automation_queue_items', t, t.automationId, automations),
    tenantReference('automation_queue_items', t, t.clientId, clients),
    tenantReference('automation_queue_items', t, t.appointmentId, appointments),
    tenantReference('automation_queue_items', t, t.invoiceId, invoices),
    tenantReference('automation_queue_items', t, t.assignedToId, users),
    tenantReference('automation_queue_items', t, t.assignedRoleId, roles),
    tenantReference('automation_queue_items', t, t.editedById, users),
    tenantReference('automation_queue_items', t, t.sentById, users),
    unique(QUEUE_ITEM_OCCURRENCE_KEY).on(t.accountId, t.automationId, t.occurrenceKey),
    // The queue pages' waiting lists, soonest first.
    index('automation_queue_items_waiting')
      .on(t.accountId, t.kind, t.locationId, t.dueAt)
      .where(sql`${t.status} in ('scheduled', 'pending')`),
    // The done lists, latest first.
    index('automation_queue_items_done').on(t.accountId, t.kind, t.locationId, t.updatedAt).where(sql`${t.status} not in ('scheduled', 'pending')`),
    // The sender's claim, across accounts: what is due to go by itself.
    index('automation_queue_items_due').on(t.dueAt).where(sql`${t.status} = 'scheduled'`),
    // A death's reaction (the items about a patient), a client's items, and the references a delete clears.
    index('automation_queue_items_patients').using('gin', t.patientIds),
    index('automation_queue_items_client').on(t.accountId, t.clientId).where(sql`${t.clientId} is not null`),
    index('automation_queue_items_appointment').on(t.accountId, t.appointmentId).where(sql`${t.appointmentId} is not null`),
    index('automation_queue_items_invoice').on(t.accountId, t.invoiceId).where(sql`${t.invoiceId} is not null`),
    index('automation_queue_items_automation').on(t.accountId, t.automationId, t.status),
    index('automation_queue_items_assigned_to').on(t.accountId, t.assignedToId).where(sql`${t.assignedToId} is not null`),
    index('automation_queue_items_assigned_role').on(t.accountId, t.assignedRoleId).where(sql`${t.assignedRoleId} is not null`),
    index('automation_queue_items_edited_by').on(t.accountId, t.editedById).where(sql`${t.editedById} is not null`),
    index('automation_queue_items_sent_by').on(t.accountId, t.sentById).where(sql`${t.sentById} is not null`),
  ],
);

/**
 * A target-occurrence an automation has taken, once: 'vaccination:<id>:<nextDueOn>' (a household
 * item gathers only the vaccinations no earlier item took), 'run:<locationId>:<local date>' (a
 * day's clock run, once per automation and location). The primary key is the claim.
 */
export const automationClaims = pgTable(
  'automation_claims',
  {
    accountId: accountColumn(),
    automationId: uuid().notNull(),
    claimKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.automationId, t.claimKey] }),
    tenantReference('automation_claims', t, t.automationId, automations, 'cascade'),
  ],
);
