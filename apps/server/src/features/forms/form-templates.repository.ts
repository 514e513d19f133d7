import { asc, eq, sql } from 'drizzle-orm';
import { tenantRepository, type ListOptions } from '../../platform/tenant-repository.js';
import { formTemplates } from './forms.table.js';

export const formTemplatesRepository = tenantRepository(formTemplates);
export type FormTemplateRow = typeof formTemplates.$inferSelect;

/** A location's form templates (or the account's), by name. */
export function formTemplateListOptions(q: { locationId?: string | undefined }): ListOptions {
  return {
    where: q.locationId ? eq(formTemplates.locationId, q.locationId) : undefined,
    orderBy: [asc(sql`lower(${formTemplates.name})`), asc(formTemplates.id)],
  };
}

