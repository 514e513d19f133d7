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
import { mutationOf, mutationWith } from '../../lib/mutation-of';
import { appointmentKeys, auditKeys, estimateKeys, inventoryKeys, invoiceKeys, taxCodeKeys } from '../../lib/query-keys';
import { itemInputOf, missedItemInput } from './document-lines';

/*
 * Every invoice query lives under invoiceKeys.all (lists, balances, missed charges, the unbilled
 * report), so any change to an invoice refreshes all of them; an estimate's change refreshes
 * invoices too (an approved estimate becomes one, its deposit counts in the balance).
 */
// Finalising, voiding or crediting an invoice moves its items' stock: the inventory views refresh too.
const INVOICE_CHANGE = [invoiceKeys.all, auditKeys.all, inventoryKeys.all];
const ESTIMATE_CHANGE = [estimateKeys.all, invoiceKeys.all, auditKeys.all];
/** A draft made from an appointment (or a missed charge added to it): the appointment's own views refresh too. */
const APPOINTMENT_INVOICE_CHANGE = [...INVOICE_CHANGE, appointmentKeys.all];

const invoiceHooks = crudHooks({ ops: invoiceOps, keys: invoiceKeys, invalidates: INVOICE_CHANGE });
const estimateHooks = crudHooks({ ops: estimateOps, keys: estimateKeys, invalidates: ESTIMATE_CHANGE });
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

export const useFinaliseInvoice = mutationOf(finaliseInvoice, { request: (id: string) => ({ params: { id } }), invalidates: INVOICE_CHANGE });

export const useVoidInvoice = mutationOf(voidInvoice, {
  request: ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { data: { reason } } }),
  invalidates: INVOICE_CHANGE,
});

export const useCreateCreditNote = mutationOf(createCreditNote, {
  request: ({ id, data }: { id: string; data: OpBody<typeof createCreditNote>['data'] }) => ({ params: { id }, body: { data } }),
  invalidates: INVOICE_CHANGE,
});

/**
 * A draft from an appointment's services and add-ons. The server refuses (409, naming it) when an
 * invoice already bills the appointment, unless `again` says another is wanted.
 */
export const useInvoiceFromAppointment = mutationOf(invoiceFromAppointment, {
  request: (input: string | { appointmentId: string; again?: boolean }) => ({ body: { data: typeof input === 'string' ? { appointmentId: input } : input } }),
  invalidates: APPOINTMENT_INVOICE_CHANGE,
});

export const useEmailInvoice = mutationOf(emailInvoice, {
  request: ({ id, data }: { id: string; data: OpBody<typeof emailInvoice>['data'] }) => ({ params: { id }, body: { data } }),
  invalidates: INVOICE_CHANGE,
});

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

export const useApproveEstimate = mutationOf(approveEstimate, { request: (id: string) => ({ params: { id } }), invalidates: ESTIMATE_CHANGE });

export const useDeclineEstimate = mutationOf(declineEstimate, {
  request: ({ id, reason }: { id: string; reason: string | null }) => ({ params: { id }, body: { data: { reason } } }),
  invalidates: ESTIMATE_CHANGE,
});

export const useInvoiceFromEstimate = mutationOf(invoiceFromEstimate, { request: (id: string) => ({ params: { id } }), invalidates: ESTIMATE_CHANGE });

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
export const useAddMissedCharge = mutationWith(
  async ({ appointment, invoiceId, charge }: AddMissedCharge): Promise<{ created: boolean; invoice: Invoice }> => {
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
  },
  { invalidates: APPOINTMENT_INVOICE_CHANGE },
);
