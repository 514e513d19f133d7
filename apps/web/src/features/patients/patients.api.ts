import { keepPreviousData } from '@tanstack/react-query';
import { deletePatient, patientOps, setPatientDeceased } from '@willow/contracts';
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

const patientHooks = crudHooks({
  ops: patientOps,
  keys: { all: patientKeys.all, one: patientKeys.detail },
  // The client list counts patients; search and history show them.
  alsoInvalidate: [clientKeys.all, searchKeys.all, auditKeys.all],
});

export const {
  useList: usePatients,
  useGet: usePatient,
  useCreate: useCreatePatient,
  useUpdate: useUpdatePatient,
  useArchive: useArchivePatient,
  useRestore: useRestorePatient,
} = patientHooks;

export interface PatientListQuery {
  clientId?: string;
  locationId?: string;
  search?: string;
  includeDeceased?: boolean;
  /** archived patients are left out unless asked for */
  includeArchived?: boolean;
  limit: number;
  offset: number;
}

/** A page of patients for pickers and tabs: the search trimmed, the deceased in or out. */
export function usePatientList(query: PatientListQuery, enabled = true) {
  const { includeDeceased, includeArchived, search, ...rest } = query;
  return usePatients(
    {
      ...rest,
      search: search?.trim() || undefined,
      includeDeceased: includeDeceased === undefined ? undefined : includeDeceased ? 'true' : 'false',
      ...(includeArchived && { includeArchived: 'true' as const }),
    },
    { enabled, placeholderData: keepPreviousData },
  );
}

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
