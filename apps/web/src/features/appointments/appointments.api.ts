import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
function useInvalidateAppointments() {
  const queryClient = useQueryClient();
  return (deletedId?: string, statusChanged = false) => {
    if (statusChanged) {
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all });
    }
    const gone = deletedId ? appointmentKeys.detail(deletedId) : null;
    void queryClient.invalidateQueries({
      queryKey: appointmentKeys.all,
      // Refetching a deleted appointment would only answer 404 into the dialog that is closing.
      predicate: gone ? (q) => JSON.stringify(q.queryKey) !== JSON.stringify(gone) : undefined,
    });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCreateAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (data: AppointmentInput) => api(createAppointment, { body: { data } }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: AppointmentUpdateInput }) =>
      api(updateAppointment, { params: { id }, body: { data } }),
    onSuccess: (_answer, { data }) => invalidate(undefined, data.status !== undefined),
  });
}

export function useCorrectAppointmentStatus() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: CorrectStatusInput }) =>
      api(correctAppointmentStatus, { params: { id }, body: { data } }),
    onSuccess: () => invalidate(),
  });
}

export function useCancelAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api(cancelAppointment, { params: { id }, body: { data: { reason } } }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (id: string) => api(deleteAppointment, { params: { id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

export function useAttachAddOn() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (data: AddOnAttachInput & { appointmentId: string }) => api(createAppointmentAddOn, { body: { data } }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateAddOnValues() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: Record<string, string> }) =>
      api(updateAppointmentAddOn, { params: { id }, body: { data: { values } } }),
    onSuccess: () => invalidate(),
  });
}

export function useRemoveAddOn() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (id: string) => api(deleteAppointmentAddOn, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}
