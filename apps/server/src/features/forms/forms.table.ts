import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from '../appointments/appointments.table.js';
import { clients } from '../clients/clients.table.js';
import { documents } from '../documents/documents.table.js';
import { estimates } from '../invoices/invoices.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { patients } from '../patients/patients.table.js';
import { templateColumns, templateIndexes } from '../templates/templates.table.js';
import { users } from '../users/users.table.js';
import { tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

/**
 * A form template (one of the seven kinds of template, kept here with the forms it makes): its
 * fields stored with their JSON Schema and UI schema; a change of fields is a new version, which
 * each submission records.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    ...templateColumns(),
    description: text(),
    purpose: text().notNull().default('general'),
    fields: jsonb().$type<unknown[]>().notNull(),
    schema: jsonb().$type<Record<string, unknown>>().notNull(),
    uiSchema: jsonb().$type<Record<string, unknown>>().notNull(),
    version: integer().notNull().default(1),
    ...timestamps(),
  },
  (t) => templateIndexes('form_templates', t),
);

/**
 * A form sent to a client (a link by email or SMS) or opened on a clinic device. The public link
 * names the account and the request and carries a secret kept here only as a hash, so it is found
 * by its tenant key on a database sharded by account (docs/decisions/0097).
 */
export const formRequests = pgTable(
  'form_requests',
  {
    ...tenantKey(),
    locationId: locationRef(),
    formTemplateId: uuid().notNull(),
    clientId: uuid().notNull(),
    patientId: uuid(),
    appointmentId: uuid(),
    /** a consent form approving this estimate: the submission approves it (invoices feature) */
    estimateId: uuid(),
    /** email, sms or device */
    channel: text().notNull(),
    secretHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** set once, by the submission's transaction: a link submits once */
    submittedAt: timestamp({ withTimezone: true }),
    sentById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    locationReference('form_requests', t),
    tenantReference('form_requests', t, t.formTemplateId, formTemplates, 'cascade'),
    // A client's links never answered are deleted before the client (forms' client.deleting); answered, the client stays.
    tenantReference('form_requests', t, t.clientId, clients),
    tenantReference('form_requests', t, t.patientId, patients),
    tenantReference('form_requests', t, t.appointmentId, appointments),
    tenantReference('form_requests', t, t.estimateId, estimates),
    index().on(t.accountId, t.appointmentId),
    index().on(t.accountId, t.clientId),
  ],
);

/**
 * What a client submitted: immutable once written, apart from its status and deletedAt (SPEC §3).
 * It keeps the fields it answered (a template edited later does not change it) and the signature's
 * evidence: name, time, IP, user agent and the hash of the form version signed.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    ...tenantKey(),
    locationId: locationRef(),
    formRequestId: uuid(),
    formTemplateId: uuid(),
    formName: text().notNull(),
    purpose: text().notNull(),
    formVersion: integer().notNull(),
    /** SHA-256 of the fields and texts the client saw */
    versionHash: text().notNull(),
    fields: jsonb().$type<unknown[]>().notNull(),
    answers: jsonb().$type<Record<string, unknown>>().notNull(),
    clientId: uuid().notNull(),
    patientId: uuid(),
    appointmentId: uuid(),
    /** the drawn signature as a PNG data URL; null when the form asks for none */
    signature: text(),
    signerName: text(),
    signedAt: timestamp({ withTimezone: true }),
    signerIp: text(),
    signerUserAgent: text(),
    /** the PDF of the submission, stored as a document of the client */
    documentId: uuid(),
    /** unread or read (SPEC §4 "Form submissions") */
    status: text().notNull().default('unread'),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    /** when and by whom the add-ons and aftercare its answers ask for were put on the appointment (once) */
    choicesAcceptedAt: timestamp({ withTimezone: true }),
    choicesAcceptedById: uuid(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('form_submissions', t, t.choicesAcceptedById, users),
    // What was signed is kept with its location, client, patient and signed copy: none of them is
    // deleted, nor the optional ones cleared, under it ('restrict'; decision 0155). The request and
    // the template may go: the submission keeps its own copy of the fields.
    locationReference('form_submissions', t, 'no action'),
    tenantReference('form_submissions', t, t.formRequestId, formRequests),
    tenantReference('form_submissions', t, t.formTemplateId, formTemplates),
    tenantReference('form_submissions', t, t.clientId, clients),
    tenantReference('form_submissions', t, t.patientId, patients, 'restrict'),
    tenantReference('form_submissions', t, t.appointmentId, appointments),
    tenantReference('form_submissions', t, t.documentId, documents, 'restrict'),
    index().on(t.accountId, t.locationId, t.status, t.submittedAt),
    index().on(t.accountId, t.appointmentId),
    index().on(t.accountId, t.clientId),
  ],
);
