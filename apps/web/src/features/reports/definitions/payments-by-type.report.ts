import { paymentsByTypeReport, type PaymentsByTypeReport, type PaymentTypeRow } from '@willow/contracts';
import { defineReport } from '../report-definition';

/** Payments received and refunds given back, by payment type (decision 0259). */
export const paymentsByTypeDefinition = defineReport<PaymentsByTypeReport, PaymentTypeRow>({
  id: 'paymentsByType',
  label: 'Payments by type',
  description: 'Payments received and refunds given back, by the day received',
  operation: paymentsByTypeReport,
  range: true,
  provider: false,
  view: (answer) => ({ rows: answer.rows, totals: { paymentTypeId: 'totals', name: 'Total', method: null, ...answer.totals }, currency: answer.currency }),
  columns: () => [
    { field: 'name', header: 'Payment type', kind: 'text', value: (r) => r.name, grow: true },
    { field: 'payments', header: 'Payments', kind: 'count', value: (r) => r.payments },
    { field: 'received', header: 'Received', kind: 'money', value: (r) => r.received },
    { field: 'refunds', header: 'Refunds', kind: 'count', value: (r) => r.refunds },
    { field: 'refunded', header: 'Refunded', kind: 'money', value: (r) => r.refunded },
    { field: 'net', header: 'Net', kind: 'money', value: (r) => r.net },
  ],
  rowId: (r) => r.paymentTypeId ?? 'none',
  noRowsLabel: 'No payments in these dates',
});
