import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createPatient,
  deletePatient,
  getPatient,
  listPatients,
  setPatientDeceased,
  updatePatient,
} from '@willow/contracts';
import type { DeceasedInput } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
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

const patientHooks = crudHooks({
  ops: { create: createPatient, update: updatePatient },
  keys: patientKeys,
  // The client list counts patients; search and history show them.
  alsoInvalidate: [clientKeys.all, searchKeys.all, auditKeys.all],
});

export const { useCreate: useCreatePatient, useUpdate: useUpdatePatient } = patientHooks;

export function useSetDeceased() {
  return patientHooks.useChange(
    ({ id, ...data }: { id: string } & DeceasedInput) => api(setPatientDeceased, { params: { id }, body: { data } }),
    // Appointments show the deceased marker, and some may have been cancelled in the same step.
    [appointmentKeys.all],
  );
}

export function useDeletePatient() {
  return patientHooks.useChange(
    (id: string) => api(deletePatient, { params: { id } }),
    // The patient's records went with them.
    [prescriptionKeys.all, vaccinationKeys.all, documentKeys.all],
  );
}
