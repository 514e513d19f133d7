import { z } from 'zod';
import { anyOf, operation } from './operation.js';
import { EndOfLifeQuery } from './report-end-of-life.js';
import { ControlledDrugLedgerQuery, ExpiringStockQuery, StockValuationQuery } from './report-inventory.js';
import { MissedChargesReportQuery } from './report-missed-charges.js';
import { VaccinationsDueQuery } from './report-vaccinations.js';
import { AgeingQuery, AppointmentReportQuery, PaymentsByTypeQuery, RevenueQuery } from './reports.js';
import { IdParams, instantField, nameField, OkResponse } from './rules.js';
import { addDays, parseLocalDate } from './zoned-time.js';

/**
 * Saved filter sets (issue 36): a user's named filters of one report, theirs alone (decision 0261).
 * Each set's filters are checked against its report's own query, so a set always opens a report
 * the server accepts. A new report joins by a line in REPORT_QUERIES.
 */
export const REPORT_QUERIES = {
  revenue: RevenueQuery,
  receivablesAgeing: AgeingQuery,
  paymentsByType: PaymentsByTypeQuery,
  appointmentsByStatus: AppointmentReportQuery,
  missedCharges: MissedChargesReportQuery,
  endOfLife: EndOfLifeQuery,
  vaccinationsDue: VaccinationsDueQuery,
  stockValuation: StockValuationQuery,
  expiringStock: ExpiringStockQuery,
  controlledDrugLedger: ControlledDrugLedgerQuery,
} as const satisfies Record<string, z.ZodType>;
export type ReportId = keyof typeof REPORT_QUERIES;
export const REPORT_IDS = Object.keys(REPORT_QUERIES) as ReportId[];

/** What never belongs in a saved set: the answer's shape and its page. */
const NOT_FILTERS = new Set(['format', 'limit', 'offset']);
export const REPORT_FILTER_SET_MESSAGES = {
  duplicate: 'You already have a saved filter set with this name for this report',
  notAFilter: 'is not a filter of this report',
} as const;

/** The filters as the query string carries them: names to text values; an empty value is no filter and is dropped. */
const filterValues = () => z.record(z.string(), z.string().max(200, 'must be at most 200 characters'));
export const ReportFilters = filterValues().transform((filters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')));
export type ReportFilters = z.output<typeof ReportFilters>;

/** The issues of `filters` for `report`, each with its path under `filters` (none: they are good). */
export function reportFilterIssues(report: ReportId, filters: ReportFilters): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (const key of Object.keys(filters)) if (NOT_FILTERS.has(key)) issues.push({ path: ['filters', key], message: REPORT_FILTER_SET_MESSAGES.notAFilter });
  const query = REPORT_QUERIES[report] as z.ZodType;
  const parsed = query.safeParse(filters);
  if (!parsed.success) for (const issue of parsed.error.issues) issues.push({ path: ['filters', ...(issue.path as (string | number)[])], message: issue.message });
  else {
    const known = new Set(Object.keys(parsed.data as object));
    for (const key of Object.keys(filters)) if (!known.has(key) && !NOT_FILTERS.has(key)) issues.push({ path: ['filters', key], message: REPORT_FILTER_SET_MESSAGES.notAFilter });
  }
  return issues;
}

/**
 * A moving range a set may keep instead of its dates (decision 0287): its days worked out each
 * time the set is applied, on the calendar of the set's location (or the account's). Those "to
 * date" end today; the others are whole periods before this one.
 */
export const REPORT_RANGES = ['last7Days', 'last30Days', 'thisMonth', 'lastMonth', 'thisYear', 'lastYear'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
  lastYear: 'Last year',
};
export const REPORT_RANGE_MESSAGES = {
  unknown: `must be one of ${REPORT_RANGES.join(', ')}`,
  noDates: 'this report takes no dates to keep moving',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** A moving range's first and last days (both included) seen from `today` (YYYY-MM-DD). */
export function resolveReportRange(range: ReportRange, today: string): { from: string; to: string } {
  const { year, month } = parseLocalDate(today);
  const firstOfMonth = `${year}-${pad(month)}-01`;
  switch (range) {
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: firstOfMonth, to: today };
    case 'lastMonth': {
      const to = addDays(firstOfMonth, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}

/** Whether a report takes a range of days (from, to), so a moving range means something to it. */
export function reportTakesDates(report: ReportId): boolean {
  const sample = resolveReportRange('lastMonth', '2026-01-15');
  const parsed = (REPORT_QUERIES[report] as z.ZodType).safeParse(sample);
  return parsed.success && 'from' in (parsed.data as object);
}

/**
 * A set's filters with its moving range's days put in (from and to replaced), as the report is
 * asked when the set is applied `today`; a set that keeps its dates as saved.
 */
export function filtersOnDay(set: { filters: Record<string, string>; range: ReportRange | null }, today: string): Record<string, string> {
  return set.range ? { ...set.filters, ...resolveReportRange(set.range, today) } : set.filters;
}

export const ReportFilterSet = z.object({
  id: z.string(),
  report: z.enum(REPORT_IDS as [ReportId, ...ReportId[]]),
  name: z.string(),
  /** as the report is asked when applied now: a moving range's days worked out today */
  filters: filterValues(),
  /** a moving range, or null: the dates in `filters` are kept */
  range: z.enum(REPORT_RANGES).nullable(),
  createdAt: instantField(),
  updatedAt: instantField(),
});
export type ReportFilterSet = z.infer<typeof ReportFilterSet>;

const reportField = () => z.enum(REPORT_IDS as [ReportId, ...ReportId[]], { message: `must be one of ${REPORT_IDS.join(', ')}` });
/** null or left out: keep the dates given; a range: its days replace from and to whenever applied. */
const rangeField = () => z.enum(REPORT_RANGES, { message: REPORT_RANGE_MESSAGES.unknown }).nullable();

/**
 * The issues of a set's filters and range for `report`: with a range, the filters are checked with
 * its days (any from or to given is replaced by them), and the report must take dates.
 */
export function reportFilterSetIssues(report: ReportId, filters: ReportFilters, range: ReportRange | null): { path: (string | number)[]; message: string }[] {
  if (!range) return reportFilterIssues(report, filters);
  if (!reportTakesDates(report)) return [{ path: ['range'], message: REPORT_RANGE_MESSAGES.noDates }];
  // Any day's days pass the range checks alike (from before to, at most a year): one day stands for all.
  return reportFilterIssues(report, { ...filters, ...resolveReportRange(range, '2026-01-15') });
}

export const ReportFilterSetInput = z
  .object({ report: reportField(), name: nameField(80), filters: ReportFilters, range: rangeField().optional() })
  .superRefine((input, ctx) => {
    for (const issue of reportFilterSetIssues(input.report, input.filters, input.range ?? null)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ReportFilterSetInput = z.input<typeof ReportFilterSetInput>;
/** A rename, new filters, a range chosen or dropped (null), or several; checked against the set's report by the server. */
export const ReportFilterSetUpdate = z.object({ name: nameField(80).optional(), filters: ReportFilters.optional(), range: rangeField().optional() });
export type ReportFilterSetUpdate = z.input<typeof ReportFilterSetUpdate>;

const access = anyOf('reports.export');

export const listReportFilterSets = operation({
  method: 'GET',
  path: '/api/reports/filterSets',
  access,
  tag: 'reports',
  summary: "The signed-in user's saved filter sets of a report, by name",
  query: z.object({ report: reportField() }),
  response: z.array(ReportFilterSet),
});

export const createReportFilterSet = operation({
  method: 'POST',
  path: '/api/reports/filterSets',
  access,
  tag: 'reports',
  summary: 'Save a named filter set of a report for the signed-in user (409 when they have one of that name)',
  body: z.object({ data: ReportFilterSetInput }),
  response: ReportFilterSet,
  status: 201,
});

export const updateReportFilterSet = operation({
  method: 'POST',
  path: '/api/reports/filterSets/{id}',
  access,
  tag: 'reports',
  summary: "Rename one of the signed-in user's filter sets or change its filters",
  params: IdParams,
  body: z.object({ data: ReportFilterSetUpdate }),
  response: ReportFilterSet,
});

export const deleteReportFilterSet = operation({
  method: 'DELETE',
  path: '/api/reports/filterSets/{id}',
  access,
  tag: 'reports',
  summary: "Delete one of the signed-in user's filter sets",
  params: IdParams,
  response: OkResponse,
});
