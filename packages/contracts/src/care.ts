import { z } from 'zod';
import { anyOf, authenticated } from './operation.js';
import { DELETE_RECORDS } from './permissions.js';
import { crudOperations } from './crud.js';
import { dateField, idField, messageField, optionalText, PageQuery, pastDateField, patchOf } from './rules.js';

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
export const CareRecordQuery = PageQuery.extend({
  locationId: idField().optional(),
  patientId: idField().optional(),
  clientId: idField().optional(),
});
export const prescriptionOps = crudOperations({
  path: '/api/prescription',
  tag: 'prescriptions',
  noun: 'prescription',
  entity: Prescription,
  list: { query: CareRecordQuery, paged: true },
  get: {},
  create: { input: PrescriptionInput },
  update: { input: patchOf(PrescriptionInput) },
  // A clinical record: corrected by an edit (its history keeps what it said), deleted for good only with the permission.
  remove: { access: anyOf(DELETE_RECORDS) },
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
export const VaccinationUpdateInput = patchOf(VaccinationFields).superRefine(nextDueNotBeforeGiven);
export type VaccinationInput = z.input<typeof VaccinationInput>;
/** `status` keeps the vaccinations whose booster is overdue, or due within VACCINATION_DUE_SOON_DAYS. */
export const VaccinationQuery = CareRecordQuery.extend({ status: z.enum(['overdue', 'dueSoon']).optional() });
export const vaccinationOps = crudOperations({
  path: '/api/vaccination',
  tag: 'vaccinations',
  noun: 'vaccination',
  entity: Vaccination,
  list: { query: VaccinationQuery, paged: true },
  create: { input: VaccinationInput },
  update: { input: VaccinationUpdateInput },
  // A clinical record: corrected by an edit (its history keeps what it said), deleted for good only with the permission.
  remove: { access: anyOf(DELETE_RECORDS) },
  read: authenticated,
  write: authenticated,
});
