// A user's saved filter sets of the reports (decision 0261): each read and write is the signed-in
// user's own; another user's or account's id is a 404, a second set of one name a 409. A set may
// keep a moving range instead of its dates (decision 0287): its days are worked out on every
// answer, on the calendar of the set's location, or of the account's first location without one.
import {
  filtersOnDay,
  localDate,
  REPORT_FILTER_SET_MESSAGES,
  reportFilterSetIssues,
  type ReportFilterSet,
  type ReportFilters,
  type ReportId,
  type ReportRange,
} from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { locationsRepository } from '../locations/index.js';
import { FILTER_SET_NAME_UNIQUE, reportFilterSetsRepository as repo, type ReportFilterSetRow } from './report-filter-sets.repository.js';

/** What a set keeps: with a moving range no dates (the range gives them each time), else the filters as given. */
function kept(filters: ReportFilters, range: ReportRange | null): Record<string, string> {
  if (!range) return filters;
  const { from: _from, to: _to, ...rest } = filters;
  return rest;
}

/** The set as answered `today` (its location's or the account's): a moving range's days put in. */
const toSet = (row: ReportFilterSetRow, today: string): ReportFilterSet => {
  const range = row.range as ReportRange | null;
  return {
    id: row.id,
    report: row.report as ReportId,
    name: row.name,
    filters: filtersOnDay({ filters: row.filters, range }, today),
    range,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

export class ReportFilterSetsService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, report: ReportId): Promise<ReportFilterSet[]> {
    return this.answered(auth, await repo.listFor(this.db, auth, auth.userId, report));
  }

  async create(auth: AuthContext, input: { report: ReportId; name: string; filters: ReportFilters; range?: ReportRange | null | undefined }): Promise<ReportFilterSet> {
    const range = input.range ?? null;
    const row = await this.unique(() =>
      repo.insert(this.db, auth, { userId: auth.userId, report: input.report, name: input.name, filters: kept(input.filters, range), range }),
    );
    const [set] = await this.answered(auth, [row]);
    return set!;
  }

  async update(
    auth: AuthContext,
    id: string,
    patch: { name?: string | undefined; filters?: ReportFilters | undefined; range?: ReportRange | null | undefined },
  ): Promise<ReportFilterSet> {
    const own = await repo.findOwn(this.db, auth, auth.userId, id);
    if (!own) throw notFound();
    const changesDates = patch.filters !== undefined || patch.range !== undefined;
    // A range dropped without new filters keeps the days it gave today as the set's dates.
    const range = patch.range !== undefined ? patch.range : (own.range as ReportRange | null);
    const filters = patch.filters ?? (patch.range === null ? (await this.answered(auth, [own]))[0]!.filters : own.filters);
    if (changesDates) {
      const [issue] = reportFilterSetIssues(own.report as ReportId, filters, range);
      if (issue) throw badRequest(`${issue.path.join('.')}: ${issue.message}`);
    }
    const row = await this.unique(() =>
      repo.update(this.db, auth, id, { ...(patch.name !== undefined && { name: patch.name }), ...(changesDates && { filters: kept(filters, range), range }) }),
    );
    if (!row) throw notFound();
    const [set] = await this.answered(auth, [row]);
    return set!;
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const own = await repo.findOwn(this.db, auth, auth.userId, id);
    if (!own || !(await repo.remove(this.db, auth, id))) throw notFound();
  }

  /** The rows as answered now; the zones are read only when a set keeps a moving range. */
  private async answered(auth: AuthContext, rows: readonly ReportFilterSetRow[]): Promise<ReportFilterSet[]> {
    const moving = rows.filter((r) => r.range);
    if (moving.length === 0) return rows.map((r) => toSet(r, ''));
    const zones = await locationsRepository.timezonesOf(
      this.db,
      auth,
      moving.flatMap((r) => (r.filters.locationId ? [r.filters.locationId] : [])),
    );
    // A set without a location, or with one since deleted, is on the account's calendar.
    const zoneOf = (row: ReportFilterSetRow) => zones.get(row.filters.locationId ?? '');
    const accountZone = moving.every(zoneOf) ? undefined : await this.accountZone(auth);
    const now = new Date();
    return rows.map((row) => toSet(row, row.range ? localDate(now, (zoneOf(row) ?? accountZone)!) : ''));
  }

  /** The account's zone: its first location's (the one it was made with), UTC if it has none. */
  private async accountZone(auth: AuthContext): Promise<string> {
    const all = await locationsRepository.listSorted(this.db, auth, {});
    const first = all.reduce<(typeof all)[number] | undefined>((a, l) => (!a || l.createdAt < a.createdAt ? l : a), undefined);
    return first?.timezone ?? 'UTC';
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
