import { z } from 'zod';
import { authenticated, operation, publicAccess } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, IdParams, noAmpersand, OkResponse, PageQuery, wrapped } from './rules.js';
import { ASHES_DISPOSITIONS } from './appointment-aftercare.js';
import { CREMATION_TYPES } from './price-calculator.js';
import { FORM_PURPOSES, SavedFormField, type FormField } from './templates.js';

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
  fields: z.array(SavedFormField),
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

// ---------- the form a client fills in: JSON Schema, UI schema and the server's check ----------

/** The longest text answer (longText has its own); a signature's data URL (about 250 kB). */
export const FORM_TEXT_MAX = 1_000;
export const FORM_LONG_TEXT_MAX = 10_000;
export const FORM_SIGNATURE_MAX = 250_000;
/** A drawn signature: a PNG (its signature bytes start `iVBORw0KGgo` in base64) as a data URL. */
export const SIGNATURE_DATA_URL = /^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/;
/** The name of the UI widget the public page registers for a drawn signature (signature_pad). */
export const SIGNATURE_WIDGET = 'signature';

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (draft-07, for @rjsf with validator-ajv8) and UI schema of a form's fields, in
 * their order. A consent clause is a boolean whose description is the clause: when required it must
 * be true. A signature is a string drawn by the `signature` widget (a PNG data URL). The server
 * stores them with the template when saved and derives them again from the texts a client saw.
 */
export function formSchemaOf(fields: readonly FormField[]): { schema: JsonSchema; uiSchema: JsonSchema } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const uiSchema: JsonSchema = { 'ui:order': fields.map((f) => f.key) };
  for (const f of fields) {
    const ui: JsonSchema = {};
    let p: JsonSchema;
    switch (f.type) {
      case 'text':
        p = { type: 'string', maxLength: FORM_TEXT_MAX, ...(f.required ? { minLength: 1 } : {}) };
        break;
      case 'longText':
        p = { type: 'string', maxLength: FORM_LONG_TEXT_MAX, ...(f.required ? { minLength: 1 } : {}) };
        ui['ui:widget'] = 'textarea';
        ui['ui:options'] = { rows: 4 };
        break;
      case 'choice':
        p = { type: 'string', enum: [...f.options] };
        ui['ui:widget'] = 'radio';
        break;
      case 'checkbox':
        // unticked is an answer too: false, never missing
        p = { type: 'boolean', default: false };
        ui['ui:widget'] = 'checkbox';
        break;
      case 'date':
        p = { type: 'string', format: 'date' };
        break;
      case 'number':
        p = { type: 'number' };
        break;
      case 'signature':
        p = { type: 'string', maxLength: FORM_SIGNATURE_MAX, pattern: SIGNATURE_DATA_URL.source };
        ui['ui:widget'] = SIGNATURE_WIDGET;
        break;
      case 'consent':
        p = { type: 'boolean', default: false, ...(f.required ? { const: true } : {}) };
        if (f.text) p.description = f.text;
        ui['ui:widget'] = 'checkbox';
        break;
    }
    p.title = f.label;
    if (f.help) ui['ui:help'] = f.help;
    properties[f.key] = p;
    if (f.required) required.push(f.key);
    if (Object.keys(ui).length > 0) uiSchema[f.key] = ui;
  }
  return {
    schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties, required, additionalProperties: false },
    uiSchema,
  };
}

/** The answers' check the server applies to a submission: the same rules as formSchemaOf's schema. */
export function answersSchemaOf(fields: readonly FormField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    let s: z.ZodType;
    switch (f.type) {
      case 'text':
      case 'longText': {
        const max = f.type === 'text' ? FORM_TEXT_MAX : FORM_LONG_TEXT_MAX;
        s = f.required ? z.string().max(max).refine((v) => v.trim() !== '', 'is required') : z.string().max(max);
        break;
      }
      case 'choice':
        s = f.options.length > 0 ? z.enum(f.options as [string, ...string[]]) : z.never();
        break;
      case 'checkbox':
        s = z.boolean();
        break;
      case 'date':
        s = z.iso.date();
        break;
      case 'number':
        s = z.number().finite();
        break;
      case 'signature':
        s = z.string().max(FORM_SIGNATURE_MAX).regex(SIGNATURE_DATA_URL);
        break;
      case 'consent':
        s = f.required ? z.literal(true) : z.boolean();
        break;
    }
    shape[f.key] = f.required ? s : s.optional();
  }
  return z.strictObject(shape);
}

// ---------- form requests: a form sent to a client, or opened on a clinic device ----------

export const FORM_REQUEST_CHANNELS = ['email', 'sms', 'device'] as const;
export type FormRequestChannel = (typeof FORM_REQUEST_CHANNELS)[number];
export const FORM_REQUEST_CHANNEL_LABELS: Record<FormRequestChannel, string> = { email: 'Email', sms: 'SMS', device: 'On this device' };
/** pending: not submitted yet and not expired */
export const FORM_REQUEST_STATES = ['pending', 'submitted', 'expired'] as const;
export type FormRequestState = (typeof FORM_REQUEST_STATES)[number];
/** How long a form link works (docs/decisions/0097). */
export const FORM_LINK_DAYS = 14;

export const FormRequest = z.object({
  id: z.string(),
  locationId: z.string(),
  formTemplateId: z.string(),
  formName: z.string(),
  purpose: z.enum(FORM_PURPOSES),
  clientId: z.string(),
  patientId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  channel: z.enum(FORM_REQUEST_CHANNELS),
  state: z.enum(FORM_REQUEST_STATES),
  expiresAt: z.string(),
  submittedAt: z.string().nullable(),
  /** the submission it led to (once submitted) */
  submissionId: z.string().nullable(),
  createdAt: z.string(),
});
export type FormRequest = z.infer<typeof FormRequest>;
/** The answer to creating one: the only time the link (with its secret) is shown. */
export const FormRequestCreated = FormRequest.extend({
  /** `${appUrl}/form/{accountId}/{requestId}?t=<secret>` */
  url: z.string(),
  /** email and sms: the queued message's id */
  messageId: z.string().nullable(),
});
export type FormRequestCreated = z.infer<typeof FormRequestCreated>;
export const FormRequestInput = z.object({
  formTemplateId: idField(),
  clientId: idField(),
  patientId: idField().nullable().optional(),
  appointmentId: idField().nullable().optional(),
  /** a consent form for an estimate: submitting it approves the estimate (approval method 'form') */
  estimateId: idField().nullable().optional(),
  channel: z.enum(FORM_REQUEST_CHANNELS),
});
export type FormRequestInput = z.input<typeof FormRequestInput>;
export const createFormRequest = operation({
  method: 'POST',
  path: '/api/formRequest',
  access: authenticated,
  tag: 'forms',
  summary: 'Send a form to a client: a link by email or SMS (queued), or the link to open on a clinic device',
  body: wrapped(FormRequestInput),
  response: FormRequestCreated,
  status: 201,
});
export const FormRequestListQuery = z.object({
  appointmentId: idField().optional(),
  clientId: idField().optional(),
  state: z.enum(FORM_REQUEST_STATES).optional(),
});
export const listFormRequests = operation({
  method: 'GET',
  path: '/api/formRequest',
  access: authenticated,
  tag: 'forms',
  summary: 'The forms sent for an appointment or to a client (one of them is required), newest first',
  query: FormRequestListQuery,
  response: z.array(FormRequest),
});

// ---------- the public form page: /form/{accountId}/{requestId}?t=<secret> ----------

export const PublicFormParams = z.object({ accountId: idField(), requestId: idField() });
/** The link's secret; anything else is refused like a wrong one. */
const formSecret = () => z.string().max(200);
export const PublicFormQuery = z.object({ t: formSecret() });
export const PublicForm = z.object({
  formName: z.string(),
  description: z.string().nullable(),
  purpose: z.enum(FORM_PURPOSES),
  /** the fields as the client sees them: consent clauses rendered with the client's data (not what staff mapped them to) */
  fields: z.array(SavedFormField.omit({ mappings: true })),
  schema: z.record(z.string(), z.unknown()),
  uiSchema: z.record(z.string(), z.unknown()),
  locationName: z.string(),
  practiceName: z.string(),
  clientName: z.string(),
  patientName: z.string().nullable(),
  /** the form has a signature field: the page asks for the signer's name too */
  needsSignerName: z.boolean(),
  expiresAt: z.string(),
  /** SHA-256 of the form version shown (fields and rendered texts); sent back with the answers */
  versionHash: z.string(),
});
export type PublicForm = z.infer<typeof PublicForm>;
export const getPublicForm = operation({
  method: 'GET',
  path: '/api/publicForm/{accountId}/{requestId}',
  access: publicAccess,
  tag: 'forms',
  summary: 'The form a link opens (404 with one message when the link is wrong, expired or used)',
  params: PublicFormParams,
  query: PublicFormQuery,
  response: PublicForm,
});
export const PublicFormSubmission = z.object({
  t: formSecret(),
  /** keyed by the fields' keys; a signature field's answer is its PNG data URL */
  answers: z.record(z.string(), z.unknown()),
  /** who signed: required when the form has a signature field */
  signerName: z
    .string()
    .max(200)
    .refine(...noAmpersand)
    .optional(),
  /** PublicForm.versionHash as shown: a form changed since it was opened is refused (reload it) */
  versionHash: z.string().max(100).optional(),
});
export type PublicFormSubmission = z.input<typeof PublicFormSubmission>;
export const submitPublicForm = operation({
  method: 'POST',
  path: '/api/publicForm/{accountId}/{requestId}',
  access: publicAccess,
  tag: 'forms',
  summary: 'Submit a form once (400 FORM_MESSAGES.submitRefused when the answers are refused; 404 when the link is not good; rate limited)',
  params: PublicFormParams,
  body: wrapped(PublicFormSubmission),
  response: OkResponse,
  status: 201,
});

/** The menu badge: unread submissions at a location (or in the account). */
export const countUnreadFormSubmissions = operation({
  method: 'GET',
  path: '/api/formSubmission/unreadCount',
  access: authenticated,
  tag: 'forms',
  summary: 'How many submissions are unread (not deleted) at a location',
  query: z.object({ locationId: idField().optional() }),
  response: z.object({ count: z.number().int() }),
});

// ---------- what a submission asks for: add-ons and aftercare staff accept on the appointment ----------

/**
 * The add-ons and aftercare a submission's answers ask for (its fields' mappings, decision 0185),
 * and whether staff accepted them on its appointment (once: accepting again is refused).
 */
export const SubmissionChoices = z.object({
  submissionId: z.string(),
  formName: z.string(),
  appointmentId: z.string().nullable(),
  submittedAt: z.string(),
  /** the add-ons asked for, with their catalogue name and price (as the catalogue keeps it); one gone from the catalogue is left out */
  addOns: z.array(z.object({ addOnId: z.string(), name: z.string(), price: z.number() })),
  cremationType: z.enum(CREMATION_TYPES).nullable(),
  ashesDisposition: z.enum(ASHES_DISPOSITIONS).nullable(),
  /** what the family chose as staff read it: the add-ons' names, then the aftercare */
  labels: z.array(z.string()),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SubmissionChoices = z.infer<typeof SubmissionChoices>;

export const getSubmissionChoices = operation({
  method: 'GET',
  path: '/api/formSubmission/{id}/choices',
  access: authenticated,
  tag: 'forms',
  summary: 'The add-ons and aftercare a submission asks for, and whether they were accepted',
  params: IdParams,
  response: SubmissionChoices,
});
export const getAppointmentChoices = operation({
  method: 'GET',
  path: '/api/formSubmission/choices',
  access: authenticated,
  tag: 'forms',
  summary: 'The latest submission for an appointment that asks for add-ons or aftercare (null when none does)',
  query: z.object({ appointmentId: idField() }),
  response: z.object({ choices: SubmissionChoices.nullable() }),
});
/** Editing the appointment is what it needs: add-ons and aftercare land on it in one transaction, once. */
export const acceptSubmissionChoices = operation({
  method: 'POST',
  path: '/api/formSubmission/{id}/acceptChoices',
  access: authenticated,
  tag: 'forms',
  summary: 'Add what a submission asks for to its appointment: the add-ons with their prices and the aftercare (409 once accepted)',
  params: IdParams,
  response: SubmissionChoices,
});
