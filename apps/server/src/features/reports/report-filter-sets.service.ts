// A user's saved filter sets of the reports (decision 0261): each read and write is the signed-in
// user's own; another user's or account's id is a 404, a second set of one name a 409.
import {
  REPORT_FILTER_SET_MESSAGES,
  reportFilterIssues,
  type ReportFilterSet,
  type ReportFilters,
  type ReportId,
} from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { FILTER_SET_NAME_UNIQUE, reportFilterSetsRepository as repo, type ReportFilterSetRow } from './report-filter-sets.repository.js';

const toSet = (row: ReportFilterSetRow): ReportFilterSet => ({
  id: row.id,
  report: row.report as ReportId,
  name: row.name,
  filters: row.filters,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});


export class ReportFilterSetsService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, report: ReportId): Promise<ReportFilterSet[]> {
    return (await repo.listFor(this.db, auth, auth.userId, report)).map(toSet);
  }

  async create(auth: AuthContext, input: { report: ReportId; name: string; filters: ReportFilters }): Promise<ReportFilterSet> {
    const row = await this.unique(() => repo.insert(this.db, auth, { userId: auth.userId, report: input.report, name: input.name, filters: input.filters }));
    return toSet(row);
  }

  async update(auth: AuthContext, id: string, patch: { name?: string | undefined; filters?: ReportFilters | undefined }): Promise<ReportFilterSet> {
    const own = await repo.findOwn(this.db, auth, auth.userId, id);
    if (!own) throw notFound();
    const filters = patch.filters;
    if (filters) {
      const [issue] = reportFilterIssues(own.report as ReportId, filters);
      if (issue) throw badRequest(`${issue.path.join('.')}: ${issue.message}`);
    }
    const row = await this.unique(() => repo.update(this.db, auth, id, { ...(patch.name !== undefined && { name: patch.name }), ...(filters && { filters }) }));
    if (!row) throw notFound();
    return toSet(row);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const own = await repo.findOwn(this.db, auth, auth.userId, id);
    if (!own || !(await repo.remove(this.db, auth, id))) throw notFound();
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, FILTER_SET_NAME_UNIQUE)) throw conflict(REPORT_FILTER_SET_MESSAGES.duplicate);
      throw err;
    }
  }
}
