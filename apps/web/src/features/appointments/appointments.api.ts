import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  addOnOps,
  cancelAppointment,
  correctAppointmentStatus,
  countPendingAppointments,
  createAppointment,
  createAppointmentAddOn,
  deleteAppointment,
  deleteAppointmentAddOn,
  getAppointment,
  getScheduleSidebar,
  listAppointments,
  serviceOps,
  updateAppointment,
  updateAppointmentAddOn,
} from '@willow/contracts';
import type { AddOnAttachInput, AppointmentInput, AppointmentUpdateInput, CorrectStatusInput, ListAppointmentsQuery } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { addOnKeys, appointmentKeys, auditKeys, patientKeys, scheduleKeys, searchKeys, serviceKeys } from '../../lib/query-keys';
import { useSettings } from '../../lib/settings';

/** A page of the /appointments list (or a client's), filtered on the server. */
export function useAppointmentList(query: ListAppointmentsQuery | null) {
  return useQuery({
    queryKey: appointmentKeys.list({ ...query }),
    queryFn: ({ signal }) => api(listAppointments, { query: query!, signal }),
    enabled: query !== null,
    // Changing a filter or page keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** One appointment with its status history. */
export function useAppointment(id: string | null | undefined) {
  return useQuery({
    queryKey: appointmentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api(getAppointment, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** The Appointments badge counts Pending appointments of the selected location (all when none is). */
export function usePendingAppointmentCount(): number | undefined {
  const { locationId } = useSettings();
  return useQuery({
    queryKey: appointmentKeys.pendingCount(locationId),
    queryFn: ({ signal }) => api(countPendingAppointments, { query: { locationId: locationId ?? undefined }, signal }),
    select: (answer) => answer.count,
  }).data;
}

/** Active services of a location (what an appointment is booked for), sorted by type. */
export function useLocationServices(locationId: string | null) {
  const query = { locationId: locationId ?? undefined, onlyActive: true };
  return useQuery({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => api(serviceOps.list, { query, signal }),
    enabled: Boolean(locationId),
  });
}

/** A location's add-on items, inactive ones included (only active ones are offered to attach). */
export function useLocationAddOns(locationId: string | null) {
  // Inactive ones too: an add-on attached before it was retired keeps its choices when its answers are edited.
  const query = { locationId: locationId ?? undefined, onlyActive: false };
  return useQuery({
    queryKey: addOnKeys.items(query),
    queryFn: ({ signal }) => api(addOnOps.list, { query, signal }),
    enabled: Boolean(locationId),
  });
}

/**
 * The calendar sidebar: who may hold appointments at the location, and its services (asked for
 * with header x-pwa). Without a location it answers for the whole account; `enabled` false waits instead.
 */
export function useScheduleSidebar(locationId: string | null, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.sidebar(locationId, true),
    queryFn: ({ signal }) =>
      api(getScheduleSidebar, {
        query: { locationId: locationId ?? undefined, onlyActive: true },
        headers: { 'x-pwa': 'true' },
        signal,
      }),
    enabled,
  });
}

/*
 * Appointments show on the calendar, the list, the badge and the client and patient tabs, all under
 * appointmentKeys.all; the audit history records each change. Only a status change touches a
 * patient (a euthanasia done records the death), so only then are the patient groups refreshed.
 */
const APPOINTMENT_CHANGE = [appointmentKeys.all, auditKeys.all];

export const useCreateAppointment = mutationOf(createAppointment, {
  request: (data: AppointmentInput) => ({ body: { data } }),
  invalidates: APPOINTMENT_CHANGE,
});

export const useUpdateAppointment = mutationOf(updateAppointment, {
  request: ({ id, data }: { id: string; data: AppointmentUpdateInput }) => ({ params: { id }, body: { data } }),
  invalidates: [({ data }) => (data.status !== undefined ? [patientKeys.all, searchKeys.all] : []), ...APPOINTMENT_CHANGE],
});

export const useCorrectAppointmentStatus = mutationOf(correctAppointmentStatus, {
  request: ({ id, data }: { id: string; data: CorrectStatusInput }) => ({ params: { id }, body: { data } }),
  invalidates: APPOINTMENT_CHANGE,
});

export const useCancelAppointment = mutationOf(cancelAppointment, {
  request: ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { data: { reason } } }),
  invalidates: APPOINTMENT_CHANGE,
});

export const useDeleteAppointment = mutationOf(deleteAppointment, {
  request: (id: string) => ({ params: { id } }),
  invalidates: [
    (id) => {
      // Refetching a deleted appointment would only answer 404 into the dialog that is closing.
      const gone = JSON.stringify(appointmentKeys.detail(id));
      return [{ queryKey: appointmentKeys.all, predicate: (q) => JSON.stringify(q.queryKey) !== gone }];
    },
    auditKeys.all,
  ],
});

export const useAttachAddOn = mutationOf(createAppointmentAddOn, {
  request: (data: AddOnAttachInput & { appointmentId: string }) => ({ body: { data } }),
  invalidates: APPOINTMENT_CHANGE,
});

export const useUpdateAddOnValues = mutationOf(updateAppointmentAddOn, {
  request: ({ id, values }: { id: string; values: Record<string, string> }) => ({ params: { id }, body: { data: { values } } }),
  invalidates: APPOINTMENT_CHANGE,
});

export const useRemoveAddOn = mutationOf(deleteAppointmentAddOn, { request: (id: string) => ({ params: { id } }), invalidates: APPOINTMENT_CHANGE });
