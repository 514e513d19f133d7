import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { reportFilterSets } from './report-filter-sets.table.js';

const base = tenantRepository(reportFilterSets);
export type ReportFilterSetRow = typeof reportFilterSets.$inferSelect;
export const FILTER_SET_NAME_UNIQUE = 'report_filter_sets_user_report_name_unique';

/** The saved filter sets; every read and write names its user, so a user reaches only their own. */
export const reportFilterSetsRepository = {
  listFor(ex: Executor, scope: Scope, userId: string, report: string): Promise<ReportFilterSetRow[]> {
    return base.list(ex, scope, {
      where: and(eq(reportFilterSets.userId, userId), eq(reportFilterSets.report, report)),
      orderBy: [asc(reportFilterSets.name), asc(reportFilterSets.id)],
    });
  },

  async findOwn(ex: Executor, scope: Scope, userId: string, id: string): Promise<ReportFilterSetRow | undefined> {
    const [row] = await base.list(ex, scope, { where: and(eq(reportFilterSets.id, id), eq(reportFilterSets.userId, userId)), limit: 1 });
    return row;
  },

  insert(ex: Executor, scope: Scope, values: { userId: string; report: string; name: string; filters: Record<string, string>; range: string | null }): Promise<ReportFilterSetRow> {
    return base.insert(ex, scope, values);
  },

  update(ex: Executor, scope: Scope, id: string, patch: { name?: string; filters?: Record<string, string>; range?: string | null }): Promise<ReportFilterSetRow | undefined> {
    return base.update(ex, scope, id, patch);
  },

  remove(ex: Executor, scope: Scope, id: string): Promise<boolean> {
    return base.remove(ex, scope, id);
  },
};
