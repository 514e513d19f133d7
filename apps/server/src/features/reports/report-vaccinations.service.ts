// Vaccinations due and overdue (decision 0266): per booster still to give, the pet, the client and
// how to reach them, overdue days counted to today at the vaccination's location.
import type { VaccinationDueRow, VaccinationsDueReport } from '@willow/contracts';
import { keyedPages, onServer, together, type Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { locationsRepository } from '../locations/index.js';
import type { ReportColumn, ReportFile } from './report-files.js';
import { checkedCurrency } from './report-preamble.js';
import { vaccinationsDueRepository, type VaccinationDueSums, type VaccinationsDueFilters } from './report-vaccinations.repository.js';

export type VaccinationsDueQuery = VaccinationsDueFilters;

/** Every booster still to give, or one `page` of them cut in the statement; `rowCount` and the totals are always of them all (decision 0281). */
export async function vaccinationsDueReport(db: Db, auth: AuthContext, q: VaccinationsDueQuery, page?: { limit: number; offset: number }): Promise<VaccinationsDueReport> {
  await checkedCurrency(db, auth, [[locationsRepository, q.locationId]]);
  const [sums, totals] = await together(db, [() => vaccinationsDueRepository.due(db, auth, q, page), () => vaccinationsDueRepository.totals(db, auth, q)] as const);
  return { dueBefore: q.dueBefore ?? null, rows: sums.map(dueRow), rowCount: totals.vaccinations, totals };
}

function dueRow(r: VaccinationDueSums): VaccinationDueRow {
  return {
    vaccinationId: r.vaccinationId,
    vaccine: r.vaccine,
    givenOn: r.givenOn,
    dueOn: r.dueOn,
    overdueDays: Math.max(0, r.daysPast),
    overdue: r.daysPast > 0,
    patientId: r.patientId,
    patientName: r.patientName,
    clientId: r.clientId,
    clientName: `${r.firstName} ${r.lastName}`,
    phone: r.phone,
    email: r.email,
    locationId: r.locationId,
    locationName: r.locationName,
  };
}

/** What the file writes: the report's totals, and its rows as a page of rows at a time or all at once. */
export type VaccinationsDueFileSource = Pick<VaccinationsDueReport, 'dueBefore' | 'totals'> & { rows: ReportFile<VaccinationDueRow>['rows'] };

/**
 * The report as its files write it: the filters checked (another account's location: 404) and the
 * totals read before the first line, then every row in the report's order `limit` at a time
 * (`duePages`), so what is held is one page however many boosters are due (decision 0296).
 */
export async function vaccinationsDueFileSource(db: Db, auth: AuthContext, q: VaccinationsDueQuery, limit: number): Promise<VaccinationsDueFileSource> {
  await checkedCurrency(db, auth, [[locationsRepository, q.locationId]]);
  const totals = await vaccinationsDueRepository.totals(db, auth, q);
  return { dueBefore: q.dueBefore ?? null, totals, rows: duePages(db, auth, q, limit) };
}

/**
 * On a PostgreSQL server one statement read through a cursor; on the embedded database (one
 * connection, which a transaction would hold for the whole download) each page a statement of its
 * own, read after the last row of the one before (decisions 0289, 0296).
 */
async function* duePages(db: Db, auth: AuthContext, q: VaccinationsDueQuery, limit: number): AsyncGenerator<VaccinationDueRow[]> {
  const pages = onServer(db)
    ? vaccinationsDueRepository.dueByCursor(db, auth, q, limit)
    : keyedPages(limit, (after: VaccinationDueSums | null) => vaccinationsDueRepository.due(db, auth, q, { limit, after }), (row) => row);
  for await (const page of pages) yield page.map(dueRow);
}

/** The file's columns and totals row; its rows as `vaccinationsDueFileSource` reads them, a page at a time. */
export function vaccinationsDueFile(report: VaccinationsDueFileSource, today: string): ReportFile<VaccinationDueRow> {
  const columns: ReportColumn<VaccinationDueRow>[] = [
    { header: 'Due', value: (r) => r.dueOn },
    { header: 'Days overdue', value: (r) => (r.vaccinationId ? r.overdueDays : null) },
    { header: 'Vaccine', value: (r) => r.vaccine },
    { header: 'Last given', value: (r) => r.givenOn },
    { header: 'Patient', value: (r) => r.patientName },
    { header: 'Client', value: (r) => r.clientName },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Email', value: (r) => r.email },
    { header: 'Location', value: (r) => r.locationName },
  ];
  const { totals } = report;
  return {
    name: `vaccinations-due-${report.dueBefore ? `before-${report.dueBefore}` : today}`,
    sheet: 'Vaccinations due',
    columns,
    rows: report.rows,
    totals: {
      vaccinationId: '',
      vaccine: `${totals.vaccinations} due, ${totals.overdue} overdue`,
      givenOn: '',
      dueOn: 'Total',
      overdueDays: 0,
      overdue: false,
      patientId: '',
      patientName: `${totals.patients} patients`,
      clientId: '',
      clientName: '',
      phone: null,
      email: null,
      locationId: '',
      locationName: '',
    },
  };
}
