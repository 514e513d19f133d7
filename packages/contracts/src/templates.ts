import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { crudOperations } from './crud.js';
import { IdParams, idField, nameField, optionalText, wrapped, patchOf } from './rules.js';
import { TEMPLATE_KIND_LABELS, TEMPLATE_KINDS, type TemplateKind } from './templates.constants.js';
import { ASHES_DISPOSITIONS, ashesDispositionField, cremationTypeField } from './appointment-aftercare.js';
import { CREMATION_TYPES } from './price-calculator.js';

/**
 * Templates of seven kinds (SPEC §3, §7 "Templates"). Every text a user edits here is a LiquidJS
 * template rendered by the server's one template engine (docs/decisions/0094). Templates belong to a
 * location; everyone signed in reads them, managing them asks for locations.manage (0095).
 */
export * from './templates.constants.js';

/**
 * What an SMS template is for: the automations pick reminders and aftercare texts by it, the chat
 * offers quick replies, forms and payments send their links with it (docs/decisions/0096).
 */
export const SMS_TEMPLATE_TYPES = [
  'appointment_reminder',
  'appointment_confirmation',
  'aftercare',
  'ashes_update',
  'form_request',
  'payment_request',
  'chat_reply',
  'general',
] as const;
export type SmsTemplateType = (typeof SMS_TEMPLATE_TYPES)[number];
export const SMS_TEMPLATE_TYPE_LABELS: Record<SmsTemplateType, string> = {
  appointment_reminder: 'Appointment reminder',
  appointment_confirmation: 'Appointment confirmation',
  aftercare: 'Aftercare',
  ashes_update: 'Ashes update',
  form_request: 'Form request',
  payment_request: 'Payment request',
  chat_reply: 'Chat quick reply',
  general: 'General',
};

/** The longest template body a user may save (characters); output has its own limit on the server. */
export const TEMPLATE_BODY_MAX = 50_000;
/** An SMS is shorter than 1000 characters (SPEC §9), after merging as before. */
export const SMS_BODY_MAX = 999;

const templateBody = (max = TEMPLATE_BODY_MAX) => z.string().max(max, `must be at most ${max} characters`);

const base = {
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
const baseInput = { locationId: idField(), name: nameField() };
export const TemplateListQuery = z.object({ locationId: idField().optional() });

/**
 * One kind's operations, alike for every kind: `/api/<kind>Template`, the body under
 * `<kind>TemplateData`, read by everyone signed in, written with locations.manage. A kind may
 * list by more than the location (SMS: its type) and carry lines beside the header (invoice).
 */
function templateOps<
  K extends TemplateKind,
  E extends z.ZodType,
  I extends z.ZodObject,
  Q extends z.ZodType = typeof TemplateListQuery,
  const X extends { key: string; input: z.ZodType; max: number } | undefined = undefined,
>(kind: K, entity: E, input: I, more: { query?: Q; items?: X; noun?: string } = {}) {
  return crudOperations({
    path: `/api/${kind}Template`,
    tag: 'templates',
    noun: more.noun ?? `${TEMPLATE_KIND_LABELS[kind].toLowerCase()} template`,
    entity,
    read: authenticated,
    write: anyOf('locations.manage'),
    wrapper: `${kind}TemplateData` as `${K}TemplateData`,
    items: more.items as X,
    list: { query: (more.query ?? TemplateListQuery) as Q },
    get: {},
    create: { input },
    update: { input: patchOf(input) },
    remove: {},
  });
}

// ---------- email ----------
export const EmailTemplate = z.object({ ...base, subject: z.string(), body: z.string() });
export type EmailTemplate = z.infer<typeof EmailTemplate>;
/** The body is Markdown with merge fields; sent as HTML with a plain-text part. */
export const EmailTemplateInput = z.object({
  ...baseInput,
  subject: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  body: templateBody(),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateInput>;
export const emailTemplateOps = templateOps('email', EmailTemplate, EmailTemplateInput);

// ---------- SMS ----------
export const SmsTemplate = z.object({ ...base, type: z.enum(SMS_TEMPLATE_TYPES), body: z.string() });
export type SmsTemplate = z.infer<typeof SmsTemplate>;
export const SmsTemplateInput = z.object({
  ...baseInput,
  type: z.enum(SMS_TEMPLATE_TYPES).default('general'),
  body: z.string().min(1, 'is required').max(SMS_BODY_MAX, 'Message must be less than 1000 characters'),
});
export type SmsTemplateInput = z.input<typeof SmsTemplateInput>;
/** SMS lists take the extra `type` (SPEC §7). */
export const SmsTemplateListQuery = TemplateListQuery.extend({ type: z.enum(SMS_TEMPLATE_TYPES).optional() });
export const smsTemplateOps = templateOps('sms', SmsTemplate, SmsTemplateInput, { query: SmsTemplateListQuery, noun: 'SMS template' });

// ---------- note ----------
export const NoteTemplate = z.object({ ...base, body: z.string() });
export type NoteTemplate = z.infer<typeof NoteTemplate>;
export const NoteTemplateInput = z.object({ ...baseInput, body: templateBody(10_000).min(1, 'is required') });
export type NoteTemplateInput = z.input<typeof NoteTemplateInput>;
export const noteTemplateOps = templateOps('note', NoteTemplate, NoteTemplateInput);

// ---------- PDF (the page a document or invoice is printed on) ----------
export const PDF_PAGE_SIZES = ['LETTER', 'A4'] as const;
export const PDF_ORIENTATIONS = ['portrait', 'landscape'] as const;
export const PdfTemplate = z.object({
  ...base,
  pageSize: z.enum(PDF_PAGE_SIZES),
  orientation: z.enum(PDF_ORIENTATIONS),
  /** letterhead text beside the location's logo; Markdown with merge fields */
  header: z.string(),
  footer: z.string(),
  showLogo: z.boolean(),
  showPageNumbers: z.boolean(),
});
export type PdfTemplate = z.infer<typeof PdfTemplate>;
export const PdfTemplateInput = z.object({
  ...baseInput,
  pageSize: z.enum(PDF_PAGE_SIZES).default('LETTER'),
  orientation: z.enum(PDF_ORIENTATIONS).default('portrait'),
  header: templateBody(2_000).default(''),
  footer: templateBody(2_000).default(''),
  showLogo: z.boolean().default(true),
  showPageNumbers: z.boolean().default(true),
});
export type PdfTemplateInput = z.input<typeof PdfTemplateInput>;
export const pdfTemplateOps = templateOps('pdf', PdfTemplate, PdfTemplateInput);

// ---------- document (a letter or certificate made into a PDF of a client or patient) ----------
export const DocumentTemplate = z.object({ ...base, body: z.string(), pdfTemplateId: z.string().nullable() });
export type DocumentTemplate = z.infer<typeof DocumentTemplate>;
export const DocumentTemplateInput = z.object({
  ...baseInput,
  body: templateBody().min(1, 'is required'),
  /** the page it is printed on; none: a plain page */
  pdfTemplateId: idField().nullable().default(null),
});
export type DocumentTemplateInput = z.input<typeof DocumentTemplateInput>;
export const documentTemplateOps = templateOps('document', DocumentTemplate, DocumentTemplateInput);

// ---------- form (fields a client fills in and signs) ----------
export const FORM_FIELD_TYPES = ['text', 'longText', 'choice', 'checkbox', 'date', 'number', 'signature', 'consent'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  longText: 'Long text',
  choice: 'Choice',
  checkbox: 'Checkbox',
  date: 'Date',
  number: 'Number',
  signature: 'Signature',
  consent: 'Consent clause',
};
/** What a form is for: the appointment links consent forms; billing and aftercare read them (0097). */
export const FORM_PURPOSES = ['general', 'euthanasia_consent', 'cremation_choice'] as const;
export type FormPurpose = (typeof FORM_PURPOSES)[number];
export const FORM_PURPOSE_LABELS: Record<FormPurpose, string> = {
  general: 'General',
  euthanasia_consent: 'Euthanasia consent',
  cremation_choice: 'Cremation choice',
};
/**
 * What an answer asks for (decision 0185): a ticked checkbox (option null), or one option of a
 * choice field picked, names an add-on of the form's location and/or an aftercare choice. Staff
 * accept what a submission asks for on its appointment in one click.
 */
export const FormFieldMapping = z.object({
  /** the choice field's option; null for a checkbox (when ticked) */
  option: z.string().trim().max(100, 'must be at most 100 characters').nullable().default(null),
  addOnId: idField().nullable().default(null),
  cremationType: cremationTypeField().nullable().default(null),
  ashesDisposition: ashesDispositionField().nullable().default(null),
});
export type FormFieldMapping = z.infer<typeof FormFieldMapping>;
export const SavedFormFieldMapping = z.object({
  option: z.string().nullable(),
  addOnId: z.string().nullable(),
  cremationType: z.enum(CREMATION_TYPES).nullable(),
  ashesDisposition: z.enum(ASHES_DISPOSITIONS).nullable(),
});
/** The field types whose answers may ask for add-ons and aftercare. */
export const MAPPABLE_FIELD_TYPES: readonly string[] = ['checkbox', 'choice'];

export const FormField = z.object({
  /** the answer's key: letters, digits and underscores, unique in the form */
  key: z.string().regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, 'must start with a small letter and use only letters, digits and _'),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  required: z.boolean().default(false),
  help: optionalText(500).default(null),
  /** the choices of a `choice` field */
  options: z.array(z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters')).max(30).default([]),
  /** the clause a `consent` field asks the client to accept (merge fields allowed) */
  text: templateBody(5_000).nullable().default(null),
  /** checkbox and choice fields: the add-ons and aftercare their answers ask for */
  mappings: z.array(FormFieldMapping).max(30, 'must have at most 30 mappings').optional(),
});
export type FormField = z.infer<typeof FormField>;
/**
 * A field as answers carry it: the same shape without defaults or transforms, since answers are
 * encoded through their schema (a transform cannot run backwards).
 */
export const SavedFormField = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  help: z.string().nullable(),
  options: z.array(z.string()),
  text: z.string().nullable(),
  /** absent on fields saved before forms could ask for add-ons */
  mappings: z.array(SavedFormFieldMapping).optional(),
});
/** What is wrong with a field's mappings, each with its index (null: the list as a whole). */
function mappingProblems(f: FormField): [number | null, string][] {
  if (!f.mappings?.length) return [];
  if (!MAPPABLE_FIELD_TYPES.includes(f.type)) return [[null, 'only a checkbox or a choice field asks for add-ons or aftercare']];
  const problems: [number | null, string][] = [];
  const seen = new Set<string | null>();
  f.mappings.forEach((m, j) => {
    if (f.type === 'checkbox' && m.option !== null) problems.push([j, 'a checkbox asks when ticked: option must be empty']);
    if (f.type === 'choice' && (m.option === null || !f.options.includes(m.option))) problems.push([j, 'option: must be one of the field’s choices']);
    if (seen.has(m.option)) problems.push([j, 'option: is mapped twice']);
    seen.add(m.option);
    if (!m.addOnId && !m.cremationType && !m.ashesDisposition) problems.push([j, 'must name an add-on, a cremation type or what becomes of the ashes']);
  });
  return problems;
}

export const FormTemplate = z.object({
  ...base,
  description: z.string().nullable(),
  purpose: z.enum(FORM_PURPOSES),
  fields: z.array(SavedFormField),
  /** JSON Schema and UI schema derived from `fields` when saved; the form is rendered from them */
  schema: z.record(z.string(), z.unknown()),
  uiSchema: z.record(z.string(), z.unknown()),
  /** goes up by one whenever the fields change; a submission records the version it answered */
  version: z.number().int(),
});
export type FormTemplate = z.infer<typeof FormTemplate>;
export const FormTemplateInput = z.object({
  ...baseInput,
  description: optionalText(2_000).default(null),
  purpose: z.enum(FORM_PURPOSES).default('general'),
  fields: z
    .array(FormField)
    .min(1, 'must have at least one field')
    .max(60, 'must have at most 60 fields')
    .refine((f) => new Set(f.map((x) => x.key)).size === f.length, 'field keys must differ')
    .superRefine((fields, ctx) => {
      fields.forEach((f, i) => {
        if (f.type === 'choice' && f.options.length === 0) ctx.addIssue({ code: 'custom', path: [i, 'options'], message: 'must have at least one choice' });
        if (f.type === 'consent' && !f.text?.trim()) ctx.addIssue({ code: 'custom', path: [i, 'text'], message: 'is required' });
        for (const [j, problem] of mappingProblems(f)) ctx.addIssue({ code: 'custom', path: [i, 'mappings', ...(j === null ? [] : [j])], message: problem });
      });
      // one signature per submission: its evidence (name, time, IP) is the submission's (0101)
      if (fields.filter((f) => f.type === 'signature').length > 1) ctx.addIssue({ code: 'custom', message: 'must have at most one signature field' });
    }),
});
export type FormTemplateInput = z.input<typeof FormTemplateInput>;
export const formTemplateOps = templateOps('form', FormTemplate, FormTemplateInput);

// ---------- invoice (header data plus items, SPEC §3) ----------
export const InvoiceTemplateItem = z.object({
  id: z.string(),
  position: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  /** integer minor units of the account's currency (cents) */
  unitPrice: z.number().int(),
  serviceId: z.string().nullable(),
  addOnId: z.string().nullable(),
});
export type InvoiceTemplateItem = z.infer<typeof InvoiceTemplateItem>;
export const InvoiceTemplateItemInput = z.object({
  description: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
  quantity: z.number({ message: 'must be a number' }).positive('must be more than 0')
    .max(10_000, 'must be at most 10000')
    .refine((v) => Math.round(v * 1000) === v * 1000, 'must have at most three decimals'),
  unitPrice: z.number({ message: 'must be a number' }).int('must be whole cents').min(0, 'must be 0 or more').max(100_000_000, 'must be at most 100000000'),
  serviceId: idField().nullable().default(null),
  addOnId: idField().nullable().default(null),
});
export type InvoiceTemplateItemInput = z.input<typeof InvoiceTemplateItemInput>;
export const InvoiceTemplate = z.object({
  ...base,
  /** printed under the lines (payment terms, thanks); Markdown with merge fields */
  notes: z.string(),
  pdfTemplateId: z.string().nullable(),
  items: z.array(InvoiceTemplateItem),
});
export type InvoiceTemplate = z.infer<typeof InvoiceTemplate>;
export const InvoiceTemplateInput = z.object({
  ...baseInput,
  notes: templateBody(5_000).default(''),
  pdfTemplateId: idField().nullable().default(null),
});
export type InvoiceTemplateInput = z.input<typeof InvoiceTemplateInput>;
export const invoiceTemplateOps = templateOps('invoice', InvoiceTemplate, InvoiceTemplateInput, {
  items: { key: 'invoiceTemplateItems', input: InvoiceTemplateItemInput, max: 200 },
});

/** Every kind's operations, for code that treats the kinds alike (menus, the editor page). */
export const TEMPLATE_OPS = {
  invoice: invoiceTemplateOps,
  document: documentTemplateOps,
  email: emailTemplateOps,
  pdf: pdfTemplateOps,
  form: formTemplateOps,
  note: noteTemplateOps,
  sms: smsTemplateOps,
} as const;

/** Render a template with sample data, or with a real record's, and report its problems by line. */
export const TemplatePreviewInput = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  /** the texts of the template as edited, e.g. {subject, body} of an email, {header, footer} of a PDF page */
  parts: z.record(z.string(), z.string().max(TEMPLATE_BODY_MAX, `must be at most ${TEMPLATE_BODY_MAX} characters`)),
  /** a real record to fill it from instead of the samples */
  clientId: idField().optional(),
  patientId: idField().optional(),
  appointmentId: idField().optional(),
  locationId: idField().optional(),
});
export type TemplatePreviewInput = z.input<typeof TemplatePreviewInput>;
export const TemplateProblem = z.object({ part: z.string(), line: z.number().int().nullable(), message: z.string() });
export type TemplateProblem = z.infer<typeof TemplateProblem>;
export const TemplatePreview = z.object({
  /** each part rendered: plain text, and for Markdown parts (email and document bodies) `<part>Html` too */
  parts: z.record(z.string(), z.string()),
  problems: z.array(TemplateProblem),
  /** SMS only: how many segments the text takes (GSM-7: 160/153, else UCS-2: 70/67) */
  smsSegments: z.number().int().nullable(),
});
export type TemplatePreview = z.infer<typeof TemplatePreview>;
export const previewTemplate = operation({
  method: 'POST',
  path: '/api/template/preview',
  access: authenticated,
  tag: 'templates',
  summary: 'Render a template as edited with sample data (or a record’s), with its problems by line',
  body: wrapped(TemplatePreviewInput),
  response: TemplatePreview,
});

/**
 * An email template filled from the records a person has in view (the client, and as the place has
 * them the patient, the appointment, the invoice), to start an email from: the subject and the body
 * as plain text, the merged values as written. The person edits it and sends it as they see it
 * (docs/decisions/0194). Fields no record fills are empty, never samples.
 */
export const RenderEmailTemplateInput = z.object({
  clientId: idField(),
  /** else the appointment's first patient */
  patientId: idField().optional(),
  appointmentId: idField().optional(),
  /** an invoice or credit note of the client: fills the invoice fields */
  invoiceId: idField().optional(),
});
export type RenderEmailTemplateInput = z.input<typeof RenderEmailTemplateInput>;
export const RenderedEmail = z.object({ subject: z.string(), body: z.string() });
export type RenderedEmail = z.infer<typeof RenderedEmail>;
export const renderEmailTemplate = operation({
  method: 'POST',
  path: '/api/emailTemplate/{id}/render',
  access: authenticated,
  tag: 'templates',
  summary: 'An email template filled from the client’s records in view (patient, appointment, invoice), to start an email from',
  params: IdParams,
  body: wrapped(RenderEmailTemplateInput),
  response: RenderedEmail,
});

/**
 * An SMS template filled from the client's records in view (and as the place has them the patient
 * and the appointment), to start a text from (SMS chat's composer): the body as plain text, the
 * merged values as written, like the email's render (docs/decisions/0194). Fields no record fills
 * are empty, never samples.
 */
export const RenderSmsTemplateInput = z.object({
  clientId: idField(),
  /** the location the text goes out from (its name, address and phone fill location.*); else the client's */
  locationId: idField().optional(),
  /** else the appointment's first patient */
  patientId: idField().optional(),
  appointmentId: idField().optional(),
});
export type RenderSmsTemplateInput = z.input<typeof RenderSmsTemplateInput>;
export const RenderedSms = z.object({ body: z.string() });
export type RenderedSms = z.infer<typeof RenderedSms>;
export const renderSmsTemplate = operation({
  method: 'POST',
  path: '/api/smsTemplate/{id}/render',
  access: authenticated,
  tag: 'templates',
  summary: 'An SMS template filled from the client’s records in view (patient, appointment), to start a text from',
  params: IdParams,
  body: wrapped(RenderSmsTemplateInput),
  response: RenderedSms,
});
