import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';
import { sendReportFile } from './report-files.js';
import { ageingFile, appointmentsFile, paymentsByTypeFile, revenueFile } from './reports.service.js';

/** The reports (base path /api/reports, `reports.export`): JSON, or the same table as a CSV or XLSX download with `format`. */
export function reportsRoutes(r: Router, c: Container) {
  r.route(api.revenueReport, async ({ auth, query, reply }) => {
    const report = await c.reports.revenue(auth, query);
    return query.format === 'json' ? report : (sendReportFile(reply, query.format, revenueFile(report)) as never);
  });
  r.route(api.receivablesAgeingReport, async ({ auth, query, reply }) => {
    const report = await c.reports.receivablesAgeing(auth, query);
    const today = new Date().toISOString().slice(0, 10);
    return query.format === 'json' ? report : (sendReportFile(reply, query.format, ageingFile(report, today)) as never);
  });
  r.route(api.paymentsByTypeReport, async ({ auth, query, reply }) => {
    const report = await c.reports.paymentsByType(auth, query);
    return query.format === 'json' ? report : (sendReportFile(reply, query.format, paymentsByTypeFile(report)) as never);
  });
  r.route(api.appointmentsByStatusReport, async ({ auth, query, reply }) => {
    const report = await c.reports.appointmentsByStatus(auth, query);
    return query.format === 'json' ? report : (sendReportFile(reply, query.format, appointmentsFile(report)) as never);
  });
}
