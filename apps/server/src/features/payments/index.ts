// What other features use of payments: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { allocationTargets } from './allocation-targets.repository.js';
export { invoicePayments, paymentTypesRepository } from './payments.repository.js';
export type { PaymentsService, StripeRefundSeen } from './payments.service.js';
export { payments, paymentTypes } from './payments.table.js';
