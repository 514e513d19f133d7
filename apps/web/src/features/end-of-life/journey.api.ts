import { useQuery } from '@tanstack/react-query';
import { approveEstimate, estimateOps, invoiceFromAppointment, invoiceFromEstimate, listFormRequests, toCents } from '@willow/contracts';
import type { AppointmentDetail, Estimate, EstimateItemInput, Invoice } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { formKeys } from '../forms/forms.api';
import { mutationWith } from '../../lib/mutation-of';
import { appointmentKeys, auditKeys, estimateKeys, invoiceKeys } from '../../lib/query-keys';

/** The appointment's services and add-ons as an estimate's lines, priced as the invoice from it would be. */
export function estimateLinesOf(appointment: Pick<AppointmentDetail, 'services' | 'addOns' | 'primaryProviderId'>): EstimateItemInput[] {
  const base = { quantity: 1, highQuantity: null, discountType: 'none' as const, discountValue: 0, taxCodeId: null, providerId: appointment.primaryProviderId };
  return [
    ...appointment.services.map((s) => ({ ...base, kind: 'service' as const, description: s.name, unitPrice: toCents(s.price), serviceId: s.id, addOnId: null })),
    ...appointment.addOns.map((a) => ({
      ...base,
      kind: a.addOnId ? ('addOn' as const) : ('text' as const),
      description: a.name,
      unitPrice: toCents(a.price),
      serviceId: null,
      addOnId: a.addOnId,
    })),
  ];
}

/**
 * The estimate a deposit is held on (decision 0182): made from the appointment's services and
 * add-ons when the deposit is first asked for.
 */
export const useEstimateFromAppointment = mutationWith(
  (appointment: AppointmentDetail): Promise<Estimate> =>
    api(estimateOps.create, {
      body: {
        estimateData: {
          locationId: appointment.locationId,
          clientId: appointment.clientId,
          patientId: appointment.patientIds.length === 1 ? appointment.patientIds[0]! : null,
          appointmentId: appointment.id,
        },
        estimateItems: estimateLinesOf(appointment),
      },
    }),
  { invalidates: [estimateKeys.all, invoiceKeys.all, auditKeys.all] },
);

export interface JourneyInvoiceStart {
  appointmentId: string;
  /** the appointment's estimate holding its deposit: the invoice is made from it so the deposit moves onto it */
  estimate: { id: string; status: string } | null;
}

/**
 * The journey's invoice: from the estimate the deposit is held on (approved first when still
 * open; its deposits move to the invoice), else from the appointment's services and add-ons.
 */
export const useJourneyInvoice = mutationWith(
  async ({ appointmentId, estimate }: JourneyInvoiceStart): Promise<Invoice> => {
    if (!estimate) return api(invoiceFromAppointment, { body: { data: { appointmentId } } });
    if (estimate.status === 'open') await api(approveEstimate, { params: { id: estimate.id } });
    return api(invoiceFromEstimate, { params: { id: estimate.id } });
  },
  { invalidates: [invoiceKeys.all, estimateKeys.all, auditKeys.all, appointmentKeys.all] },
);

/**
 * The appointment's form requests under the forms feature's own key (so a form sent anywhere
 * refreshes them), read again every 10 s while one waits for the family: the journey shows the
 * consent signed without a reload.
 */
export function useJourneyFormRequests(appointmentId: string) {
  const query = { appointmentId };
  return useQuery({
    queryKey: [...formKeys.requests, query],
    queryFn: ({ signal }) => api(listFormRequests, { query, signal }),
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'pending') ? 10_000 : false),
  });
}
