// Vaccinations due (decision 0266): the boosters still to give, with the pet's and the client's
// names and the client's contact, in one statement. "Still to give" is the vaccination
// reminders' rule: a due date, and no later dose of the same vaccine (names compared without case
// or surrounding spaces) given to the pet since; the pet alive and not archived.
import { VACCINATION_DUE_SOON_DAYS } from '@willow/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { scopedTable, type Scope } from '../../platform/tenant-repository.js';
import { vaccinations } from '../care/index.js';
import { clients } from '../clients/index.js';
import { locations } from '../locations/index.js';
import { patients } from '../patients/index.js';

const vaccinationRows = scopedTable(vaccinations);
/** a later dose of the outer row's vaccine (named in SQL as `vaccinations as later`) */
const later = alias(vaccinations, 'later');
const laterRows = scopedTable(later);
const patientRows = scopedTable(patients);
const clientRows = scopedTable(clients);
const locationRows = scopedTable(locations);

export type VaccinationDueSums = {
  vaccinationId: string;
  vaccine: string;
  givenOn: string;
  dueOn: string;
  /** today at the location less the due date: negative while not yet due */
  daysPast: number;
  patientId: string;
  patientName: string;
  clientId: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  locationId: string;
  locationName: string;
};

export type VaccinationsDueFilters = { locationId?: string | undefined; dueBefore?: string | undefined };
export type VaccinationDueTotals = { vaccinations: number; overdue: number; patients: number };

/** today on the calendar of the row's location */
const today = sql`(now() at time zone ${locations.timezone})::date`;

/** `fields` of the boosters still to give, with their patient, client and location joined: the rows' and the totals' statement alike. */
function stillToGive<F extends SelectedFields>(ex: Executor, scope: Scope, q: VaccinationsDueFilters, fields: F) {
  const sameVaccine = (a: typeof vaccinations.vaccine, b: typeof later.vaccine) => sql`lower(trim(${a})) = lower(trim(${b}))`;
  const laterDose = sql`exists (select 1 from ${vaccinations} as "later" where ${laterRows.joined(
    scope,
    vaccinations,
    and(eq(later.patientId, vaccinations.patientId), sameVaccine(vaccinations.vaccine, later.vaccine), sql`${later.givenOn} > ${vaccinations.givenOn}`),
  )})`;
  return vaccinationRows
    .select(
      ex,
      scope,
      fields,
      and(
        isNotNull(vaccinations.nextDueOn),
        q.dueBefore ? sql`${vaccinations.nextDueOn} < ${q.dueBefore}::date` : sql`${vaccinations.nextDueOn} <= ${today} + ${VACCINATION_DUE_SOON_DAYS}::int`,
        q.locationId ? eq(vaccinations.locationId, q.locationId) : undefined,
        isNull(patients.deceasedOn),
        isNull(patients.archivedAt),
        sql`not ${laterDose}`,
      ),
    )
    .innerJoin(patients, patientRows.joined(scope, vaccinations, eq(patients.id, vaccinations.patientId)))
    .innerJoin(clients, clientRows.joined(scope, vaccinations, eq(clients.id, vaccinations.clientId)))
    .innerJoin(locations, locationRows.joined(scope, vaccinations, eq(locations.id, vaccinations.locationId)));
}

export const vaccinationsDueRepository = {
  /** The rows by due date (the most overdue first), then client and pet; `page` cuts them in the statement (decision 0281). */
  async due(ex: Executor, scope: Scope, q: VaccinationsDueFilters, page?: { limit: number; offset: number }): Promise<VaccinationDueSums[]> {
    const rows = stillToGive(ex, scope, q, {
      vaccinationId: vaccinations.id,
      vaccine: vaccinations.vaccine,
      givenOn: vaccinations.givenOn,
      dueOn: sql<string>`${vaccinations.nextDueOn}::text`,
      daysPast: sql<number>`(${today} - ${vaccinations.nextDueOn})`.mapWith(Number),
      patientId: vaccinations.patientId,
      patientName: patients.name,
      clientId: vaccinations.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: clients.phone,
      email: clients.email,
      locationId: vaccinations.locationId,
      locationName: locations.name,
    }).orderBy(vaccinations.nextDueOn, sql`lower(${clients.lastName})`, sql`lower(${clients.firstName})`, patients.name, vaccinations.id);
    return page ? rows.limit(page.limit).offset(page.offset) : rows;
  },

  /** The counts of every row, whatever page is shown: boosters, of which overdue, and distinct patients. */
  async totals(ex: Executor, scope: Scope, q: VaccinationsDueFilters): Promise<VaccinationDueTotals> {
    const [totals] = await stillToGive(ex, scope, q, {
      vaccinations: sql<number>`count(*)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${vaccinations.nextDueOn} < ${today})`.mapWith(Number),
      patients: sql<number>`count(distinct ${vaccinations.patientId})`.mapWith(Number),
    });
    return totals ?? { vaccinations: 0, overdue: 0, patients: 0 };
  },
};
