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
import { TenantCrudService, type CrudDefinition, type ItemsDefinition } from '../../platform/crud.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { checkTemplate, describeProblem, limitProblem } from '../../platform/template-engine.js';
import type { NewRow, Row, RowPatch, Scope, TenantRepository, TenantTable } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { locationOwnership } from '../locations/index.js';
import type { documentTemplates, emailTemplates, invoiceTemplateItems, invoiceTemplates, noteTemplates, pdfTemplates, smsTemplates } from './templates.table.js';
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
  type TemplateFilter,
  type TemplateTable,
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

/** What every kind's answer has besides its own fields. */
type TemplateHeader = { id: string; locationId: string; name: string; createdAt: string; updatedAt: string };
type HeaderRow = { id: string; locationId: string; name: string; createdAt: Date; updatedAt: Date; pdfTemplateId?: string | null };

/**
 * One kind of template (every one but form templates, which the forms feature keeps): what makes
 * it differ from the others. The rest is the same for all: a CRUD entity of the kit under
 * `<kind>Template`, owned by a location, listed by location and name, its text parts checked on
 * every save.
 */
export interface TemplateKindDefinition<T extends TemplateTable, E extends TemplateHeader, C, Q, I = never, CT extends TenantTable = TenantTable> {
  kind: Exclude<TemplateKind, 'form'>;
  repository: TenantRepository<T>;
  /** the kind's own fields of its answer (the header's id, location, name and times, and its items, are added) */
  fields(row: Row<T>): Omit<E, keyof TemplateHeader | 'items'>;
  /** the text parts checked before a save (400 on a problem, 422 over the render limits) */
  parts: readonly (keyof C & string)[];
  /** printed on a PDF page (`pdfTemplateId`): a PDF template of the account and of the template's location */
  printed?: boolean;
  /** what the list filters by besides the location (an SMS template's type) */
  listWhere?(query: Q): TemplateFilter | undefined;
  /** lines sent and answered beside the header (an invoice template's), each answered by `toEntity` */
  items?: ItemsDefinition<T, I, CT> & { toEntity(row: Row<CT>): unknown };
}

/** A kind of template as the CRUD kit's definition. */
export function templateKind<T extends TemplateTable, E extends TemplateHeader, C extends object, Q extends Query, I = never, CT extends TenantTable = TenantTable>(
  def: TemplateKindDefinition<T, E, C, Q, I, CT>,
): CrudDefinition<T, E, C, Partial<C>, Q, E, I> {
  const { kind, parts, printed, items } = def;
  return {
    entityType: `${kind}Template`,
    repository: def.repository,
    toEntities: async (ex, scope, rows) => {
      const lines = items ? await items.table.of(ex, scope, rows.map((r) => (r as HeaderRow).id)) : undefined;
      return rows.map((row) => {
        const r = row as HeaderRow;
        return {
          id: r.id,
          locationId: r.locationId,
          name: r.name,
          ...def.fields(row),
          ...(lines && { items: (lines.get(r.id) ?? []).map((line) => items!.toEntity(line as Row<CT>)) }),
          ...times(r),
        } as unknown as E;
      });
    },
    listOptions: (q) => templateListOptions(def.repository.table, q, def.listWhere?.(q)),
    location: locationOwnership,
    prepareCreate: async (ex, caller, input) => {
      await assertTemplateParts(kind, input, parts);
      if (printed) {
        const { pdfTemplateId, locationId } = input as unknown as HeaderRow;
        await assertPdfTemplate(ex, caller, pdfTemplateId ?? null, locationId);
      }
      return input as unknown as NewRow<T>;
    },
    preparePatch: async (ex, scope, input, existing) => {
      await assertTemplateParts(kind, input, parts);
      if (printed) {
        const before = existing as HeaderRow;
        await assertPdfTemplatePatch(ex, scope, input as Partial<HeaderRow>, { pdfTemplateId: before.pdfTemplateId ?? null, locationId: before.locationId });
      }
      return input as unknown as RowPatch<T>;
    },
    ...(items && { items }),
  };
}

// ---------- the six kinds ----------
type SmsQuery = z.output<typeof SmsTemplateListQuery>;
type Input<S extends z.ZodType> = z.output<S>;

const emailKind = templateKind<typeof emailTemplates, EmailTemplate, Input<typeof EmailTemplateInput>, Query>({
  kind: 'email',
  repository: emailTemplatesRepository,
  fields: (r) => ({ subject: r.subject, body: r.body }),
  parts: ['subject', 'body'],
});

const smsKind = templateKind<typeof smsTemplates, SmsTemplate, Input<typeof SmsTemplateInput>, SmsQuery>({
  kind: 'sms',
  repository: smsTemplatesRepository,
  fields: (r) => ({ type: r.type as SmsTemplateType, body: r.body }),
  parts: ['body'],
  listWhere: (q) => (q.type ? smsTypeFilter(q.type) : undefined),
});

const noteKind = templateKind<typeof noteTemplates, NoteTemplate, Input<typeof NoteTemplateInput>, Query>({
  kind: 'note',
  repository: noteTemplatesRepository,
  fields: (r) => ({ body: r.body }),
  parts: ['body'],
});

/** Deleting a PDF template clears the documents' and invoices' references to it (the tenant repository does, 0042). */
const pdfKind = templateKind<typeof pdfTemplates, PdfTemplate, Input<typeof PdfTemplateInput>, Query>({
  kind: 'pdf',
  repository: pdfTemplatesRepository,
  fields: (r) => ({
    pageSize: r.pageSize as PdfTemplate['pageSize'],
    orientation: r.orientation as PdfTemplate['orientation'],
    header: r.header,
    footer: r.footer,
    showLogo: r.showLogo,
    showPageNumbers: r.showPageNumbers,
  }),
  parts: ['header', 'footer'],
});

const documentKind = templateKind<typeof documentTemplates, DocumentTemplate, Input<typeof DocumentTemplateInput>, Query>({
  kind: 'document',
  repository: documentTemplatesRepository,
  fields: (r) => ({ body: r.body, pdfTemplateId: r.pdfTemplateId }),
  parts: ['body'],
  printed: true,
});

const invoiceKind = templateKind<
  typeof invoiceTemplates,
  InvoiceTemplate,
  Input<typeof InvoiceTemplateInput>,
  Query,
  Input<typeof InvoiceTemplateItemInput>,
  typeof invoiceTemplateItems
>({
  kind: 'invoice',
  repository: invoiceTemplatesRepository,
  fields: (r) => ({ notes: r.notes, pdfTemplateId: r.pdfTemplateId }),
  parts: ['notes'],
  printed: true,
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
      return items.map((i) => ({ description: i.description, quantity: i.quantity, unitPrice: i.unitPrice, serviceId: i.serviceId, addOnId: i.addOnId }));
    },
    toEntity: (i) => ({
      id: i.id,
      position: i.position,
      description: i.description,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      serviceId: i.serviceId,
      addOnId: i.addOnId,
    }),
  },
});

/** The six kinds' services, each the CRUD kit's on its kind (the container's `<kind>Templates`). */
export function templateServices(db: Db, audit: AuditService) {
  return {
    emailTemplates: new TenantCrudService(db, audit, emailKind),
    smsTemplates: new TenantCrudService(db, audit, smsKind),
    noteTemplates: new TenantCrudService(db, audit, noteKind),
    pdfTemplates: new TenantCrudService(db, audit, pdfKind),
    documentTemplates: new TenantCrudService(db, audit, documentKind),
    invoiceTemplates: new TenantCrudService(db, audit, invoiceKind),
  };
}
