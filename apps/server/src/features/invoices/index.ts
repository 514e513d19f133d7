// What other features use of invoices: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export type { EstimatesService } from './estimates.service.js';
export { balanceReads } from './invoice-balances.repository.js';
export type { BalanceReads, InvoicePayments } from './invoice-balances.repository.js';
export { estimatesBase, estimatesRepository, invoicesRepository, linesNameItem, taxCodesRepository } from './invoices.repository.js';
export type { StockLine } from './invoices.repository.js';
export type { AppointmentItem, AppointmentItemUse, InvoiceInventory, LineItem, LineItems } from './invoice-lines.js';
export { estimates, invoiceItems, invoices } from './invoices.table.js';
export type { MissedChargesService, UnbilledVisit } from './missed-charges.service.js';
