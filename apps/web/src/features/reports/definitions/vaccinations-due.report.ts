import { vaccinationsDueReport, type VaccinationDueRow, type VaccinationsDueReport } from '@willow/contracts';
import { defineReport } from '../report-definition';

type Row = Pick<VaccinationDueRow, 'vaccinationId' | 'patientName' | 'clientName' | 'vaccine' | 'dueOn' | 'locationName'> & { overdue: string; contact: string };

/** Boosters due and overdue per living patient, with the client's contact (decision 0266); paged on screen (0281). */
export const vaccinationsDueDefinition = defineReport<VaccinationsDueReport, Row>({
  id: 'vaccinationsDue',
  label: 'Vaccinations due',
  description: 'Boosters due before the day chosen (or within 30 days) and overdue, with the client’s contact',
  operation: vaccinationsDueReport,
  range: false,
  provider: false,
  dueBefore: true,
  paged: true,
  view: (answer) => ({
    rows: answer.rows.map((r) => ({ ...r, overdue: r.overdue ? `${r.overdueDays} ${r.overdueDays === 1 ? 'day' : 'days'}` : '', contact: [r.phone, r.email].filter(Boolean).join(' · ') })),
    totals: {
      vaccinationId: 'totals',
      patientName: `${answer.totals.patients} ${answer.totals.patients === 1 ? 'patient' : 'patients'}`,
      clientName: 'Total',
      vaccine: `${answer.totals.vaccinations} due`,
      dueOn: '',
      overdue: `${answer.totals.overdue} overdue`,
      contact: '',
      locationName: '',
    },
    rowCount: answer.rowCount,
  }),
  columns: () => [
    { field: 'clientName', header: 'Client', kind: 'text', value: (r) => r.clientName },
    { field: 'patientName', header: 'Patient', kind: 'text', value: (r) => r.patientName },
    { field: 'vaccine', header: 'Vaccine', kind: 'text', value: (r) => r.vaccine, grow: true },
    { field: 'dueOn', header: 'Due', kind: 'text', value: (r) => r.dueOn },
    { field: 'overdue', header: 'Overdue', kind: 'text', value: (r) => r.overdue },
    { field: 'contact', header: 'Contact', kind: 'text', value: (r) => r.contact },
  ],
  rowId: (r) => r.vaccinationId,
  noRowsLabel: 'No boosters due',
});
