import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';
import { answerReport } from './report-files.js';
import { endOfLifeFile } from './report-end-of-life.service.js';
import { missedChargesFile } from './report-missed-charges.service.js';
import { stockValuationFile } from './report-stock-valuation.service.js';
import { vaccinationsDueFile } from './report-vaccinations.service.js';
import { ageingFile, appointmentsFile, paymentsByTypeFile, revenueFile } from './reports.service.js';

/** The reports (base path /api/reports, `reports.export`): JSON, or the same table as a CSV or XLSX download with `format`. */
export function reportsRoutes(r: Router, c: Container) {
  r.route(api.revenueReport, async ({ auth, query, reply }) => answerReport(reply, query.format, await c.reports.revenue(auth, query), revenueFile));
  r.route(api.receivablesAgeingReport, async ({ auth, query, reply }) => {
    const today = new Date().toISOString().slice(0, 10);
    return answerReport(reply, query.format, await c.reports.receivablesAgeing(auth, query), (report) => ageingFile(report, today));
  });
  r.route(api.paymentsByTypeReport, async ({ auth, query, reply }) => answerReport(reply, query.format, await c.reports.paymentsByType(auth, query), paymentsByTypeFile));
  r.route(api.appointmentsByStatusReport, async ({ auth, query, reply }) =>
    answerReport(reply, query.format, await c.reports.appointmentsByStatus(auth, query), appointmentsFile),
  );
  r.route(api.missedChargesReport, async ({ auth, query, reply }) =>
    answerReport(reply, query.format, await c.reports.missedChargesBetween(auth, query), missedChargesFile),
  );
  r.route(api.vaccinationsDueReport, async ({ auth, query, reply }) => {
    const today = new Date().toISOString().slice(0, 10);
    return answerReport(reply, query.format, await c.reports.vaccinationsDue(auth, query), (report) => vaccinationsDueFile(report, today));
  });
  r.route(api.stockValuationReport, async ({ auth, query, reply }) => {
    const today = new Date().toISOString().slice(0, 10);
    return answerReport(reply, query.format, await c.reports.stockValuation(auth, query), (report) => stockValuationFile(report, today));
  });
  r.route(api.endOfLifeReport, async ({ auth, query, reply }) => answerReport(reply, query.format, await c.reports.endOfLife(auth, query), endOfLifeFile));
}
