import { missedChargesReport, type MissedChargesReport, type MissedChargesReportRow } from '@willow/contracts';
import { defineReport } from '../report-definition';

/** One row per appointment past check-out with something performed and not billed (decision 0264). */
type Row = Pick<MissedChargesReportRow, 'appointmentId' | 'date' | 'clientName' | 'patientName' | 'providerName' | 'locationName' | 'missing'> & { what: string };

const what = (row: MissedChargesReportRow) => row.items.map((i) => (i.quantity === 1 ? i.description : `${i.description} × ${i.quantity}`)).join(', ');

export const missedChargesDefinition = defineReport<MissedChargesReport, Row>({
  id: 'missedCharges',
  label: 'Missed charges',
  description: 'Appointments past check-out with services, add-ons or items no invoice bills',
  operation: missedChargesReport,
  range: true,
  provider: true,
  view: (answer) => ({
    rows: answer.rows.map((r) => ({ ...r, what: what(r) })),
    totals: {
      appointmentId: 'totals',
      date: 'Total',
      clientName: null,
      patientName: null,
      providerName: null,
      locationName: '',
      what: `${answer.totals.charges} ${answer.totals.charges === 1 ? 'charge' : 'charges'} at ${answer.totals.appointments} ${answer.totals.appointments === 1 ? 'appointment' : 'appointments'}`,
      missing: answer.totals.missing,
    },
    currency: answer.currency,
  }),
  columns: () => [
    { field: 'date', header: 'Day', kind: 'text', value: (r) => r.date },
    { field: 'clientName', header: 'Client', kind: 'text', value: (r) => r.clientName ?? '' },
    { field: 'patientName', header: 'Patient', kind: 'text', value: (r) => r.patientName ?? '' },
    { field: 'providerName', header: 'Provider', kind: 'text', value: (r) => r.providerName ?? '' },
    { field: 'what', header: 'Not billed', kind: 'text', value: (r) => r.what, grow: true },
    { field: 'missing', header: 'Value', kind: 'money', value: (r) => r.missing },
  ],
  rowId: (r) => r.appointmentId,
  noRowsLabel: 'Nothing performed in these dates went unbilled',
});
