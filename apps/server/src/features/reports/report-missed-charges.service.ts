// The missed-charges report (decision 0264): the invoices feature's rule of what an appointment
// performed and no invoice bills, run over a range of days at each location (its calendar), with
// the names an owner reads. The rule itself stays the invoices feature's: this only asks it.
import { localDate, type MissedCharge, type MissedChargesReport, type MissedChargesReportRow } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { MissedChargesService } from '../invoices/index.js';
import { locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';
import { checkedCurrency, sumOf } from './report-preamble.js';
import type { ReportColumn, ReportFile } from './report-files.js';

export type MissedChargesQuery = { from: string; to: string; locationId?: string | undefined; providerId?: string | undefined };

export async function missedChargesReport(db: Db, rule: MissedChargesService, auth: AuthContext, q: MissedChargesQuery): Promise<MissedChargesReport> {
  const currency = await checkedCurrency(db, auth, [
    [locationsRepository, q.locationId],
    [usersRepository, q.providerId],
  ]);
  const locations = (await locationsRepository.listSorted(db, auth, {})).filter((l) => !q.locationId || l.id === q.locationId);
  const visits = await rule.unbilledBetween(auth, { from: q.from, to: q.to, locations, providerId: q.providerId });
  const providers = await usersRepository.fullNames(db, auth, visits.flatMap((v) => (v.providerId ? [v.providerId] : [])));
  const byId = new Map(locations.map((l) => [l.id, l]));
  const rows: MissedChargesReportRow[] = visits
    .map((v) => {
      const location = byId.get(v.locationId)!;
      return {
        appointmentId: v.appointmentId,
        date: localDate(v.startAt, location.timezone),
        startAt: v.startAt.toISOString(),
        status: v.status,
        locationId: v.locationId,
        locationName: location.name,
        providerId: v.providerId,
        providerName: v.providerId ? (providers.get(v.providerId) ?? null) : null,
        clientId: v.clientId,
        clientName: v.clientName,
        patientName: v.patientName,
        items: v.items,
        missing: v.missing,
      };
    })
    // In time order, as the calendar reads them, whatever location they are at.
    .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.locationName.localeCompare(b.locationName));
  return {
    currency,
    from: q.from,
    to: q.to,
    rows,
    totals: { appointments: rows.length, charges: sumOf(rows, (r) => r.items.length), missing: sumOf(rows, (r) => r.missing) },
  };
}

/** "Nail trim × 2; Amoxicillin 250 mg × 0.5": what a row left unbilled, in one cell. */
const chargesText = (items: readonly MissedCharge[]) => items.map((c) => (c.quantity === 1 ? c.description : `${c.description} × ${c.quantity}`)).join('; ');

export function missedChargesFile(report: MissedChargesReport): ReportFile<MissedChargesReportRow> {
  const columns: ReportColumn<MissedChargesReportRow>[] = [
    { header: 'Date', value: (r) => r.date },
    { header: 'Location', value: (r) => r.locationName },
    { header: 'Provider', value: (r) => r.providerName },
    { header: 'Client', value: (r) => r.clientName },
    { header: 'Patient', value: (r) => r.patientName },
    { header: 'Status', value: (r) => r.status },
    { header: 'Not billed', value: (r) => chargesText(r.items) },
    { header: `Value (${report.currency})`, value: (r) => r.missing, cents: true },
  ];
  const totals: MissedChargesReportRow = {
    appointmentId: '',
    date: 'Total',
    startAt: '',
    status: '',
    locationId: '',
    locationName: '',
    providerId: null,
    providerName: null,
    clientId: '',
    clientName: null,
    patientName: null,
    items: [],
    missing: report.totals.missing,
  };
  return { name: `missed-charges-${report.from}-to-${report.to}`, sheet: 'Missed charges', columns, rows: report.rows, totals };
}
