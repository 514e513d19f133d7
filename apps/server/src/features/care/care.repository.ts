import { and, asc, desc, eq, gte, isNotNull, lte, not, sql, type SQL } from 'drizzle-orm';
import { VACCINATION_DUE_SOON_DAYS } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { idIn, tenantRepository, type ListOptions, type Scope } from '../../platform/tenant-repository.js';
import { locationsRepository } from '../locations/index.js';
import { patients, patientsRepository } from '../patients/index.js';
import { prescriptions, vaccinations } from './care.table.js';

export const prescriptionsRepository = tenantRepository(prescriptions);
export const vaccinationsRepository = tenantRepository(vaccinations);
export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type VaccinationRow = typeof vaccinations.$inferSelect;
export type CareQuery = {
  locationId?: string | undefined;
  patientId?: string | undefined;
  clientId?: string | undefined;
  limit: number;
  offset: number;
};
export type VaccinationQuery = CareQuery & { status?: 'overdue' | 'dueSoon' | undefined };


function careFilter(table: typeof prescriptions | typeof vaccinations, q: CareQuery) {
  return and(
    q.locationId ? eq(table.locationId, q.locationId) : undefined,
    q.patientId ? eq(table.patientId, q.patientId) : undefined,
    q.clientId ? eq(table.clientId, q.clientId) : undefined,
  );
}

/**
 * The status filter in SQL, the same rule as `vaccinationStatus`: a booster is due against today
 * in the location's time zone; a deceased patient's vaccinations are never due.
 */
function dueFilter(scope: Scope, status: 'overdue' | 'dueSoon'): SQL {
  const today = locationsRepository.todayFor(scope, vaccinations, vaccinations.locationId);
  const living = not(patientsRepository.deceasedFor(scope, vaccinations, vaccinations.patientId));
  return status === 'overdue'
    ? and(living, sql`${vaccinations.nextDueOn} < ${today}`)!
    : and(living, sql`${vaccinations.nextDueOn} >= ${today}`, sql`${vaccinations.nextDueOn} <= ${today} + ${VACCINATION_DUE_SOON_DAYS}::int`)!;
}

export const careRepository = {
  /** Every vaccination of these patients (a reminder's check: a later dose of the vaccine given since). */
  vaccinationsOf: (ex: Executor, scope: Scope, patientIds: readonly string[]): Promise<VaccinationRow[]> =>
    patientIds.length === 0 ? Promise.resolve([]) : vaccinationsRepository.list(ex, scope, { where: idIn(vaccinations.patientId, patientIds) }),

  /** Prescriptions meeting the filters, the newest first. */
  prescriptionList: (q: CareQuery): ListOptions => ({
    where: careFilter(prescriptions, q),
    orderBy: [desc(prescriptions.prescribedOn), desc(prescriptions.createdAt), desc(prescriptions.id)],
  }),
  /** Vaccinations meeting the filters (a status as `vaccinationStatus` tells it), the newest first. */
  vaccinationList: (q: VaccinationQuery, scope: Scope): ListOptions => ({
    where: and(careFilter(vaccinations, q), q.status ? dueFilter(scope, q.status) : undefined),
    orderBy: [desc(vaccinations.givenOn), desc(vaccinations.createdAt), desc(vaccinations.id)],
  }),

  /**
   * The vaccinations of a location whose booster falls due from `from` to `to` (local days,
   * inclusive), of patients living and not archived, by client then due date: what a vaccination
   * reminder gathers (the location's due-date index).
   */
  dueBetween: (ex: Executor, scope: Scope, q: { locationId: string; from: string; to: string }): Promise<VaccinationRow[]> =>
    vaccinationsRepository.list(ex, scope, {
      where: and(
        eq(vaccinations.locationId, q.locationId),
        isNotNull(vaccinations.nextDueOn),
        gte(vaccinations.nextDueOn, q.from),
        lte(vaccinations.nextDueOn, q.to),
        not(patientsRepository.existsFor(scope, vaccinations, and(eq(patients.id, vaccinations.patientId), sql`(${patients.deceasedOn} is not null or ${patients.archivedAt} is not null)`))),
      ),
      orderBy: [asc(vaccinations.clientId), asc(vaccinations.nextDueOn), asc(vaccinations.patientId), asc(vaccinations.id)],
    }),

  /** Whether the client, or the patient, has any prescription (history that archiving keeps). */
  prescriptionFor: (ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }): Promise<boolean> =>
    prescriptionsRepository.exists(ex, scope, 'clientId' in of ? eq(prescriptions.clientId, of.clientId) : eq(prescriptions.patientId, of.patientId)),

  /** Whether the client, or the patient, has any vaccination (history that archiving keeps). */
  vaccinationFor: (ex: Executor, scope: Scope, of: { clientId: string } | { patientId: string }): Promise<boolean> =>
    vaccinationsRepository.exists(ex, scope, 'clientId' in of ? eq(vaccinations.clientId, of.clientId) : eq(vaccinations.patientId, of.patientId)),

  /** The client's prescriptions follow them to another location. */
  async movePrescriptionsOf(ex: Executor, scope: Scope, clientId: string, locationId: string): Promise<void> {
    await prescriptionsRepository.updateWhere(ex, scope, eq(prescriptions.clientId, clientId), { locationId });
  },

  /** The client's vaccinations follow them to another location. */
  async moveVaccinationsOf(ex: Executor, scope: Scope, clientId: string, locationId: string): Promise<void> {
    await vaccinationsRepository.updateWhere(ex, scope, eq(vaccinations.clientId, clientId), { locationId });
  },
};
