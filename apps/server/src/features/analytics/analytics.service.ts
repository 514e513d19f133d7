// The dashboard (decision 0268): the account's preamble (currency, the location's id checked:
// another account's is a 404) beside one aggregate statement per chart, side by side on the pool,
// each answer listing every period of the range. Revenue and top services are the revenue
// report's figures: the same rule (decision 0258), held equal to it by the tests.
import { APPOINTMENT_STATUSES, REPORT_MESSAGES, TOP_SERVICES, analyticsPeriodOf, type AnalyticsDashboard, type AppointmentStatus } from '@willow/contracts';
import { together, type Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { filtersVisibleSql } from '../../platform/list-filters.js';
import { locationsRepository } from '../locations/index.js';
import { reportsRepository } from '../reports/index.js';
import { analyticsRepository, type Range } from './analytics.repository.js';
import { oneDecimal, periodsOf } from './analytics.rules.js';

/** What the rest of the top services are summed as. */
export const EVERYTHING_ELSE = 'Everything else';

const sum = <R>(rows: readonly R[], pick: (row: R) => number) => rows.reduce((total, row) => total + pick(row), 0);
const byKey = <R extends { key: string }>(rows: readonly R[]) => new Map(rows.map((r) => [r.key, r]));
const isStatus = (s: string): s is AppointmentStatus => (APPOINTMENT_STATUSES as readonly string[]).includes(s);
/** An average in whole cents, rounded half away from zero as money is. */
const averageCents = (total: number, count: number) => (count === 0 ? 0 : Math.sign(total) * Math.round(Math.abs(total) / count));

export class AnalyticsService {
  constructor(private readonly db: Db) {}

  async dashboard(auth: AuthContext, q: Range): Promise<AnalyticsDashboard> {
    const period = analyticsPeriodOf(q.from, q.to);
    const range: Range = { from: q.from, to: q.to, locationId: q.locationId };
    const db = this.db;
    const [preamble, invoiceSums, appointmentCounts, clientCounts, services, aftercare] = await together(db, [
      () => reportsRepository.preamble(db, auth, filtersVisibleSql(auth, [[locationsRepository, q.locationId]])),
      () => analyticsRepository.invoicesByPeriod(db, auth, range, period),
      () => analyticsRepository.appointmentsByPeriod(db, auth, range, period),
      () => analyticsRepository.newClientsByPeriod(db, auth, range, period),
      () => analyticsRepository.revenueBySold(db, auth, range),
      () => analyticsRepository.aftercareByPeriod(db, auth, range, period),
    ] as const);
    if (!preamble.allowed) throw notFound();
    const periods = periodsOf(q.from, q.to, period);

    const invoiceOf = byKey(invoiceSums);
    const revenue = periods.map((p) => ({ period: p, total: invoiceOf.get(p)?.revenue ?? 0 }));
    const averages = periods.map((p) => {
      const r = invoiceOf.get(p);
      return { period: p, invoices: r?.invoices ?? 0, total: r?.invoiceTotal ?? 0, average: averageCents(r?.invoiceTotal ?? 0, r?.invoices ?? 0) };
    });
    const invoiceCount = sum(averages, (a) => a.invoices);
    const invoiceTotal = sum(averages, (a) => a.total);

    const statusCounts = new Map<string, Record<AppointmentStatus, number>>(
      periods.map((p) => [p, Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as Record<AppointmentStatus, number>]),
    );
    for (const row of appointmentCounts) {
      const counts = statusCounts.get(row.key);
      if (counts && isStatus(row.status)) counts[row.status] += row.appointments;
    }
    const appointmentPoints = periods.map((p) => {
      const byStatus = statusCounts.get(p)!;
      return { period: p, byStatus, total: sum(Object.values(byStatus), (n) => n) };
    });

    const clientsOf = byKey(clientCounts);
    const newClients = periods.map((p) => ({ period: p, clients: clientsOf.get(p)?.clients ?? 0 }));

    const ranked = services
      .map((s) => ({ key: s.key, label: s.key === null ? REPORT_MESSAGES.otherLines : (s.name ?? ''), total: s.total }))
      .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
    const rest = ranked.slice(TOP_SERVICES);
    const topServices = rest.length ? [...ranked.slice(0, TOP_SERVICES), { key: null, label: EVERYTHING_ELSE, total: sum(rest, (r) => r.total) }] : ranked;

    const aftercareOf = byKey(aftercare);
    const aftercarePoints = periods.map((p) => {
      const r = aftercareOf.get(p);
      return { period: p, finished: r?.finished ?? 0, averageDays: r && r.finished > 0 ? oneDecimal(r.days / r.finished) : null };
    });
    const finished = sum(aftercare, (r) => r.finished);
    const aftercareDays = sum(aftercare, (r) => r.days);

    return {
      currency: preamble.currency,
      from: q.from,
      to: q.to,
      period,
      revenue: { points: revenue, total: sum(revenue, (r) => r.total) },
      appointments: { points: appointmentPoints, total: sum(appointmentPoints, (a) => a.total) },
      newClients: { points: newClients, total: sum(newClients, (c) => c.clients) },
      topServices: { rows: topServices, total: sum(topServices, (s) => s.total) },
      averageInvoice: { points: averages, invoices: invoiceCount, total: invoiceTotal, average: averageCents(invoiceTotal, invoiceCount) },
      aftercare: { points: aftercarePoints, finished, averageDays: finished > 0 ? oneDecimal(aftercareDays / finished) : null },
    };
  }
}
