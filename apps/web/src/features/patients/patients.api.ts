import { keepPreviousData } from '@tanstack/react-query';
import { deletePatient, patientOps, setPatientDeceased } from '@willow/contracts';
import type { DeceasedInput } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { mutationOf } from '../../lib/mutation-of';
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

/** What any change of a patient refreshes: the patients, the client list (it counts them), search and the history (they show them). */
const PATIENT_CHANGE = [patientKeys.all, clientKeys.all, searchKeys.all, auditKeys.all];

const patientHooks = crudHooks({
  ops: patientOps,
  keys: { all: patientKeys.all, one: patientKeys.detail },
  invalidates: PATIENT_CHANGE,
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

export const useSetDeceased = mutationOf(setPatientDeceased, {
  request: ({ id, ...data }: { id: string } & DeceasedInput) => ({ params: { id }, body: { data } }),
  // Appointments show the deceased marker, and some may have been cancelled in the same step.
  invalidates: [...PATIENT_CHANGE, appointmentKeys.all],
});

export const useDeletePatient = mutationOf(deletePatient, {
  request: (id: string) => ({ params: { id } }),
  // The patient's records went with them.
  invalidates: [...PATIENT_CHANGE, prescriptionKeys.all, vaccinationKeys.all, documentKeys.all],
});
