// The reports (decisions 0257–0259): each read is the account's preamble (currency, the filters'
// ids checked: another account's id is a 404, as a list's) beside one aggregate statement, and
// answers rows with totals that are the sums of the rows. `fileOf` gives each report's columns for
// its CSV and XLSX.
import {
  APPOINTMENT_STATUSES,
  PAYMENT_METHODS,
  REPORT_MESSAGES,
  type AgeingReport,
  type AgeingRow,
  type AppointmentReport,
  type AppointmentReportRow,
  type PaymentMethod,
  type PaymentsByTypeReport,
  type PaymentTypeRow,
  type RevenueReport,
  type RevenueRow,
} from '@willow/contracts';
import { keyedPages, onServer, together, type Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { filtersVisibleSql, type ListFilter } from '../../platform/list-filters.js';
import type { MissedChargesService } from '../invoices/index.js';
import { locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';
import type { ReportColumn, ReportFile } from './report-files.js';
import { controlledDrugLedgerFileSource, controlledDrugLedgerReport, type ControlledDrugLedgerQuery } from './report-controlled-drug-ledger.service.js';
import { endOfLifeReport, type EndOfLifeQuery } from './report-end-of-life.service.js';
import { expiringStockReport, type ExpiringStockQuery } from './report-expiring-stock.service.js';
import { missedChargesReport, type MissedChargesQuery } from './report-missed-charges.service.js';
import { stockValuationReport } from './report-stock-valuation.service.js';
import { vaccinationsDueFileSource, vaccinationsDueReport, type VaccinationsDueQuery } from './report-vaccinations.service.js';
import { reportsRepository, type AgeingFilters, type AgeingSums, type Period, type RevenueBy } from './reports.repository.js';

type RevenueQuery = { from: string; to: string; locationId?: string | undefined; providerId?: string | undefined; groupBy: RevenueBy };
type AppointmentQuery = { from: string; to: string; locationId?: string | undefined; providerId?: string | undefined; groupBy: 'status' | Period };
type RangeQuery = { from: string; to: string; locationId?: string | undefined };

const sum = <R>(rows: readonly R[], pick: (row: R) => number) => rows.reduce((total, row) => total + pick(row), 0);
const periodLabel = (by: Period, key: string) => (by === 'month' ? key.slice(0, 7) : by === 'week' ? `Week of ${key}` : key);
const isPeriod = (by: string): by is Period => by === 'day' || by === 'week' || by === 'month';
/** A client's row as the report answers it (the order's key left out). */
const ageingRow = ({ sortName: _key, ...row }: AgeingSums): AgeingRow => row;
/** The rows a file's statement reads at once (the ageing's, the vaccinations due's, the ledger's): held as rows and their lines, one page at a time. */
const FILE_PAGE = 1_000;
const methodOf = (method: string | null): PaymentMethod | null => ((PAYMENT_METHODS as readonly string[]).includes(method ?? '') ? (method as PaymentMethod) : null);

export class ReportsService {
  /** `missedCharges`: the invoices feature's rule of what was performed and not billed */
  constructor(
    private readonly db: Db,
    private readonly missedCharges: MissedChargesService,
  ) {}

  /** The currency, after the filters' ids are found in the account (404 otherwise), beside `read`. */
  private async withPreamble<T>(auth: AuthContext, filters: readonly ListFilter[], read: () => Promise<T>): Promise<{ currency: string; rows: T }> {
    const [preamble, rows] = await together(this.db, [() => reportsRepository.preamble(this.db, auth, filtersVisibleSql(auth, filters)), read] as const);
    if (!preamble.allowed) throw notFound();
    return { currency: preamble.currency, rows };
  }

  async revenue(auth: AuthContext, q: RevenueQuery): Promise<RevenueReport> {
    const { currency, rows } = await this.withPreamble(
      auth,
      [
        [locationsRepository, q.locationId],
        [usersRepository, q.providerId],
      ],
      () => reportsRepository.revenue(this.db, auth, q, q.groupBy),
    );
    const by = q.groupBy;
    const out: RevenueRow[] = rows.map((r) => ({
      key: r.key,
      label: isPeriod(by) ? periodLabel(by, r.key!) : r.key === null ? (by === 'service' ? REPORT_MESSAGES.otherLines : REPORT_MESSAGES.none) : (r.name ?? ''),
      subtotal: r.subtotal,
      discount: r.discount,
      tax: r.tax,
      total: r.total,
    }));
    // Periods in time order; the rest largest first, as an owner reads them.
    if (!isPeriod(by)) out.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
    const totals = { subtotal: sum(out, (r) => r.subtotal), discount: sum(out, (r) => r.discount), tax: sum(out, (r) => r.tax), total: sum(out, (r) => r.total) };
    return { currency, from: q.from, to: q.to, groupBy: by, rows: out, totals };
  }

  /** Rows per statement of the ageing's files: what a download holds at once (decision 0289). Tests set a small one to cross pages. */
  ageingFilePage = FILE_PAGE;

  /**
   * Every owing client, or one `page` of them cut in the statement; `rowCount` and the totals are
   * always of them all, from a statement of their own (decisions 0260, 0289).
   */
  async receivablesAgeing(auth: AuthContext, q: AgeingFilters, page?: { limit: number; offset: number }): Promise<AgeingReport> {
    const { currency, rows } = await this.withPreamble(auth, [[locationsRepository, q.locationId]], () =>
      together(this.db, [() => reportsRepository.ageingRows(this.db, auth, q, page), () => reportsRepository.ageingTotals(this.db, auth, q)] as const),
    );
    const [sums, { clients, ...totals }] = rows;
    return { currency, rows: sums.map(ageingRow), rowCount: clients, totals };
  }

  /**
   * The ageing as its files write it: the filters checked (another account's location: 404) and
   * the totals read before the first line, then every owing client in the report's order a page at
   * a time (`ageingPages`), so what is held is one page however many clients owe.
   */
  async receivablesAgeingFile(auth: AuthContext, q: AgeingFilters): Promise<{ currency: string; totals: AgeingReport['totals']; rows: AsyncIterable<AgeingRow[]> }> {
    const { currency, rows } = await this.withPreamble(auth, [[locationsRepository, q.locationId]], () => reportsRepository.ageingTotals(this.db, auth, q));
    const { clients: _count, ...totals } = rows;
    return { currency, totals, rows: this.ageingPages(auth, q, this.ageingFilePage) };
  }

  /**
   * On a PostgreSQL server one statement read through a cursor; on the embedded database (one
   * connection, which a transaction would hold for the whole download) each page a statement of
   * its own, read after the last row of the one before (decision 0289).
   */
  private async *ageingPages(auth: AuthContext, q: AgeingFilters, limit: number): AsyncGenerator<AgeingRow[]> {
    const pages = onServer(this.db)
      ? reportsRepository.ageingByCursor(this.db, auth, q, limit)
      : keyedPages(limit, (after: AgeingSums | null) => reportsRepository.ageingRows(this.db, auth, q, { limit, after }), (row) => row);
    for await (const page of pages) yield page.map(ageingRow);
  }

  async paymentsByType(auth: AuthContext, q: RangeQuery): Promise<PaymentsByTypeReport> {
    const { currency, rows } = await this.withPreamble(auth, [[locationsRepository, q.locationId]], () => reportsRepository.paymentsByType(this.db, auth, q));
    const out: PaymentTypeRow[] = rows.map((r) => ({
      paymentTypeId: r.paymentTypeId,
      name: r.name ?? REPORT_MESSAGES.none,
      method: methodOf(r.method),
      payments: r.payments,
      received: r.received,
      refunds: r.refunds,
      refunded: r.refunded,
      net: r.received - r.refunded,
    }));
    const totals = {
      payments: sum(out, (r) => r.payments),
      received: sum(out, (r) => r.received),
      refunds: sum(out, (r) => r.refunds),
      refunded: sum(out, (r) => r.refunded),
      net: sum(out, (r) => r.net),
    };
    return { currency, from: q.from, to: q.to, rows: out, totals };
  }

  async appointmentsByStatus(auth: AuthContext, q: AppointmentQuery): Promise<AppointmentReport> {
    const { rows } = await this.withPreamble(
      auth,
      [
        [locationsRepository, q.locationId],
        [usersRepository, q.providerId],
      ],
      () => reportsRepository.appointments(this.db, auth, q, q.groupBy),
    );
    const by = q.groupBy;
    const order = (key: string) => (APPOINTMENT_STATUSES as readonly string[]).indexOf(key);
    const out: AppointmentReportRow[] = rows.map((r) => ({ ...r, label: by === 'status' ? r.key : periodLabel(by, r.key) }));
    if (by === 'status') out.sort((a, b) => order(a.key) - order(b.key));
    const totals = { appointments: sum(out, (r) => r.appointments), noShows: sum(out, (r) => r.noShows), cancellations: sum(out, (r) => r.cancellations) };
    return { from: q.from, to: q.to, groupBy: by, rows: out, totals };
  }

  missedChargesBetween(auth: AuthContext, q: MissedChargesQuery) {
    return missedChargesReport(this.db, this.missedCharges, auth, q);
  }

  endOfLife(auth: AuthContext, q: EndOfLifeQuery) {
    return endOfLifeReport(this.db, auth, q);
  }

  vaccinationsDue(auth: AuthContext, q: VaccinationsDueQuery, page?: { limit: number; offset: number }) {
    return vaccinationsDueReport(this.db, auth, q, page);
  }

  /** Rows per statement of the vaccinations due's files (decision 0296). Tests set a small one to cross pages. */
  vaccinationsDueFilePage = FILE_PAGE;

  /** The vaccinations due as its files write them: filters checked and totals read first, then the rows a page at a time. */
  vaccinationsDueFile(auth: AuthContext, q: VaccinationsDueQuery) {
    return vaccinationsDueFileSource(this.db, auth, q, this.vaccinationsDueFilePage);
  }

  stockValuation(auth: AuthContext, q: { locationId?: string | undefined }) {
    return stockValuationReport(this.db, auth, q);
  }

  expiringStock(auth: AuthContext, q: ExpiringStockQuery) {
    return expiringStockReport(this.db, auth, q);
  }

  controlledDrugLedger(auth: AuthContext, q: ControlledDrugLedgerQuery) {
    return controlledDrugLedgerReport(this.db, auth, q);
  }

  /** Entries per statement of the controlled-drug ledger's files (decision 0296). Tests set a small one to cross pages. */
  ledgerFilePage = FILE_PAGE;

  /** The ledger as its files write it: filters checked and totals summed first, then the entries a page at a time. */
  controlledDrugLedgerFile(auth: AuthContext, q: ControlledDrugLedgerQuery) {
    return controlledDrugLedgerFileSource(this.db, auth, q, this.ledgerFilePage);
  }
}

// ---------- the files' columns ----------
const TOTAL = 'Total';
const range = (r: { from: string; to: string }) => `${r.from}-to-${r.to}`;

export function revenueFile(report: RevenueReport): ReportFile<RevenueRow> {
  const heading = isPeriod(report.groupBy) ? 'Period' : report.groupBy[0]!.toUpperCase() + report.groupBy.slice(1);
  const columns: ReportColumn<RevenueRow>[] = [
    { header: heading, value: (r) => r.label },
    { header: `Subtotal (${report.currency})`, value: (r) => r.subtotal, cents: true },
    { header: `Discount (${report.currency})`, value: (r) => r.discount, cents: true },
    { header: `Tax (${report.currency})`, value: (r) => r.tax, cents: true },
    { header: `Total (${report.currency})`, value: (r) => r.total, cents: true },
  ];
  return { name: `revenue-by-${report.groupBy}-${range(report)}`, sheet: 'Revenue', columns, rows: report.rows, totals: { key: null, label: TOTAL, ...report.totals } };
}

/** The ageing's file: its rows as `receivablesAgeingFile` reads them, a page at a time. */
export function ageingFile(report: { currency: string; totals: AgeingReport['totals']; rows: ReportFile<AgeingRow>['rows'] }, today: string): ReportFile<AgeingRow> {
  const money = (header: string, pick: (r: AgeingRow) => number): ReportColumn<AgeingRow> => ({ header: `${header} (${report.currency})`, value: pick, cents: true });
  const columns: ReportColumn<AgeingRow>[] = [
    { header: 'Client', value: (r) => r.clientName },
    { header: 'Invoices', value: (r) => r.invoices },
    money('0–30 days', (r) => r.days0to30),
    money('31–60 days', (r) => r.days31to60),
    money('61–90 days', (r) => r.days61to90),
    money('90+ days', (r) => r.over90),
    money('Total', (r) => r.total),
  ];
  return { name: `receivables-ageing-${today}`, sheet: 'Receivables ageing', columns, rows: report.rows, totals: { clientId: '', clientName: TOTAL, ...report.totals } };
}

export function paymentsByTypeFile(report: PaymentsByTypeReport): ReportFile<PaymentTypeRow> {
  const columns: ReportColumn<PaymentTypeRow>[] = [
    { header: 'Payment type', value: (r) => r.name },
    { header: 'Payments', value: (r) => r.payments },
    { header: `Received (${report.currency})`, value: (r) => r.received, cents: true },
    { header: 'Refunds', value: (r) => r.refunds },
    { header: `Refunded (${report.currency})`, value: (r) => r.refunded, cents: true },
    { header: `Net (${report.currency})`, value: (r) => r.net, cents: true },
  ];
  return {
    name: `payments-by-type-${range(report)}`,
    sheet: 'Payments by type',
    columns,
    rows: report.rows,
    totals: { paymentTypeId: null, name: TOTAL, method: null, ...report.totals },
  };
}

export function appointmentsFile(report: AppointmentReport): ReportFile<AppointmentReportRow> {
  const columns: ReportColumn<AppointmentReportRow>[] = [
    { header: report.groupBy === 'status' ? 'Status' : 'Period', value: (r) => r.label },
    { header: 'Appointments', value: (r) => r.appointments },
    { header: 'No-shows', value: (r) => r.noShows },
    { header: 'Cancellations', value: (r) => r.cancellations },
  ];
  return {
    name: `appointments-by-${report.groupBy}-${range(report)}`,
    sheet: 'Appointments',
    columns,
    rows: report.rows,
    totals: { key: '', label: TOTAL, ...report.totals },
  };
}
