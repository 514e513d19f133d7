import { z } from 'zod';
import { anyOf, operation } from './operation.js';
import { EndOfLifeQuery } from './report-end-of-life.js';
import { ControlledDrugLedgerQuery, ExpiringStockQuery, StockValuationQuery } from './report-inventory.js';
import { MissedChargesReportQuery } from './report-missed-charges.js';
import { VaccinationsDueQuery } from './report-vaccinations.js';
import { AgeingQuery, AppointmentReportQuery, PaymentsByTypeQuery, RevenueQuery } from './reports.js';
import { IdParams, instantField, nameField, OkResponse } from './rules.js';

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

export const ReportFilterSet = z.object({
  id: z.string(),
  report: z.enum(REPORT_IDS as [ReportId, ...ReportId[]]),
  name: z.string(),
  filters: filterValues(),
  createdAt: instantField(),
  updatedAt: instantField(),
});
export type ReportFilterSet = z.infer<typeof ReportFilterSet>;

const reportField = () => z.enum(REPORT_IDS as [ReportId, ...ReportId[]], { message: `must be one of ${REPORT_IDS.join(', ')}` });

export const ReportFilterSetInput = z
  .object({ report: reportField(), name: nameField(80), filters: ReportFilters })
  .superRefine((input, ctx) => {
    for (const issue of reportFilterIssues(input.report, input.filters)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ReportFilterSetInput = z.input<typeof ReportFilterSetInput>;
/** A rename, new filters, or both; the filters are checked against the set's report by the server. */
export const ReportFilterSetUpdate = z.object({ name: nameField(80).optional(), filters: ReportFilters.optional() });
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
