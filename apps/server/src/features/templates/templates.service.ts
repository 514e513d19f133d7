import type {
  DocumentTemplate,
  DocumentTemplateInput,
  EmailTemplate,
  EmailTemplateInput,
  InvoiceTemplate,
  InvoiceTemplateInput,
  InvoiceTemplateItemInput,
  NoteTemplate,
  NoteTemplateInput,
  PdfTemplate,
  PdfTemplateInput,
  SmsTemplate,
  SmsTemplateInput,
  SmsTemplateListQuery,
  SmsTemplateType,
  TemplateKind,
  TemplateListQuery,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { TenantCrudService } from '../../platform/crud.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { checkTemplate, describeProblem, limitProblem } from '../../platform/template-engine.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/audit.service.js';
import { locationOwnership } from '../locations/locations.service.js';
import type { documentTemplates, emailTemplates, invoiceTemplates, noteTemplates, pdfTemplates, smsTemplates } from './templates.table.js';
import {
  documentTemplatesRepository,
  emailTemplatesRepository,
  findPdfTemplate,
  invoiceItemReferences,
  invoiceTemplateItemsTable,
  invoiceTemplatesRepository,
  noteTemplatesRepository,
  pdfTemplatesRepository,
  smsTemplatesRepository,
  smsTypeFilter,
  templateListOptions,
  type DocumentTemplateRow,
  type EmailTemplateRow,
  type InvoiceTemplateRow,
  type NoteTemplateRow,
  type PdfTemplateRow,
  type SmsTemplateRow,
} from './templates.repository.js';

type Query = z.output<typeof TemplateListQuery>;

export const UNKNOWN_PDF_TEMPLATE = 'pdfTemplateId: unknown PDF template';
export const PDF_TEMPLATE_ELSEWHERE = 'pdfTemplateId: must be a PDF template of the same location';

/**
 * Every text part of a template is checked before it is stored: the first problem answers 400
 * naming the part and the line ("body: line 3: unknown merge field client.foo"). Then each part is
 * rendered once with the kind's sample data: one over the render limits (it would stall every
 * render of it) answers 422 the same way ("body: line 2: the template repeats too much").
 */
export async function assertTemplateParts(kind: TemplateKind, input: object, parts: readonly string[]): Promise<void> {
  for (const part of parts) {
    const source = (input as Record<string, unknown>)[part];
    if (typeof source !== 'string') continue;
    const [problem] = checkTemplate(source, kind);
    if (problem) throw badRequest(`${part}: ${describeProblem(problem)}`);
    const overLimit = await limitProblem(source, kind);
    if (overLimit) throw new HttpError(422, `${part}: ${describeProblem(overLimit)}`);
  }
}

/** The create and update hooks of a kind whose only rule is that its text parts are checked. */
function checkedTextParts(kind: TemplateKind, parts: readonly string[]) {
  const check = async <I extends object>(_ex: Executor, _scope: Scope, input: I): Promise<I> => {
    await assertTemplateParts(kind, input, parts);
    return input;
  };
  return { prepareCreate: check, preparePatch: check };
}

const times = (r: { createdAt: Date; updatedAt: Date }) => ({ createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

/**
 * The page a document or invoice is printed on: a PDF template of the account (400 otherwise) and
 * of the template's own location. Share-locked, so a delete of it waits for this write.
 */
async function assertPdfTemplate(ex: Executor, scope: Scope, pdfTemplateId: string | null, locationId: string): Promise<void> {
  if (!pdfTemplateId) return;
  const pdf = await findPdfTemplate(ex, scope, pdfTemplateId);
  if (!pdf) throw badRequest(UNKNOWN_PDF_TEMPLATE);
  if (pdf.locationId !== locationId) throw badRequest(PDF_TEMPLATE_ELSEWHERE);
}

/** On an update: the PDF template and location as they will be, checked when either changes. */
async function assertPdfTemplatePatch(
  ex: Executor,
  scope: Scope,
  input: { pdfTemplateId?: string | null | undefined; locationId?: string | undefined },
  existing: { pdfTemplateId: string | null; locationId: string },
): Promise<void> {
  const pdfTemplateId = input.pdfTemplateId !== undefined ? input.pdfTemplateId : existing.pdfTemplateId;
  const locationId = input.locationId ?? existing.locationId;
  if (pdfTemplateId !== existing.pdfTemplateId || locationId !== existing.locationId) await assertPdfTemplate(ex, scope, pdfTemplateId, locationId);
}

// ---------- email ----------
type EmailInput = z.output<typeof EmailTemplateInput>;
const toEmail = (r: EmailTemplateRow): EmailTemplate => ({ id: r.id, locationId: r.locationId, name: r.name, subject: r.subject, body: r.body, ...times(r) });

export class EmailTemplatesService extends TenantCrudService<typeof emailTemplates, EmailTemplate, EmailInput, Partial<EmailInput>, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'emailTemplate',
      repository: emailTemplatesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toEmail),
      listOptions: (q) => templateListOptions(emailTemplatesRepository.table, q),
      location: locationOwnership,
      ...checkedTextParts('email', ['subject', 'body']),
    });
  }
}

// ---------- SMS ----------
type SmsInput = z.output<typeof SmsTemplateInput>;
type SmsQuery = z.output<typeof SmsTemplateListQuery>;
const toSms = (r: SmsTemplateRow): SmsTemplate => ({
  id: r.id,
  locationId: r.locationId,
  name: r.name,
  type: r.type as SmsTemplateType,
  body: r.body,
  ...times(r),
});

export class SmsTemplatesService extends TenantCrudService<typeof smsTemplates, SmsTemplate, SmsInput, Partial<SmsInput>, SmsQuery> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'smsTemplate',
      repository: smsTemplatesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toSms),
      listOptions: (q) => templateListOptions(smsTemplatesRepository.table, q, q.type ? smsTypeFilter(q.type) : undefined),
      location: locationOwnership,
      ...checkedTextParts('sms', ['body']),
    });
  }
}

// ---------- note ----------
type NoteInput = z.output<typeof NoteTemplateInput>;
const toNote = (r: NoteTemplateRow): NoteTemplate => ({ id: r.id, locationId: r.locationId, name: r.name, body: r.body, ...times(r) });

export class NoteTemplatesService extends TenantCrudService<typeof noteTemplates, NoteTemplate, NoteInput, Partial<NoteInput>, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'noteTemplate',
      repository: noteTemplatesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toNote),
      listOptions: (q) => templateListOptions(noteTemplatesRepository.table, q),
      location: locationOwnership,
      ...checkedTextParts('note', ['body']),
    });
  }
}

// ---------- PDF ----------
type PdfInput = z.output<typeof PdfTemplateInput>;
const toPdf = (r: PdfTemplateRow): PdfTemplate => ({
  id: r.id,
  locationId: r.locationId,
  name: r.name,
  pageSize: r.pageSize as PdfTemplate['pageSize'],
  orientation: r.orientation as PdfTemplate['orientation'],
  header: r.header,
  footer: r.footer,
  showLogo: r.showLogo,
  showPageNumbers: r.showPageNumbers,
  ...times(r),
});

/** Deleting a PDF template clears the documents' and invoices' references to it (the tenant repository does, 0042). */
export class PdfTemplatesService extends TenantCrudService<typeof pdfTemplates, PdfTemplate, PdfInput, Partial<PdfInput>, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'pdfTemplate',
      repository: pdfTemplatesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toPdf),
      listOptions: (q) => templateListOptions(pdfTemplatesRepository.table, q),
      location: locationOwnership,
      ...checkedTextParts('pdf', ['header', 'footer']),
    });
  }
}

// ---------- document ----------
type DocumentInput = z.output<typeof DocumentTemplateInput>;
const toDocument = (r: DocumentTemplateRow): DocumentTemplate => ({
  id: r.id,
  locationId: r.locationId,
  name: r.name,
  body: r.body,
  pdfTemplateId: r.pdfTemplateId,
  ...times(r),
});

export class DocumentTemplatesService extends TenantCrudService<typeof documentTemplates, DocumentTemplate, DocumentInput, Partial<DocumentInput>, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'documentTemplate',
      repository: documentTemplatesRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toDocument),
      listOptions: (q) => templateListOptions(documentTemplatesRepository.table, q),
      location: locationOwnership,
      prepareCreate: async (ex, caller, input) => {
        await assertTemplateParts('document', input, ['body']);
        await assertPdfTemplate(ex, caller, input.pdfTemplateId, input.locationId);
        return input;
      },
      preparePatch: async (ex, scope, input, existing) => {
        await assertTemplateParts('document', input, ['body']);
        await assertPdfTemplatePatch(ex, scope, input, existing);
        return input;
      },
    });
  }
}

// ---------- invoice ----------
type InvoiceInput = z.output<typeof InvoiceTemplateInput>;
type ItemInput = z.output<typeof InvoiceTemplateItemInput>;

async function toInvoices(ex: Executor, scope: Scope, rows: InvoiceTemplateRow[]): Promise<InvoiceTemplate[]> {
  const items = await invoiceTemplateItemsTable.of(
    ex,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    locationId: r.locationId,
    name: r.name,
    notes: r.notes,
    pdfTemplateId: r.pdfTemplateId,
    items: (items.get(r.id) ?? []).map((i) => ({
      id: i.id,
      position: i.position,
      description: i.description,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      serviceId: i.serviceId,
      addOnId: i.addOnId,
    })),
    ...times(r),
  }));
}

export class InvoiceTemplatesService extends TenantCrudService<
  typeof invoiceTemplates,
  InvoiceTemplate,
  InvoiceInput,
  Partial<InvoiceInput>,
  Query,
  InvoiceTemplate,
  ItemInput
> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'invoiceTemplate',
      repository: invoiceTemplatesRepository,
      toEntities: toInvoices,
      listOptions: (q) => templateListOptions(invoiceTemplatesRepository.table, q),
      location: locationOwnership,
      prepareCreate: async (ex, caller, input) => {
        await assertTemplateParts('invoice', input, ['notes']);
        await assertPdfTemplate(ex, caller, input.pdfTemplateId, input.locationId);
        return input;
      },
      preparePatch: async (ex, scope, input, existing) => {
        await assertTemplateParts('invoice', input, ['notes']);
        await assertPdfTemplatePatch(ex, scope, input, existing);
        return input;
      },
      items: {
        table: invoiceTemplateItemsTable,
        // The services and add-ons a line names must be the account's, offered at the template's location.
        prepare: async (ex, scope, items, header) => {
          const ids = (key: 'serviceId' | 'addOnId') => items.flatMap((i) => (i[key] ? [i[key]] : []));
          const services = await invoiceItemReferences(ex, scope, 'service', ids('serviceId'), header.locationId);
          const addOns = await invoiceItemReferences(ex, scope, 'addOn', ids('addOnId'), header.locationId);
          items.forEach((i, n) => {
            if (i.serviceId && !services.has(i.serviceId)) throw badRequest(`invoiceTemplateItems.${n}.serviceId: unknown service`);
            if (i.addOnId && !addOns.has(i.addOnId)) throw badRequest(`invoiceTemplateItems.${n}.addOnId: unknown add-on`);
          });
          return items.map((i) => ({
            description: i.description,
            quantity: i.quantity,
            unitPrice: i.unitPrice,
            serviceId: i.serviceId,
            addOnId: i.addOnId,
          }));
        },
      },
    });
  }
}
