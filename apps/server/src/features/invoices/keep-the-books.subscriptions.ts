import { INVOICE_MESSAGES } from '@willow/contracts';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { conflict } from '../../platform/errors.js';
import { keepPartiesOf } from './invoice-documents.service.js';
import { catalogueOnLines, invoicesRepository } from './invoices.repository.js';

/**
 * What the invoices feature refuses so that the books stay whole (decision 0155): a delete of what
 * an invoice, a credit note or a line names. Subscribed once, by the invoices service.
 */
export function keepTheBooks(events: DomainEventBus): void {
  // Invoices and credit notes, drafts and void ones too, are the books: whom they name is archived, not deleted (decision 0155).
  keepPartiesOf(events, 'invoices', invoicesRepository.anyFor, { client: INVOICE_MESSAGES.clientHasInvoices, patient: INVOICE_MESSAGES.patientHasInvoices });
  // A line keeps what it sold: the service or add-on it names is made inactive, not deleted (lines of estimates too).
  events.on('service.deleting', 'invoices', async (tx, caller, { serviceId }) => {
    if (await catalogueOnLines(tx, caller, { serviceId })) throw conflict(INVOICE_MESSAGES.serviceOnLines);
  });
  events.on('addOn.deleting', 'invoices', async (tx, caller, { addOnId }) => {
    if (await catalogueOnLines(tx, caller, { addOnId })) throw conflict(INVOICE_MESSAGES.addOnOnLines);
  });
}
