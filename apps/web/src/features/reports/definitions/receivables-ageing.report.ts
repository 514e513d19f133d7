import { receivablesAgeingReport, type AgeingReport, type AgeingRow } from '@willow/contracts';
import { defineReport } from '../report-definition';

/** What finalised invoices still owe, by client and days past due (decision 0259); paged on screen (0260). */
export const receivablesAgeingDefinition = defineReport<AgeingReport, AgeingRow>({
  id: 'receivablesAgeing',
  label: 'Receivables ageing',
  description: 'What clients owe today, by days past the invoices’ due dates',
  operation: receivablesAgeingReport,
  range: false,
  provider: false,
  paged: true,
  view: (answer) => ({
    rows: answer.rows,
    totals: { clientId: 'totals', clientName: 'Total', ...answer.totals },
    rowCount: answer.rowCount,
    currency: answer.currency,
  }),
  columns: () => [
    { field: 'clientName', header: 'Client', kind: 'text', value: (r) => r.clientName, grow: true },
    { field: 'invoices', header: 'Invoices', kind: 'count', value: (r) => r.invoices },
    { field: 'days0to30', header: '0–30 days', kind: 'money', value: (r) => r.days0to30 },
    { field: 'days31to60', header: '31–60 days', kind: 'money', value: (r) => r.days31to60 },
    { field: 'days61to90', header: '61–90 days', kind: 'money', value: (r) => r.days61to90 },
    { field: 'over90', header: '90+ days', kind: 'money', value: (r) => r.over90 },
    { field: 'total', header: 'Total', kind: 'money', value: (r) => r.total },
  ],
  rowId: (r) => r.clientId,
  noRowsLabel: 'No client owes anything',
});
