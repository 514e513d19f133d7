import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { DELETE_RECORDS } from './permissions.js';
import { CancelInput } from './appointments.js';
import { crudOperations } from './crud.js';
import { dateField, idField, IdParams, messageField, nameField, optionalText, PageQuery, pastDateField, wrapped, patchOf } from './rules.js';

export const PATIENT_SEXES = ['male', 'female', 'unknown'] as const;
export const Patient = z.object({
  id: z.string(),
  clientId: z.string(),
  locationId: z.string(),
  name: z.string(),
  speciesId: z.string(),
  speciesName: z.string(),
  breed: z.string().nullable(),
  sex: z.enum(PATIENT_SEXES),
  neutered: z.boolean(),
  dateOfBirth: z.string().nullable(),
  weightKg: z.number().nullable(),
  microchip: z.string().nullable(),
  colour: z.string().nullable(),
  alerts: z.array(z.string()),
  notes: z.string().nullable(),
  deceasedOn: z.string().nullable(),
  deceasedNote: z.string().nullable(),
  /** set while the patient is archived: hidden from lists, search and pickers (docs/decisions/0059) */
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof Patient>;
export const PatientInput = z.object({
  clientId: idField(),
  name: nameField(),
  speciesId: idField(),
  breed: optionalText(100).default(null),
  sex: z.enum(PATIENT_SEXES).default('unknown'),
  neutered: z.boolean().default(false),
  dateOfBirth: pastDateField().nullable().default(null),
  weightKg: z.number().positive('must be more than 0').max(2000, 'must be at most 2000').nullable().default(null),
  microchip: optionalText(30).default(null),
  colour: optionalText(60).default(null),
  alerts: z.array(z.string().trim().min(1).max(60, 'must be at most 60 characters')).max(20).default([]),
  notes: messageField().nullable().default(null),
});
export type PatientInput = z.input<typeof PatientInput>;
export const ListPatientsQuery = PageQuery.extend({
  locationId: idField().optional(),
  clientId: idField().optional(),
  search: z.string().trim().max(100).optional(),
  /** 'false' leaves deceased patients out */
  includeDeceased: z.enum(['true', 'false']).optional(),
  /** 'true' lists archived patients too; they are left out otherwise */
  includeArchived: z.enum(['true', 'false']).optional(),
});
export const PatientWithClient = Patient.extend({ clientName: z.string() });
export type PatientWithClient = z.infer<typeof PatientWithClient>;
/** One patient as their page shows them: whether they have history, which decides between deleting and archiving. */
export const PatientDetail = PatientWithClient.extend({ hasHistory: z.boolean() });
export type PatientDetail = z.infer<typeof PatientDetail>;

// What archiving and deleting answer when they cannot go ahead (docs/decisions/0059).
export const PATIENT_HAS_HISTORY =
  'This patient has appointments, care records or documents, so they cannot be deleted for good. Archive them instead.';
export const PATIENT_HAS_UPCOMING = 'This patient has upcoming appointments. Cancel them before archiving the patient.';
export const PATIENT_CLIENT_ARCHIVED = "This patient's client is archived. Restore the client first.";
export const PATIENT_ARCHIVED = 'this patient is archived';
export const patientOps = crudOperations({
  path: '/api/patient',
  tag: 'patients',
  noun: 'patient',
  entity: Patient,
  read: authenticated,
  write: authenticated,
  list: { query: ListPatientsQuery, paged: true, item: PatientWithClient, summary: 'A page of patients (of a location and/or client) sorted by name' },
  get: { item: PatientDetail },
  create: { input: PatientInput },
  update: { input: patchOf(PatientInput) },
  remove: { summary: 'Delete for good a patient without history', access: anyOf(DELETE_RECORDS) },
  archive: {},
});
export const {
  list: listPatients,
  get: getPatient,
  create: createPatient,
  update: updatePatient,
  remove: deletePatient,
  archive: archivePatient,
  restore: restorePatient,
} = patientOps;
export const DeceasedInput = z.object({
  /** null undoes a mistaken record */
  deceasedOn: dateField().nullable(),
  note: messageField().nullable().default(null),
  /**
   * The patient's upcoming appointments to cancel in the same step (docs/decisions/0029), each
   * through the cancel action's rules and kept in its status history with the reason.
   */
  cancelAppointments: z
    .object({
      ids: z.array(idField()).min(1, 'choose at least one appointment').max(100, 'must have at most 100 appointments'),
      reason: CancelInput.shape.reason,
    })
    .optional(),
});
export type DeceasedInput = z.input<typeof DeceasedInput>;
export const setPatientDeceased = operation({
  method: 'POST',
  path: '/api/patient/{id}/deceased',
  access: authenticated,
  tag: 'patients',
  summary: 'Record (or undo) a patient’s death, cancelling the upcoming appointments named',
  params: IdParams,
  body: wrapped(DeceasedInput),
  response: Patient,
});
