import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { CancelInput } from './appointments.js';
import { crudOperations } from './crud.js';
import {
  dateField,
  pastDateField,
  idField,
  IdParams,
  messageField,
  nameField,
  optionalEmail,
  optionalText,
  page,
  PageQuery,
  wrapped,
} from './rules.js';

// ---------- clients ----------
export const Client = z.object({
  id: z.string(),
  locationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  alternatePhone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  primaryVeterinarianId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof Client>;

/**
 * What a client form sends. Unknown keys (the relations of SPEC §3: patients, location,
 * appointments, …) are dropped by the schema, so sending them never changes anything.
 */
export const ClientInput = z.object({
  locationId: idField(),
  firstName: nameField(),
  lastName: nameField(),
  email: optionalEmail().default(null),
  phone: optionalText(40).default(null),
  alternatePhone: optionalText(40).default(null),
  address: optionalText(300).default(null),
  notes: messageField().nullable().default(null),
  primaryVeterinarianId: idField().nullable().default(null),
});
export type ClientInput = z.input<typeof ClientInput>;
export const ClientUpdateInput = ClientInput.partial();

export const ListClientsQuery = PageQuery.extend({
  locationId: idField(),
  search: z.string().trim().max(100).optional(),
});

export const ClientSummary = Client.extend({ patientCount: z.number().int() });
export type ClientSummary = z.infer<typeof ClientSummary>;

export const listClients = operation({
  method: 'GET',
  path: '/api/client',
  access: authenticated,
  tag: 'clients',
  summary: 'A page of a location’s clients sorted by firstName, optionally searched (name, email, phone)',
  query: ListClientsQuery,
  response: page(ClientSummary),
});
export const getClient = operation({
  method: 'GET',
  path: '/api/client/{id}',
  access: authenticated,
  tag: 'clients',
  summary: 'One client',
  params: IdParams,
  response: Client,
});
export const createClient = operation({
  method: 'POST',
  path: '/api/client',
  access: authenticated,
  tag: 'clients',
  summary: 'Create a client',
  body: wrapped(ClientInput),
  response: Client,
  status: 201,
});
export const updateClient = operation({
  method: 'POST',
  path: '/api/client/{id}',
  access: authenticated,
  tag: 'clients',
  summary: 'Update a client',
  params: IdParams,
  body: wrapped(ClientUpdateInput),
  response: Client,
});
export const deleteClient = operation({
  method: 'DELETE',
  path: '/api/client/{id}',
  access: authenticated,
  tag: 'clients',
  summary: 'Delete a client with their patients and records',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
});

// ---------- patients ----------
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
});
export const PatientWithClient = Patient.extend({ clientName: z.string() });
export type PatientWithClient = z.infer<typeof PatientWithClient>;
export const listPatients = operation({
  method: 'GET',
  path: '/api/patient',
  access: authenticated,
  tag: 'patients',
  summary: 'A page of patients (of a location and/or client) sorted by name',
  query: ListPatientsQuery,
  response: page(PatientWithClient),
});
const patientCrud = crudOperations({
  path: '/api/patient',
  tag: 'patients',
  noun: 'patient',
  entity: Patient,
  create: PatientInput,
  update: PatientInput.partial(),
  listQuery: ListPatientsQuery,
  read: authenticated,
  write: authenticated,
});
export const createPatient = patientCrud.create;
export const updatePatient = patientCrud.update;
export const deletePatient = patientCrud.remove;
export const getPatient = operation({
  method: 'GET',
  path: '/api/patient/{id}',
  access: authenticated,
  tag: 'patients',
  summary: 'One patient',
  params: IdParams,
  response: PatientWithClient,
});
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

// ---------- prescriptions ----------
/** Who a care record is for, so lists can name and grey out patients without more calls. */
export const PatientRef = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  deceasedOn: z.string().nullable(),
});
export type PatientRef = z.infer<typeof PatientRef>;

export const Prescription = z.object({
  id: z.string(),
  locationId: z.string(),
  patientId: z.string(),
  clientId: z.string(),
  drug: z.string(),
  dose: z.string(),
  frequency: z.string(),
  quantity: z.string(),
  refills: z.number().int(),
  prescriberId: z.string().nullable(),
  prescribedOn: z.string(),
  expiresOn: z.string().nullable(),
  instructions: z.string().nullable(),
  patient: PatientRef,
  createdAt: z.string(),
});
export type Prescription = z.infer<typeof Prescription>;
export const PrescriptionInput = z.object({
  patientId: idField(),
  drug: z.string().trim().min(1, 'is required').max(200),
  dose: z.string().trim().min(1, 'is required').max(100),
  frequency: z.string().trim().min(1, 'is required').max(100),
  quantity: z.string().trim().min(1, 'is required').max(60),
  refills: z.number().int('must be a whole number').min(0).max(99).default(0),
  prescriberId: idField().nullable().default(null),
  prescribedOn: dateField(),
  expiresOn: dateField().nullable().default(null),
  instructions: messageField().nullable().default(null),
});
export type PrescriptionInput = z.input<typeof PrescriptionInput>;
export const CareRecordQuery = z.object({
  locationId: idField().optional(),
  patientId: idField().optional(),
  clientId: idField().optional(),
});
export const prescriptionOps = crudOperations({
  path: '/api/prescription',
  tag: 'prescriptions',
  noun: 'prescription',
  entity: Prescription,
  create: PrescriptionInput,
  update: PrescriptionInput.partial(),
  listQuery: CareRecordQuery,
  read: authenticated,
  write: authenticated,
});

// ---------- vaccinations ----------
export const VACCINATION_DUE_SOON_DAYS = 30;
export const Vaccination = z.object({
  id: z.string(),
  locationId: z.string(),
  patientId: z.string(),
  clientId: z.string(),
  vaccine: z.string(),
  givenOn: z.string(),
  nextDueOn: z.string().nullable(),
  lotNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  providerId: z.string().nullable(),
  notes: z.string().nullable(),
  /** against today in the location's time zone */
  status: z.enum(['overdue', 'dueSoon', 'current', 'noBooster']),
  patient: PatientRef,
  createdAt: z.string(),
});
export type Vaccination = z.infer<typeof Vaccination>;
const VaccinationFields = z.object({
  patientId: idField(),
  vaccine: z.string().trim().min(1, 'is required').max(200),
  givenOn: pastDateField(),
  nextDueOn: dateField().nullable().default(null),
  lotNumber: optionalText(60).default(null),
  serialNumber: optionalText(60).default(null),
  providerId: idField().nullable().default(null),
  notes: messageField().nullable().default(null),
});
export const NEXT_DUE_BEFORE_GIVEN = 'must not be before the date given';
/** A booster falls due after the dose it follows; checked whenever both dates are given. */
const nextDueNotBeforeGiven = (v: { givenOn?: string | undefined; nextDueOn?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.givenOn && v.nextDueOn && v.nextDueOn < v.givenOn) ctx.addIssue({ code: 'custom', path: ['nextDueOn'], message: NEXT_DUE_BEFORE_GIVEN });
};
export const VaccinationInput = VaccinationFields.superRefine(nextDueNotBeforeGiven);
/** A change may bring only one of the dates; the server then compares with the stored other. */
export const VaccinationUpdateInput = VaccinationFields.partial().superRefine(nextDueNotBeforeGiven);
export type VaccinationInput = z.input<typeof VaccinationInput>;
export const vaccinationOps = crudOperations({
  path: '/api/vaccination',
  tag: 'vaccinations',
  noun: 'vaccination',
  entity: Vaccination,
  create: VaccinationInput,
  update: VaccinationUpdateInput,
  listQuery: CareRecordQuery,
  read: authenticated,
  write: authenticated,
});

// ---------- global search ----------
export const SearchResult = z.object({
  clients: z.array(ClientSummary.pick({ id: true, firstName: true, lastName: true, email: true, phone: true, locationId: true })),
  patients: z.array(
    Patient.pick({ id: true, name: true, clientId: true, speciesName: true, microchip: true, deceasedOn: true }).extend({
      clientName: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof SearchResult>;
export const globalSearch = operation({
  method: 'GET',
  path: '/api/search',
  access: authenticated,
  tag: 'clients',
  summary: 'Clients and patients matching a name, phone, email or microchip',
  query: z.object({ q: z.string().trim().min(1, 'is required').max(100), locationId: idField().optional() }),
  response: SearchResult,
});

// ---------- import / export ----------
export const ImportInput = z.object({
  locationId: idField(),
  csv: z.string().min(1, 'is required').max(20_000_000, 'must be at most 20 MB'),
});
export const ImportRow = z.object({
  line: z.number().int(),
  client: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  patientCount: z.number().int(),
  errors: z.array(z.string()),
});
export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  clients: z.number().int(),
  patients: z.number().int(),
  errorCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;
export const previewClientImport = operation({
  method: 'POST',
  path: '/api/client/import/preview',
  access: anyOf('users.manage', 'account.manage'),
  tag: 'clients',
  summary: 'Check a CSV of clients and their patients without saving anything',
  body: wrapped(ImportInput),
  response: ImportPreview,
});
export const importClients = operation({
  method: 'POST',
  path: '/api/client/import',
  access: anyOf('users.manage', 'account.manage'),
  tag: 'clients',
  summary: 'Import a CSV of clients and their patients: all rows or none',
  body: wrapped(ImportInput),
  response: z.object({ clients: z.number().int(), patients: z.number().int() }),
});
export const exportClients = operation({
  method: 'GET',
  path: '/api/client/export',
  access: anyOf('users.manage', 'account.manage', 'reports.export'),
  tag: 'clients',
  summary: 'CSV of a location’s clients and their patients (the import format)',
  query: z.object({ locationId: idField() }),
  response: z.string(),
});
