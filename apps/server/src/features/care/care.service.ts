import { CLIENT_HAS_HISTORY, NEXT_DUE_BEFORE_GIVEN, PATIENT_HAS_HISTORY, VACCINATION_DUE_SOON_DAYS, type PatientRef, type Prescription, type Vaccination } from '@willow/contracts';
import type { PrescriptionInput, VaccinationInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { TenantCrudService, type CrudDefinition } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { ListOptions, Row, Scope, TenantRepository } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { assertStaff } from '../users/index.js';
import { prescriptions, vaccinations } from './care.table.js';
import {
  careRepository,
  prescriptionsRepository,
  vaccinationsRepository,
  type CareQuery,
  type VaccinationQuery,
  type PrescriptionRow,
  type VaccinationRow,
} from './care.repository.js';

type CareTable = typeof prescriptions | typeof vaccinations;

/**
 * What prescriptions and vaccinations share: the patient is looked up in the scope and decides
 * the client and location; the staff member named must be of the account.
 */
function careDefinition<T extends CareTable, E, C extends { patientId: string }, Q extends CareQuery>(cfg: {
  entityType: string;
  repository: TenantRepository<T>;
  staffField: keyof C & string;
  listOptions: (q: Q, scope: Scope) => ListOptions;
  toEntities: (ex: Executor, scope: Scope, rows: Row<T>[]) => Promise<E[]>;
}): CrudDefinition<T, E, C, Partial<C>, Q> {
  const placeOf = async (ex: Executor, scope: Scope, patientId: string) => {
    const patient = await patientsRepository.findById(ex, scope, patientId);
    if (!patient) throw badRequest('patientId: unknown patient');
    return { patientId, clientId: patient.clientId, locationId: patient.locationId };
  };
  return {
    entityType: cfg.entityType,
    repository: cfg.repository,
    toEntities: cfg.toEntities,
    listOptions: cfg.listOptions,
    paged: true,
    // Filtered by a location, client or patient of the account; another account's answers 404.
    listFilters: (q) => [
      [locationsRepository, q.locationId],
      [clientsRepository, q.clientId],
      [patientsRepository, q.patientId],
    ],
    prepareCreate: async (ex, scope, input) => {
      await assertStaff(ex, scope, input[cfg.staffField] as string | null, cfg.staffField);
      return { ...input, ...(await placeOf(ex, scope, input.patientId)) } as never;
    },
    preparePatch: async (ex, scope, input) => {
      await assertStaff(ex, scope, input[cfg.staffField] as string | null | undefined, cfg.staffField);
      return { ...input, ...(input.patientId ? await placeOf(ex, scope, input.patientId) : {}) } as never;
    },
  };
}

const toPrescription = (r: PrescriptionRow, patient: PatientRef): Prescription => ({
  id: r.id,
  locationId: r.locationId,
  patientId: r.patientId,
  clientId: r.clientId,
  drug: r.drug,
  dose: r.dose,
  frequency: r.frequency,
  quantity: r.quantity,
  refills: r.refills,
  prescriberId: r.prescriberId,
  prescribedOn: r.prescribedOn,
  expiresOn: r.expiresOn,
  instructions: r.instructions,
  patient,
  createdAt: r.createdAt.toISOString(),
});

/** A record's patient was just checked to exist in the scope; the fallback never shows in practice. */
const refOf = (refs: Map<string, PatientRef>, r: { patientId: string; clientId: string }): PatientRef =>
  refs.get(r.patientId) ?? { id: r.patientId, name: '', clientId: r.clientId, clientName: '', deceasedOn: null };

/** Today's date where the location is (a vaccine is due by the practice's calendar). */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function vaccinationStatus(nextDueOn: string | null, today: string): Vaccination['status'] {
  if (!nextDueOn) return 'noBooster';
  if (nextDueOn < today) return 'overdue';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + VACCINATION_DUE_SOON_DAYS);
  return nextDueOn <= soon.toISOString().slice(0, 10) ? 'dueSoon' : 'current';
}

async function toVaccinations(ex: Executor, scope: Scope, rows: VaccinationRow[]): Promise<Vaccination[]> {
  // One after the other: inside a write's transaction the two share one connection.
  const zones = await locationsRepository.timezonesOf(
    ex,
    scope,
    rows.map((r) => r.locationId),
  );
  const refs = await patientsRepository.refs(
    ex,
    scope,
    rows.map((r) => r.patientId),
  );
  return rows.map((r) => ({
    id: r.id,
    locationId: r.locationId,
    patientId: r.patientId,
    clientId: r.clientId,
    vaccine: r.vaccine,
    givenOn: r.givenOn,
    nextDueOn: r.nextDueOn,
    lotNumber: r.lotNumber,
    serialNumber: r.serialNumber,
    providerId: r.providerId,
    notes: r.notes,
    // No booster is due for a patient who has died: they never show as overdue or due soon.
    status: refs.get(r.patientId)?.deceasedOn ? 'noBooster' : vaccinationStatus(r.nextDueOn, todayIn(zones.get(r.locationId) ?? 'UTC')),
    patient: refOf(refs, r),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A care record is the clinical record: the client and the patient it names are archived, not deleted (decision 0155). */
function keepsItsPeople(
  events: DomainEventBus,
  subscriber: string,
  records: { has: typeof careRepository.prescriptionFor; moveClient: typeof careRepository.movePrescriptionsOf },
): void {
  const { has } = records;
  // Kept per location like the client: they follow a client who moves.
  events.on('client.moved', subscriber, (tx, scope, { clientId, locationId }) => records.moveClient(tx, scope, clientId, locationId));
  events.on('client.deleting', subscriber, async (tx, caller, { clientId }) => {
    if (await has(tx, caller, { clientId })) throw conflict(CLIENT_HAS_HISTORY);
  });
  events.on('patient.deleting', subscriber, async (tx, caller, { patientId }) => {
    if (await has(tx, caller, { patientId })) throw conflict(PATIENT_HAS_HISTORY);
  });
}

export function prescriptionsService(db: Db, audit: AuditService, events: DomainEventBus) {
  keepsItsPeople(events, 'prescriptions', { has: careRepository.prescriptionFor, moveClient: careRepository.movePrescriptionsOf });
  return new TenantCrudService(
    db,
    audit,
    careDefinition<typeof prescriptions, Prescription, z.output<typeof PrescriptionInput>, CareQuery>({
      entityType: 'prescription',
      repository: prescriptionsRepository,
      staffField: 'prescriberId',
      listOptions: careRepository.prescriptionList,
      toEntities: async (ex, scope, rows) => {
        const refs = await patientsRepository.refs(
          ex,
          scope,
          rows.map((r) => r.patientId),
        );
        return rows.map((r) => toPrescription(r, refOf(refs, r)));
      },
    }),
  );
}

export function vaccinationsService(db: Db, audit: AuditService, events: DomainEventBus) {
  keepsItsPeople(events, 'vaccinations', { has: careRepository.vaccinationFor, moveClient: careRepository.moveVaccinationsOf });
  return new TenantCrudService(
    db,
    audit,
    withDueAfterGiven(
      careDefinition<typeof vaccinations, Vaccination, z.output<typeof VaccinationInput>, VaccinationQuery>({
        entityType: 'vaccination',
        repository: vaccinationsRepository,
        staffField: 'providerId',
        listOptions: careRepository.vaccinationList,
        toEntities: toVaccinations,
      }),
    ),
  );
}

/**
 * A change that brings only one of the two dates is checked against the stored other one (the
 * contract checks them when both come together).
 */
function withDueAfterGiven<
  D extends CrudDefinition<
    typeof vaccinations,
    Vaccination,
    z.output<typeof VaccinationInput>,
    Partial<z.output<typeof VaccinationInput>>,
    VaccinationQuery
  >,
>(def: D): D {
  return {
    ...def,
    preparePatch: async (ex, scope, input, existing) => {
      const givenOn = input.givenOn ?? existing.givenOn;
      const nextDueOn = input.nextDueOn === undefined ? existing.nextDueOn : input.nextDueOn;
      if (nextDueOn && nextDueOn < givenOn) throw badRequest(`nextDueOn: ${NEXT_DUE_BEFORE_GIVEN}`);
      return def.preparePatch(ex, scope, input, existing);
    },
  };
}
