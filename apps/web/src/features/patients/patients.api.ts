import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPatient,
  deletePatient,
  getPatient,
  listPatients,
  setPatientDeceased,
  updatePatient,
} from '@willow/contracts';
import type { DeceasedInput, PatientInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import {
  appointmentKeys,
  auditKeys,
  clientKeys,
  documentKeys,
  patientKeys,
  prescriptionKeys,
  searchKeys,
  vaccinationKeys,
} from '../../lib/query-keys';

export interface PatientListQuery {
  clientId?: string;
  locationId?: string;
  search?: string;
  includeDeceased?: boolean;
  limit: number;
  offset: number;
}

export function usePatientList(query: PatientListQuery, enabled = true) {
  return useQuery({
    queryKey: patientKeys.list({ ...query }),
    queryFn: ({ signal }) =>
      api(listPatients, {
        query: {
          ...query,
          search: query.search?.trim() || undefined,
          includeDeceased: query.includeDeceased === undefined ? undefined : query.includeDeceased ? 'true' : 'false',
        },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePatient(id: string | undefined) {
  return useQuery({
    queryKey: patientKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api(getPatient, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

function useInvalidatePatients() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: patientKeys.all });
    // The client list counts patients; search and history show them.
    void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCreatePatient() {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (data: PatientInput) => api(createPatient, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdatePatient() {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<PatientInput> }) =>
      api(updatePatient, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useSetDeceased() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: ({ id, ...data }: { id: string } & DeceasedInput) => api(setPatientDeceased, { params: { id }, body: { data } }),
    onSuccess: () => {
      invalidate();
      // Appointments show the deceased marker, and some may have been cancelled in the same step.
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (id: string) => api(deletePatient, { params: { id } }),
    onSuccess: () => {
      invalidate();
      for (const key of [prescriptionKeys.all, vaccinationKeys.all, documentKeys.all])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
