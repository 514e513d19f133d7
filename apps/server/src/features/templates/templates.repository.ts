import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type ListOptions, type Scope, type TenantTable } from '../../platform/tenant-repository.js';
import { childTable } from '../../platform/tenant-row-sets.js';
import { addOnsRepository, addOns } from '../add-ons/index.js';
import { servicesRepository, services } from '../services/index.js';
import {
  documentTemplates,
  emailTemplates,
  invoiceTemplateItems,
  invoiceTemplates,
  noteTemplates,
  pdfTemplates,
  smsTemplates,
} from './templates.table.js';

export const emailTemplatesRepository = tenantRepository(emailTemplates);
export const smsTemplatesRepository = tenantRepository(smsTemplates);
export const noteTemplatesRepository = tenantRepository(noteTemplates);
export const pdfTemplatesRepository = tenantRepository(pdfTemplates);
export const documentTemplatesRepository = tenantRepository(documentTemplates);
export const invoiceTemplatesRepository = tenantRepository(invoiceTemplates);
export const invoiceTemplateItemsTable = childTable(invoiceTemplateItems, invoiceTemplateItems.invoiceTemplateId);

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type SmsTemplateRow = typeof smsTemplates.$inferSelect;
export type NoteTemplateRow = typeof noteTemplates.$inferSelect;
export type PdfTemplateRow = typeof pdfTemplates.$inferSelect;
export type DocumentTemplateRow = typeof documentTemplates.$inferSelect;
export type InvoiceTemplateRow = typeof invoiceTemplates.$inferSelect;
export type InvoiceTemplateItemRow = typeof invoiceTemplateItems.$inferSelect;

/** A kind's table: a tenant table with a location and a name (templateColumns). */
export type TemplateTable = TenantTable & { locationId: PgColumn; name: PgColumn };
/** What a kind's list filters by besides the location. */
export type TemplateFilter = SQL;

/** A kind's list: by location when asked, by name (case-insensitive), then id. */
export function templateListOptions(table: TemplateTable, q: { locationId?: string | undefined }, extra?: TemplateFilter): ListOptions {
  return {
    where: and(q.locationId ? eq(table.locationId, q.locationId) : undefined, extra),
    orderBy: [asc(sql`lower(${table.name})`), asc(table.id)],
  };
}

export const smsTypeFilter = (type: string) => eq(smsTemplates.type, type);

/** The PDF template a document or invoice template names: of the account, or undefined. */
export async function findPdfTemplate(ex: Executor, scope: Scope, id: string): Promise<PdfTemplateRow | undefined> {
  return pdfTemplatesRepository.findById(ex, scope, id, { lock: 'share' });
}

/** Which of the ids name a service (or add-on) of the account at the location. */
export async function invoiceItemReferences(
  ex: Executor,
  scope: Scope,
  kind: 'service' | 'addOn',
  ids: readonly string[],
  locationId: string,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows =
    kind === 'service'
      ? await servicesRepository.findByIds(ex, scope, ids, { where: eq(services.locationId, locationId) })
      : await addOnsRepository.findByIds(ex, scope, ids, { where: eq(addOns.locationId, locationId) });
  return new Set(rows.map((r) => r.id));
}
