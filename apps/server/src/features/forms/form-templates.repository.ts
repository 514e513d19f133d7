import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { formTemplates, smsTemplates } from '../templates/templates.table.js';

export const formTemplatesRepository = tenantRepository(formTemplates);
export type FormTemplateRow = typeof formTemplates.$inferSelect;

/** A location's form templates (or the account's), by name. */
export function formTemplateListOptions(q: { locationId?: string | undefined }): ListOptions {
  return {
    where: q.locationId ? eq(formTemplates.locationId, q.locationId) : undefined,
    orderBy: [asc(sql`lower(${formTemplates.name})`), asc(formTemplates.id)],
  };
}

const smsTemplateRows = tenantRepository(smsTemplates);

/** The location's SMS template for form links (type form_request), the first by name, if it has one. */
export async function formRequestSmsTemplate(ex: Executor, scope: Scope, locationId: string) {
  const [row] = await smsTemplateRows.list(ex, scope, {
    where: and(eq(smsTemplates.locationId, locationId), eq(smsTemplates.type, 'form_request')),
    orderBy: [asc(sql`lower(${smsTemplates.name})`), asc(smsTemplates.id)],
    limit: 1,
  });
  return row;
}
