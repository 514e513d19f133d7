import { z } from 'zod';
import { anyOf, operation } from './operation.js';
import { PAYMENT_METHODS } from './payments.js';
import { dateField, idField } from './rules.js';

/**
 * Business › Analytics › Reports (SPEC §6–7: base path /api/reports, `reports.export`). One
 * operation per report; each answers a table (rows and their totals, money in integer cents of the
 * account's currency) as JSON, or streams it as a CSV or XLSX file with `format` (decision 0257).
 * Dates are days on the calendar of each record's location (decisions 0258, 0259).
 */

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** The longest range a report covers: three years of days. */
export const REPORT_MAX_DAYS = 1_096;
export const REPORT_MESSAGES = {
  toBeforeFrom: 'must be on or after from',
  tooLong: `must be at most ${REPORT_MAX_DAYS} days after from`,
  /** a line without a provider, a payment without a type… */
  none: 'None',
  otherLines: 'Other lines',
} as const;

export const reportFormatField = () => z.enum(REPORT_FORMATS, { message: 'must be json, csv or xlsx' }).default('json');
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** From and to (both included) as days in each record's location's zone, a location, and the answer's format. */
export const reportRangeShape = {
  from: dateField(),
  to: dateField(),
  locationId: idField().optional(),
  format: reportFormatField(),
};
export function checkReportRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = daysBetween(q.from, q.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.toBeforeFrom });
  else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
}

/**
 * A page of a long report's JSON rows, by the paged lists' names and limits (decision 0260),
 * optional: without them every row comes. A file (`format`) always holds every row.
 */
const WHOLE = 'must be a whole number';
export const reportPageShape = {
  limit: z.coerce.number(WHOLE).int(WHOLE).min(1, 'must be at least 1').max(200, 'must be at most 200').optional(),
  offset: z.coerce.number(WHOLE).int(WHOLE).min(0, 'must be at least 0').optional(),
};

const cents = () => z.number().int();
const count = () => z.number().int();
/** Every report's access: `reports.export`. */
export const reportAccess = anyOf('reports.export');
const access = reportAccess;
const common = { currency: z.string(), from: z.string(), to: z.string() };

// ---------- revenue ----------
export const REVENUE_GROUPS = ['day', 'week', 'month', 'provider', 'service', 'location'] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];
/** What revenue is summed as, a line's or a document's (decision 0258): they add up the same way. */
const moneyShape = { subtotal: cents(), discount: cents(), tax: cents(), total: cents() };
export const RevenueRow = z.object({
  /** the period's first day (YYYY-MM-DD), the provider's, service's or location's id; null: lines without one */
  key: z.string().nullable(),
  label: z.string(),
  ...moneyShape,
});
export type RevenueRow = z.infer<typeof RevenueRow>;
export const RevenueQuery = z
  .object({
    ...reportRangeShape,
    providerId: idField().optional(),
    groupBy: z.enum(REVENUE_GROUPS, { message: 'must be day, week, month, provider, service or location' }).default('month'),
  })
  .superRefine(checkReportRange);
export type RevenueQuery = z.input<typeof RevenueQuery>;
export const RevenueReport = z.object({ ...common, groupBy: z.enum(REVENUE_GROUPS), rows: z.array(RevenueRow), totals: z.object(moneyShape) });
export type RevenueReport = z.infer<typeof RevenueReport>;
export const revenueReport = operation({
  method: 'GET',
  path: '/api/reports/revenue',
  access,
  tag: 'reports',
  summary: 'Revenue of finalised invoices less credit notes, by issue date, by period, provider, service or location (CSV or XLSX with format)',
  query: RevenueQuery,
  response: RevenueReport,
});

// ---------- receivables ageing ----------
const ageingShape = { invoices: count(), days0to30: cents(), days31to60: cents(), days61to90: cents(), over90: cents(), total: cents() };
export const AgeingRow = z.object({ clientId: z.string(), clientName: z.string(), ...ageingShape });
export type AgeingRow = z.infer<typeof AgeingRow>;
/**
 * Ages are counted to today on each invoice's location's calendar; balances are as they stand now.
 * `limit`/`offset` page the JSON's rows as the paged lists do (decision 0260); without them every
 * row comes, and a file always holds every row. `totals` and `rowCount` are always of every row.
 */
export const AgeingQuery = z.object({
  locationId: idField().optional(),
  format: reportFormatField(),
  ...reportPageShape,
});
export type AgeingQuery = z.input<typeof AgeingQuery>;
export const AgeingReport = z.object({
  currency: z.string(),
  rows: z.array(AgeingRow),
  /** how many owing clients there are in all (the rows answered may be one page of them) */
  rowCount: z.number().int(),
  totals: z.object(ageingShape),
});
export type AgeingReport = z.infer<typeof AgeingReport>;
export const receivablesAgeingReport = operation({
  method: 'GET',
  path: '/api/reports/receivablesAgeing',
  access,
  tag: 'reports',
  summary: 'What finalised invoices still owe, by client, in 0–30, 31–60, 61–90 and 90+ days past their due date (CSV or XLSX with format)',
  query: AgeingQuery,
  response: AgeingReport,
});

// ---------- payments by type ----------
const paymentsShape = { payments: count(), received: cents(), refunds: count(), refunded: cents(), net: cents() };
export const PaymentTypeRow = z.object({
  paymentTypeId: z.string().nullable(),
  name: z.string(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  ...paymentsShape,
});
export type PaymentTypeRow = z.infer<typeof PaymentTypeRow>;
export const PaymentsByTypeQuery = z.object(reportRangeShape).superRefine(checkReportRange);
export type PaymentsByTypeQuery = z.input<typeof PaymentsByTypeQuery>;
export const PaymentsByTypeReport = z.object({ ...common, rows: z.array(PaymentTypeRow), totals: z.object(paymentsShape) });
export type PaymentsByTypeReport = z.infer<typeof PaymentsByTypeReport>;
export const paymentsByTypeReport = operation({
  method: 'GET',
  path: '/api/reports/paymentsByType',
  access,
  tag: 'reports',
  summary: 'Payments received and refunds given back by payment type, by the day received (CSV or XLSX with format)',
  query: PaymentsByTypeQuery,
  response: PaymentsByTypeReport,
});

// ---------- appointments by status ----------
export const APPOINTMENT_REPORT_GROUPS = ['status', 'day', 'week', 'month'] as const;
export type AppointmentReportGroup = (typeof APPOINTMENT_REPORT_GROUPS)[number];
const appointmentsShape = { appointments: count(), noShows: count(), cancellations: count() };
export const AppointmentReportRow = z.object({
  /** the status, or the period's first day (YYYY-MM-DD) */
  key: z.string(),
  label: z.string(),
  ...appointmentsShape,
});
export type AppointmentReportRow = z.infer<typeof AppointmentReportRow>;
export const AppointmentReportQuery = z
  .object({
    ...reportRangeShape,
    /** the primary or the secondary provider */
    providerId: idField().optional(),
    groupBy: z.enum(APPOINTMENT_REPORT_GROUPS, { message: 'must be status, day, week or month' }).default('status'),
  })
  .superRefine(checkReportRange);
export type AppointmentReportQuery = z.input<typeof AppointmentReportQuery>;
export const AppointmentReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(APPOINTMENT_REPORT_GROUPS),
  rows: z.array(AppointmentReportRow),
  totals: z.object(appointmentsShape),
});
export type AppointmentReport = z.infer<typeof AppointmentReport>;
export const appointmentsByStatusReport = operation({
  method: 'GET',
  path: '/api/reports/appointmentsByStatus',
  access,
  tag: 'reports',
  summary: 'Appointments by status or by period of their start, with no-shows and cancellations (CSV or XLSX with format)',
  query: AppointmentReportQuery,
  response: AppointmentReport,
});
