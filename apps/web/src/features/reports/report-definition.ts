import { formatCents, type Operation, type ReportId } from '@willow/contracts';

/**
 * What the Reports page knows of a report: its operation, which filters it takes, its columns and
 * how its answer reads as rows and a totals row. A report is one definition object in its own file
 * under definitions/, listed in report-definitions.ts; the page, the exports and the saved filter
 * sets follow from it (decision 0262).
 */

/** The filters a report may take, by their names in the query string (and the saved sets). */
export type FilterKey = 'from' | 'to' | 'locationId' | 'providerId' | 'groupBy' | 'dueBefore' | 'before' | 'itemId';
export type ReportFilterValues = Partial<Record<FilterKey, string>>;

export type ColumnKind = 'text' | 'count' | 'money';
export interface ReportColumn<R> {
  field: string;
  header: string;
  kind: ColumnKind;
  value: (row: R) => string | number;
  /** the column that fills the row's remaining width (the name or period) */
  grow?: boolean;
}

/** One report's rows as the page shows them, whichever shape its answer has. */
export interface ReportView<R> {
  rows: readonly R[];
  totals: R;
  /** the rows in all, when the answer is one page of them */
  rowCount?: number;
  /** the account's currency, for reports with money */
  currency?: string;
}

export interface ReportDefinition<A = unknown, R = unknown> {
  id: ReportId;
  label: string;
  /** one line under the title: what the report counts */
  description: string;
  operation: Operation;
  /** a date range (from, to: both included) */
  range: boolean;
  provider: boolean;
  /** a "due before" day (not on it); none chosen: the report's own window */
  dueBefore?: boolean;
  /** an "on or before" day (it included); none chosen: the report's own window */
  before?: boolean;
  /** one controlled drug to show alone (the items marked controlled, archived ones too) */
  controlledItem?: boolean;
  groupBy?: { options: readonly { value: string; label: string }[]; default: string };
  /** the rows are paged by the server (limit/offset); files still hold every row */
  paged?: boolean;
  columns: (filters: ReportFilterValues) => readonly ReportColumn<R>[];
  view: (answer: A) => ReportView<R>;
  rowId: (row: R) => string;
  noRowsLabel: string;
}

/** A report's definition with its answer's and rows' types checked, listed among the others. */
export const defineReport = <A, R>(definition: ReportDefinition<A, R>): ReportDefinition => definition as unknown as ReportDefinition;

/** A money column's text: integer cents in the account's currency. */
export function formatMoney(cents: number, currency: string | undefined): string {
  return formatCents(cents, currency ?? 'USD');
}

// Made once: an Intl.NumberFormat costs far more to make than to use, and a report formats every cell.
const countFormat = new Intl.NumberFormat();
/** A count as the browser's locale writes it ('1,234'). */
export const formatCount = (n: number): string => countFormat.format(n);

/** A cell's text as the screen shows it. */
export function cellText<R>(column: ReportColumn<R>, row: R, currency: string | undefined): string {
  const value = column.value(row);
  if (column.kind === 'money') return formatMoney(Number(value), currency);
  if (column.kind === 'count') return formatCount(Number(value));
  return String(value);
}

/** Last month on the calendar of `today` (YYYY-MM-DD): its first and last days. */
export function lastMonth(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The filters a report is asked with: only those it takes, defaults where none is chosen, nothing empty. */
export function reportQuery(definition: ReportDefinition, filters: ReportFilterValues, today: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (definition.range) {
    const month = lastMonth(today);
    query.from = filters.from || month.from;
    query.to = filters.to || month.to;
  }
  if (filters.locationId) query.locationId = filters.locationId;
  if (definition.provider && filters.providerId) query.providerId = filters.providerId;
  if (definition.dueBefore && filters.dueBefore) query.dueBefore = filters.dueBefore;
  if (definition.before && filters.before) query.before = filters.before;
  if (definition.controlledItem && filters.itemId) query.itemId = filters.itemId;
  if (definition.groupBy) query.groupBy = filters.groupBy || definition.groupBy.default;
  return query;
}

/** The address of the report's file with these filters: a plain GET the browser downloads as it streams. */
export function exportHref(definition: ReportDefinition, query: Record<string, string>, format: 'csv' | 'xlsx'): string {
  return `${definition.operation.path}?${new URLSearchParams({ ...query, format }).toString()}`;
}
