import { z } from 'zod';
import { authenticated } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, PageQuery } from './rules.js';
import { FORM_PURPOSES, FormField } from './templates.js';

/**
 * Form submissions (SPEC §3, §4, §7): what clients sent through a form. Updating sets a status and
 * clears deletedAt; deleting sets deletedAt (the submission is kept: it may be a signed consent).
 */
export const FORM_SUBMISSION_STATUSES = ['unread', 'read'] as const;
export type FormSubmissionStatus = (typeof FORM_SUBMISSION_STATUSES)[number];
/** The pages /formSubmissions/{view}: the two statuses and the deleted ones. */
export const FORM_SUBMISSION_VIEWS = ['unread', 'read', 'deleted'] as const;
export type FormSubmissionView = (typeof FORM_SUBMISSION_VIEWS)[number];
export const FORM_SUBMISSION_VIEW_LABELS: Record<FormSubmissionView, string> = { unread: 'Unread', read: 'Read', deleted: 'Deleted' };

export const FormSignature = z.object({
  name: z.string(),
  signedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** a PNG data URL */
  image: z.string(),
});
export const FormSubmission = z.object({
  id: z.string(),
  locationId: z.string(),
  formTemplateId: z.string().nullable(),
  formName: z.string(),
  purpose: z.enum(FORM_PURPOSES),
  formVersion: z.number().int(),
  versionHash: z.string(),
  fields: z.array(FormField),
  answers: z.record(z.string(), z.unknown()),
  client: z.object({ id: z.string(), name: z.string() }),
  patient: z.object({ id: z.string(), name: z.string() }).nullable(),
  appointmentId: z.string().nullable(),
  signature: FormSignature.nullable(),
  documentId: z.string().nullable(),
  status: z.enum(FORM_SUBMISSION_STATUSES),
  submittedAt: z.string(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormSubmission = z.infer<typeof FormSubmission>;

export const FormSubmissionListQuery = PageQuery.extend({
  locationId: idField().optional(),
  view: z.enum(FORM_SUBMISSION_VIEWS).default('unread'),
  clientId: idField().optional(),
  appointmentId: idField().optional(),
});
/** SPEC §7: POST /{id} with {formSubmissionData:{id, status, deletedAt}}. */
export const FormSubmissionUpdate = z.object({
  id: idField().optional(),
  status: z.enum(FORM_SUBMISSION_STATUSES),
  /** updating always clears it; only null is accepted */
  deletedAt: z.null().optional(),
});
export type FormSubmissionUpdate = z.input<typeof FormSubmissionUpdate>;

export const formSubmissionOps = crudOperations({
  path: '/api/formSubmission',
  tag: 'forms',
  noun: 'form submission',
  entity: FormSubmission,
  read: authenticated,
  write: authenticated,
  wrapper: 'formSubmissionData',
  list: { query: FormSubmissionListQuery, paged: true, summary: 'A page of form submissions in one view (unread, read, deleted), newest first' },
  get: {},
  update: { input: FormSubmissionUpdate, summary: 'Set a submission’s status; clears deletedAt' },
  remove: { summary: 'Move a submission to Deleted (sets deletedAt; the signed record is kept)' },
});
export const { list: listFormSubmissions, get: getFormSubmission, update: updateFormSubmission, remove: deleteFormSubmission } = formSubmissionOps;
