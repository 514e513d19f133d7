// Vaccinations due (decision 0266): the boosters still to give, with the pet's and the client's
// names and the client's contact, in one statement. "Still to give" is the vaccination
// reminders' rule: a due date, and no later dose of the same vaccine (names compared without case
// or surrounding spaces) given to the pet since; the pet alive and not archived.
import { VACCINATION_DUE_SOON_DAYS } from '@willow/contracts';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { cursorPages, type Db, type Executor } from '../../db/client.js';
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
/** Where a page by key starts: after the row of the page before with these (the order's columns). */
export type VaccinationDueKey = Pick<VaccinationDueSums, 'dueOn' | 'lastName' | 'firstName' | 'patientName' | 'vaccinationId'>;
/** The screen's page (`offset`), or the files' next page after the last row read (`after`; none: the first). */
export type VaccinationsDuePage = { limit: number; offset: number } | { limit: number; after: VaccinationDueKey | null };
export type VaccinationDueTotals = { vaccinations: number; overdue: number; patients: number };

/** today on the calendar of the row's location */
const today = sql`(now() at time zone ${locations.timezone})::date`;

/** `fields` of the boosters still to give, with their patient, client and location joined: the rows' and the totals' statement alike. */
function stillToGive<F extends SelectedFields>(ex: Executor, scope: Scope, q: VaccinationsDueFilters, fields: F, after?: SQL) {
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
        after,
      ),
    )
    .innerJoin(patients, patientRows.joined(scope, vaccinations, eq(patients.id, vaccinations.patientId)))
    .innerJoin(clients, clientRows.joined(scope, vaccinations, eq(clients.id, vaccinations.clientId)))
    .innerJoin(locations, locationRows.joined(scope, vaccinations, eq(locations.id, vaccinations.locationId)));
}

/**
 * The rows in the report's order: by due date (the most overdue first), then the client's last
 * and first names without case, the pet's name and the vaccination's id, so no two rows tie; after
 * `after` (a row of the page before) when given. Every field is named in SQL (`as`), as a
 * cursor's rows are read by those names (`dueByCursor`); the dates come as text.
 */
function dueInOrder(ex: Executor, scope: Scope, q: VaccinationsDueFilters, after: VaccinationDueKey | null) {
  const order = sql`(${vaccinations.nextDueOn}, lower(${clients.lastName}), lower(${clients.firstName}), ${patients.name}, ${vaccinations.id})`;
  const afterKey = after
    ? sql`${order} > (${after.dueOn}::date, lower(${after.lastName}), lower(${after.firstName}), ${after.patientName}, ${after.vaccinationId}::uuid)`
    : undefined;
  return stillToGive(
    ex,
    scope,
    q,
    {
      vaccinationId: sql<string>`${vaccinations.id}`.as('vaccination_id'),
      vaccine: sql<string>`${vaccinations.vaccine}`.as('vaccine'),
      givenOn: sql<string>`${vaccinations.givenOn}::text`.as('given_on'),
      dueOn: sql<string>`${vaccinations.nextDueOn}::text`.as('due_on'),
      daysPast: sql<number>`(${today} - ${vaccinations.nextDueOn})`.mapWith(Number).as('days_past'),
      patientId: sql<string>`${vaccinations.patientId}`.as('patient_id'),
      patientName: sql<string>`${patients.name}`.as('patient_name'),
      clientId: sql<string>`${vaccinations.clientId}`.as('client_id'),
      firstName: sql<string>`${clients.firstName}`.as('first_name'),
      lastName: sql<string>`${clients.lastName}`.as('last_name'),
      phone: sql<string | null>`${clients.phone}`.as('phone'),
      email: sql<string | null>`${clients.email}`.as('email'),
      locationId: sql<string>`${vaccinations.locationId}`.as('location_id'),
      locationName: sql<string>`${locations.name}`.as('location_name'),
    },
    afterKey,
  ).orderBy(vaccinations.nextDueOn, sql`lower(${clients.lastName})`, sql`lower(${clients.firstName})`, patients.name, vaccinations.id);
}

export const vaccinationsDueRepository = {
  /**
   * The rows in the report's order (`dueInOrder`); `page` cuts them in the statement: the screen's
   * by `offset` (decision 0281), the files' on the embedded database after the page before's last row.
   */
  async due(ex: Executor, scope: Scope, q: VaccinationsDueFilters, page?: VaccinationsDuePage): Promise<VaccinationDueSums[]> {
    const rows = dueInOrder(ex, scope, q, page && 'after' in page ? page.after : null);
    if (!page) return rows;
    return 'after' in page ? rows.limit(page.limit) : rows.limit(page.limit).offset(page.offset);
  },

  /**
   * Every row in the report's order, `limit` at a time from one statement's cursor (on a
   * PostgreSQL server: `cursorPages`, decision 0289); the rows as `due` answers them.
   */
  async *dueByCursor(db: Db, scope: Scope, q: VaccinationsDueFilters, limit: number): AsyncGenerator<VaccinationDueSums[]> {
    const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
    for await (const rows of cursorPages(db, dueInOrder(db, scope, q, null), limit)) {
      yield rows.map((r) => ({
        vaccinationId: String(r.vaccination_id),
        vaccine: String(r.vaccine),
        givenOn: String(r.given_on),
        dueOn: String(r.due_on),
        daysPast: Number(r.days_past),
        patientId: String(r.patient_id),
        patientName: String(r.patient_name),
        clientId: String(r.client_id),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        phone: text(r.phone),
        email: text(r.email),
        locationId: String(r.location_id),
        locationName: String(r.location_name),
      }));
    }
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
