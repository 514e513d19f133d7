import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import type { Router } from '../../platform/router.js';
import { answerReport, sendReportFile } from './report-files.js';
import { controlledDrugLedgerFile } from './report-controlled-drug-ledger.service.js';
import { endOfLifeFile } from './report-end-of-life.service.js';
import { expiringStockFile } from './report-expiring-stock.service.js';
import { missedChargesFile } from './report-missed-charges.service.js';
import { stockValuationFile } from './report-stock-valuation.service.js';
import { vaccinationsDueFile } from './report-vaccinations.service.js';
import { ageingFile, appointmentsFile, paymentsByTypeFile, revenueFile } from './reports.service.js';

/** The reports (base path /api/reports, `reports.export`): JSON, or the same table as a CSV or XLSX download with `format`. */
export function reportsRoutes(r: Router, c: Container) {
  r.route(api.revenueReport, async ({ auth, query, reply }) => answerReport(reply, query.format, await c.reports.revenue(auth, query), revenueFile));
  r.route(api.receivablesAgeingReport, async ({ auth, query, reply }) => {
    const today = new Date().toISOString().slice(0, 10);
    // A page of the rows on screen; a file holds them all, read a page at a time as it is written,
    // its location checked and its totals read before the first byte (decisions 0260, 0289).
    const { limit, offset, format, ...filters } = query;
    if (format !== 'json') return sendReportFile(reply, format, ageingFile(await c.reports.receivablesAgeingFile(auth, filters), today)) as never;
    return c.reports.receivablesAgeing(auth, filters, limit !== undefined ? { limit, offset: offset ?? 0 } : undefined);
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
    // A page of the rows on screen, as the ageing's; a file holds them all, read a page at a time
    // as it is written, its location checked and its totals read before the first byte (decisions 0281, 0296).
    const { limit, offset, format, ...filters } = query;
    if (format !== 'json') return sendReportFile(reply, format, vaccinationsDueFile(await c.reports.vaccinationsDueFile(auth, filters), today)) as never;
    return c.reports.vaccinationsDue(auth, filters, limit !== undefined ? { limit, offset: offset ?? 0 } : undefined);
  });
  r.route(api.stockValuationReport, async ({ auth, query, reply }) => {
    const today = new Date().toISOString().slice(0, 10);
    return answerReport(reply, query.format, await c.reports.stockValuation(auth, query), (report) => stockValuationFile(report, today));
  });
  r.route(api.expiringStockReport, async ({ auth, query, reply }) => {
    const today = new Date().toISOString().slice(0, 10);
    return answerReport(reply, query.format, await c.reports.expiringStock(auth, query), (report) => expiringStockFile(report, today));
  });
  r.route(api.controlledDrugLedgerReport, async ({ auth, query, reply }) => {
    // A file reads the entries a page at a time as it is written, its filters checked and its totals summed before the first byte (decision 0296).
    const { format, ...filters } = query;
    if (format !== 'json') return sendReportFile(reply, format, controlledDrugLedgerFile(await c.reports.controlledDrugLedgerFile(auth, filters))) as never;
    return c.reports.controlledDrugLedger(auth, filters);
  });
  r.route(api.endOfLifeReport, async ({ auth, query, reply }) => answerReport(reply, query.format, await c.reports.endOfLife(auth, query), endOfLifeFile));

  // a user's saved filter sets (decision 0261)
  r.route(api.listReportFilterSets, ({ auth, query }) => c.reportFilterSets.list(auth, query.report));
  r.route(api.createReportFilterSet, ({ auth, body }) => c.reportFilterSets.create(auth, body.data));
  r.route(api.updateReportFilterSet, ({ auth, params, body }) => c.reportFilterSets.update(auth, params.id, body.data));
  r.route(api.deleteReportFilterSet, async ({ auth, params }) => {
    await c.reportFilterSets.remove(auth, params.id);
    return { ok: true as const };
  });
}
