import { endOfLifeReport, type EndOfLifeReport, type EndOfLifeRow } from '@willow/contracts';
import { defineReport, type ReportColumn } from '../report-definition';

const HEADINGS: Record<string, string> = { cremationType: 'Cremation type', partner: 'Partner', location: 'Location' };
const dayFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const days = (value: number | null) => (value === null ? '—' : `${dayFormat.format(value)} d`);

/** Cremations chosen in the range and how long their aftercare took (decision 0265). */
export const endOfLifeDefinition = defineReport<EndOfLifeReport, EndOfLifeRow>({
  id: 'endOfLife',
  label: 'End of life',
  description: 'Cremations chosen at appointments in these dates, with aftercare turnaround in days',
  operation: endOfLifeReport,
  range: true,
  provider: false,
  groupBy: {
    default: 'cremationType',
    options: [
      { value: 'cremationType', label: 'Cremation type' },
      { value: 'partner', label: 'Partner' },
      { value: 'location', label: 'Location' },
    ],
  },
  view: (answer) => ({ rows: answer.rows, totals: { key: 'totals', label: 'Total', ...answer.totals } }),
  columns: (filters): ReportColumn<EndOfLifeRow>[] => [
    { field: 'label', header: HEADINGS[filters.groupBy ?? 'cremationType'] ?? 'Cremation type', kind: 'text', value: (r) => r.label, grow: true },
    { field: 'cremations', header: 'Cremations', kind: 'count', value: (r) => r.cremations },
    { field: 'finished', header: 'Finished', kind: 'count', value: (r) => r.finished },
    { field: 'inProgress', header: 'In progress', kind: 'count', value: (r) => r.inProgress },
    { field: 'averageDays', header: 'Average turnaround', kind: 'text', value: (r) => days(r.averageDays) },
    { field: 'longestDays', header: 'Longest', kind: 'text', value: (r) => days(r.longestDays) },
  ],
  rowId: (r) => r.key ?? 'none',
  noRowsLabel: 'No cremations chosen in these dates',
});
