import { appointmentsByStatusReport, type AppointmentReport, type AppointmentReportRow } from '@willow/contracts';
import { defineReport } from '../report-definition';

/** Appointments by status or period of their start, with no-shows and cancellations (decision 0259). */
export const appointmentsByStatusDefinition = defineReport<AppointmentReport, AppointmentReportRow>({
  id: 'appointmentsByStatus',
  label: 'Appointments by status',
  description: 'Appointments by the day they start, with no-shows and cancellations',
  operation: appointmentsByStatusReport,
  range: true,
  provider: true,
  groupBy: {
    default: 'status',
    options: [
      { value: 'status', label: 'Status' },
      { value: 'day', label: 'Day' },
      { value: 'week', label: 'Week' },
      { value: 'month', label: 'Month' },
    ],
  },
  view: (answer) => ({ rows: answer.rows, totals: { key: 'totals', label: 'Total', ...answer.totals } }),
  columns: (filters) => [
    { field: 'label', header: (filters.groupBy ?? 'status') === 'status' ? 'Status' : 'Period', kind: 'text', value: (r) => r.label, grow: true },
    { field: 'appointments', header: 'Appointments', kind: 'count', value: (r) => r.appointments },
    { field: 'noShows', header: 'No-shows', kind: 'count', value: (r) => r.noShows },
    { field: 'cancellations', header: 'Cancellations', kind: 'count', value: (r) => r.cancellations },
  ],
  rowId: (r) => r.key,
  noRowsLabel: 'No appointments in these dates',
});
