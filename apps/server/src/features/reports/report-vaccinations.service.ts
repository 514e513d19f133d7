// Vaccinations due and overdue (decision 0266): per booster still to give, the pet, the client and
// how to reach them, overdue days counted to today at the vaccination's location.
import type { VaccinationDueRow, VaccinationsDueReport } from '@willow/contracts';
import { together, type Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { locationsRepository } from '../locations/index.js';
import type { ReportColumn, ReportFile } from './report-files.js';
import { checkedCurrency } from './report-preamble.js';
import { vaccinationsDueRepository, type VaccinationsDueFilters } from './report-vaccinations.repository.js';

export type VaccinationsDueQuery = VaccinationsDueFilters;

/** Every booster still to give, or one `page` of them cut in the statement; `rowCount` and the totals are always of them all (decision 0281). */
export async function vaccinationsDueReport(db: Db, auth: AuthContext, q: VaccinationsDueQuery, page?: { limit: number; offset: number }): Promise<VaccinationsDueReport> {
  await checkedCurrency(db, auth, [[locationsRepository, q.locationId]]);
  const [sums, totals] = await together(db, [() => vaccinationsDueRepository.due(db, auth, q, page), () => vaccinationsDueRepository.totals(db, auth, q)] as const);
  const rows: VaccinationDueRow[] = sums.map((r) => ({
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
  }));
  return { dueBefore: q.dueBefore ?? null, rows, rowCount: totals.vaccinations, totals };
}

export function vaccinationsDueFile(report: VaccinationsDueReport, today: string): ReportFile<VaccinationDueRow> {
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
