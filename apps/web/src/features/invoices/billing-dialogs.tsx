import { useCallback, useState } from 'react';
import { EstimateDialog } from './estimate-dialog';
import { InvoiceDialog } from './invoice-dialog';
import type { InvoiceStart } from './invoice-dialog';

type Open = { id: string | null; start?: InvoiceStart | undefined } | null;

/**
 * The invoice and estimate editors a page opens (the invoices page, the client's tabs, the
 * appointment): one of each at a time, each mounted only while open so it starts from what is
 * saved. An estimate made into an invoice hands over to the invoice's editor.
 */
export function useBillingDialogs() {
  const [invoice, setInvoice] = useState<Open>(null);
  const [estimate, setEstimate] = useState<Open>(null);
  const openInvoice = useCallback((id: string) => setInvoice({ id }), []);
  const newInvoice = useCallback((start: InvoiceStart) => setInvoice({ id: null, start }), []);
  const openEstimate = useCallback((id: string) => setEstimate({ id }), []);
  const newEstimate = useCallback((start: InvoiceStart) => setEstimate({ id: null, start }), []);
  const dialogs = (
    <>
      {invoice && <InvoiceDialog key={invoice.id ?? 'new'} invoiceId={invoice.id} start={invoice.start} onClose={() => setInvoice(null)} />}
      {estimate && (
        <EstimateDialog
          key={estimate.id ?? 'new'}
          estimateId={estimate.id}
          start={estimate.start}
          onClose={() => setEstimate(null)}
          onOpenInvoice={(id) => {
            setEstimate(null);
            setInvoice({ id });
          }}
        />
      )}
    </>
  );
  return { openInvoice, newInvoice, openEstimate, newEstimate, dialogs };
}
