import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment-statuses.js';
import { anyOf, operation } from './operation.js';
import { REPORT_MAX_DAYS, REPORT_MESSAGES } from './reports.js';
import { dateField, idField } from './rules.js';

/**
 * Business › Analytics › Charts (SPEC: /analytics, `analytics.view`, base path /api/analytics).
 * One answer holds every chart of the dashboard, so the page makes one round trip (decision 0268).
 * Money in integer cents of the account's currency; days are each record's location's.
 */

export const ANALYTICS_PERIODS = ['day', 'week', 'month'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/**
 * The period a range is charted by: days up to two months, weeks up to a year and a bit, months
 * beyond (decision 0268). Shared by the server (which groups by it) and the page (which names it).
 */
export function analyticsPeriodOf(from: string, to: string): AnalyticsPeriod {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  return days <= 62 ? 'day' : days <= 371 ? 'week' : 'month';
}

/** How many services the Top services chart shows; the rest are summed as one bar. */
export const TOP_SERVICES = 8;

export const AnalyticsQuery = z
  .object({ from: dateField(), to: dateField(), locationId: idField().optional() })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.toBeforeFrom });
    else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
  });
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

const cents = () => z.number().int();
const count = () => z.number().int().nonnegative();
/** a period's first day (YYYY-MM-DD); every period of the range is listed, empty ones with zeros */
const period = () => z.string();

export const RevenuePoint = z.object({ period: period(), total: cents() });
export const AppointmentsPoint = z.object({
  period: period(),
  /** by status, every status listed (zero when none) */
  byStatus: z.record(z.enum(APPOINTMENT_STATUSES), count()),
  total: count(),
});
export const NewClientsPoint = z.object({ period: period(), clients: count() });
export const TopService = z.object({
  /** the service's, add-on's or item's id; null: lines without one, or the rest summed beyond the top ones */
  key: z.string().nullable(),
  label: z.string(),
  total: cents(),
});
export const AverageInvoicePoint = z.object({ period: period(), invoices: count(), total: cents(), average: cents() });
export const AftercarePoint = z.object({
  period: period(),
  /** aftercare finished (ashes delivered or spread) in the period */
  finished: count(),
  /** days from the appointment's start to the ashes delivered or spread, to one decimal; null: none finished */
  averageDays: z.number().nullable(),
});

export const AnalyticsDashboard = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  period: z.enum(ANALYTICS_PERIODS),
  /** finalised invoices less credit notes by issue date: the revenue report's figures */
  revenue: z.object({ points: z.array(RevenuePoint), total: cents() }),
  appointments: z.object({ points: z.array(AppointmentsPoint), total: count() }),
  newClients: z.object({ points: z.array(NewClientsPoint), total: count() }),
  /** revenue by service, add-on or item, largest first: the revenue report by service */
  topServices: z.object({ rows: z.array(TopService), total: cents() }),
  /** finalised invoices (credit notes aside) and their average total */
  averageInvoice: z.object({ points: z.array(AverageInvoicePoint), invoices: count(), total: cents(), average: cents() }),
  aftercare: z.object({ points: z.array(AftercarePoint), finished: count(), averageDays: z.number().nullable() }),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboard>;

export const analyticsDashboard = operation({
  method: 'GET',
  path: '/api/analytics/dashboard',
  access: anyOf('analytics.view'),
  tag: 'analytics',
  summary: 'The charts of Business › Analytics over a date range and location: revenue, appointments by status, new clients, top services, average invoice, aftercare turnaround',
  query: AnalyticsQuery,
  response: AnalyticsDashboard,
});
