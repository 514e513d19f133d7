import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';
import { answerReport } from './report-files.js';
import { ageingFile, appointmentsFile, paymentsByTypeFile, revenueFile } from './reports.service.js';

/** The reports (base path /api/reports, `reports.export`): JSON, or the same table as a CSV or XLSX download with `format`. */
export function reportsRoutes(r: Router, c: Container) {
  r.route(api.revenueReport, async ({ auth, query, reply }) => answerReport(reply, query.format, await c.reports.revenue(auth, query), revenueFile));
  r.route(api.receivablesAgeingReport, async ({ auth, query, reply }) => {
    const today = new Date().toISOString().slice(0, 10);
    // A page of the rows on screen; a file holds them all (decision 0260).
    const { limit, offset, ...filters } = query;
    const page = query.format === 'json' && limit !== undefined ? { limit, offset: offset ?? 0 } : undefined;
    return answerReport(reply, query.format, await c.reports.receivablesAgeing(auth, filters, page), (report) => ageingFile(report, today));
  });
  r.route(api.paymentsByTypeReport, async ({ auth, query, reply }) => answerReport(reply, query.format, await c.reports.paymentsByType(auth, query), paymentsByTypeFile));
  r.route(api.appointmentsByStatusReport, async ({ auth, query, reply }) =>
    answerReport(reply, query.format, await c.reports.appointmentsByStatus(auth, query), appointmentsFile),
  );

  // a user's saved filter sets (decision 0261)
  r.route(api.listReportFilterSets, ({ auth, query }) => c.reportFilterSets.list(auth, query.report));
  r.route(api.createReportFilterSet, ({ auth, body }) => c.reportFilterSets.create(auth, body.data));
  r.route(api.updateReportFilterSet, ({ auth, params, body }) => c.reportFilterSets.update(auth, params.id, body.data));
  r.route(api.deleteReportFilterSet, async ({ auth, params }) => {
    await c.reportFilterSets.remove(auth, params.id);
    return { ok: true as const };
  });
}
