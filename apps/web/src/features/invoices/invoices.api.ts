import { useQuery } from '@tanstack/react-query';
import {
  approveEstimate,
  clientBalance,
  createCreditNote,
  declineEstimate,
  emailInvoice,
  estimateOps,
  finaliseInvoice,
  invoiceFromAppointment,
  invoiceFromEstimate,
  invoiceOps,
  invoicePdf,
  missedCharges,
  taxCodeOps,
  unbilledReport,
  voidInvoice,
} from '@willow/contracts';
import type { Invoice, MissedCharge, OpBody } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { appointmentKeys, auditKeys, estimateKeys, invoiceKeys, taxCodeKeys } from '../../lib/query-keys';
import { itemInputOf, missedItemInput } from './document-lines';

/*
 * Every invoice query lives under invoiceKeys.all (lists, balances, missed charges, the unbilled
 * report), so any change to an invoice refreshes all of them; an estimate's change refreshes
 * invoices too (an approved estimate becomes one, its deposit counts in the balance).
 */
const invoiceHooks = crudHooks({ ops: invoiceOps, keys: invoiceKeys, alsoInvalidate: [auditKeys.all] });
const estimateHooks = crudHooks({ ops: estimateOps, keys: estimateKeys, alsoInvalidate: [invoiceKeys.all, auditKeys.all] });
const taxCodeHooks = crudHooks({ ops: taxCodeOps, keys: taxCodeKeys });

export const {
  useList: useInvoices,
  useGet: useInvoice,
  useCreate: useCreateInvoice,
  useUpdate: useUpdateInvoice,
  useRemove: useDeleteInvoice,
} = invoiceHooks;

export const {
  useList: useEstimates,
  useGet: useEstimate,
  useCreate: useCreateEstimate,
  useUpdate: useUpdateEstimate,
  useRemove: useDeleteEstimate,
} = estimateHooks;

export const { useCreate: useCreateTaxCode, useUpdate: useUpdateTaxCode, useRemove: useDeleteTaxCode } = taxCodeHooks;

/** A location's tax codes (inactive ones too: a saved line may still name one). */
export function useTaxCodes(locationId: string | null | undefined) {
  return taxCodeHooks.useList({ locationId: locationId ?? undefined }, { enabled: Boolean(locationId) });
}

export function useFinaliseInvoice() {
  return invoiceHooks.useChange((id: string) => api(finaliseInvoice, { params: { id } }));
}

export function useVoidInvoice() {
  return invoiceHooks.useChange(({ id, reason }: { id: string; reason: string }) => api(voidInvoice, { params: { id }, body: { data: { reason } } }));
}

export function useCreateCreditNote() {
  return invoiceHooks.useChange(({ id, data }: { id: string; data: OpBody<typeof createCreditNote>['data'] }) =>
    api(createCreditNote, { params: { id }, body: { data } }),
  );
}

/** A draft from an appointment's services and add-ons; the appointment's own views refresh too. */
export function useInvoiceFromAppointment() {
  return invoiceHooks.useChange((appointmentId: string) => api(invoiceFromAppointment, { body: { data: { appointmentId } } }), [appointmentKeys.all]);
}

export function useEmailInvoice() {
  return invoiceHooks.useChange(({ id, data }: { id: string; data: OpBody<typeof emailInvoice>['data'] }) =>
    api(emailInvoice, { params: { id }, body: { data } }),
  );
}

/** Where the browser downloads the invoice's PDF (the session cookie rides along). */
export const invoicePdfUrl = (id: string) => invoicePdf.path.replace('{id}', encodeURIComponent(id));

export function useMissedCharges(appointmentId: string | null, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.missed(appointmentId ?? ''),
    queryFn: ({ signal }) => api(missedCharges, { query: { appointmentId: appointmentId! }, signal }),
    enabled: enabled && Boolean(appointmentId),
  });
}

export function useUnbilledReport(locationId: string | null, weekOf: string) {
  return useQuery({
    queryKey: invoiceKeys.unbilled(locationId, weekOf),
    queryFn: ({ signal }) => api(unbilledReport, { query: { locationId: locationId!, weekOf }, signal }),
    enabled: Boolean(locationId) && /^\d{4}-\d{2}-\d{2}$/.test(weekOf),
  });
}

export function useClientBalance(clientId: string | null | undefined) {
  return useQuery({
    queryKey: invoiceKeys.balance(clientId ?? ''),
    queryFn: ({ signal }) => api(clientBalance, { query: { clientId: clientId! }, signal }),
    enabled: Boolean(clientId),
  });
}

export function useApproveEstimate() {
  return estimateHooks.useChange((id: string) => api(approveEstimate, { params: { id } }));
}

export function useDeclineEstimate() {
  return estimateHooks.useChange(({ id, reason }: { id: string; reason: string | null }) =>
    api(declineEstimate, { params: { id }, body: { data: { reason } } }),
  );
}

export function useInvoiceFromEstimate() {
  return estimateHooks.useChange((id: string) => api(invoiceFromEstimate, { params: { id } }));
}

export interface AddMissedCharge {
  appointment: { id: string; locationId: string; clientId: string; patientIds: readonly string[] };
  /** the appointment's invoice the missed charges were compared with */
  invoiceId: string | null;
  charge: MissedCharge;
}

/**
 * One missed charge onto the appointment's draft invoice (its lines sent back with the charge
 * after them), or a new draft with it when the appointment has none (or only finalised ones).
 */
export function useAddMissedCharge() {
  return invoiceHooks.useChange(async ({ appointment, invoiceId, charge }: AddMissedCharge): Promise<{ created: boolean; invoice: Invoice }> => {
    const line = missedItemInput(charge);
    if (invoiceId) {
      const current = await api(invoiceOps.get, { params: { id: invoiceId } });
      if (current.status === 'draft') {
        const items = [...current.items].sort((a, b) => a.position - b.position).map(itemInputOf);
        const invoice = await api(invoiceOps.update, { params: { id: invoiceId }, body: { invoiceData: {}, invoiceItems: [...items, line] } });
        return { created: false, invoice };
      }
    }
    const invoice = await api(invoiceOps.create, {
      body: {
        invoiceData: {
          locationId: appointment.locationId,
          clientId: appointment.clientId,
          patientId: appointment.patientIds.length === 1 ? appointment.patientIds[0]! : null,
          appointmentId: appointment.id,
        },
        invoiceItems: [line],
      },
    });
    return { created: true, invoice };
  }, [appointmentKeys.all]);
}
