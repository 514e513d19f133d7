import { revenueReport, type RevenueReport, type RevenueRow } from '@willow/contracts';
import { defineReport, type ReportColumn } from '../report-definition';

const HEADINGS: Record<string, string> = { day: 'Day', week: 'Week', month: 'Month', provider: 'Provider', service: 'Service', location: 'Location' };

/** Revenue of finalised invoices less credit notes, by issue date (decision 0258). */
export const revenueDefinition = defineReport<RevenueReport, RevenueRow>({
  id: 'revenue',
  label: 'Revenue',
  description: 'Finalised invoices less credit notes, by the day they were issued',
  operation: revenueReport,
  range: true,
  provider: true,
  groupBy: {
    default: 'month',
    options: [
      { value: 'day', label: 'Day' },
      { value: 'week', label: 'Week' },
      { value: 'month', label: 'Month' },
      { value: 'provider', label: 'Provider' },
      { value: 'service', label: 'Service' },
      { value: 'location', label: 'Location' },
    ],
  },
  view: (answer) => ({ rows: answer.rows, totals: { key: null, label: 'Total', ...answer.totals }, currency: answer.currency }),
  columns: (filters): ReportColumn<RevenueRow>[] => [
    { field: 'label', header: HEADINGS[filters.groupBy ?? 'month'] ?? 'Month', kind: 'text', value: (r) => r.label, grow: true },
    { field: 'subtotal', header: 'Subtotal', kind: 'money', value: (r) => r.subtotal },
    { field: 'discount', header: 'Discount', kind: 'money', value: (r) => r.discount },
    { field: 'tax', header: 'Tax', kind: 'money', value: (r) => r.tax },
    { field: 'total', header: 'Total', kind: 'money', value: (r) => r.total },
  ],
  rowId: (r) => r.key ?? 'none',
  noRowsLabel: 'No finalised invoices in these dates',
});
