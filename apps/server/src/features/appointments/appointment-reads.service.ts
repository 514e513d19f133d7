import type { Appointment, AppointmentAddOn, AppointmentDetail, AppointmentStatus, ListAppointmentsQuery, StatusChange } from '@willow/contracts';
import type { z } from 'zod';
import { together, type Db, type Executor } from '../../db/client.js';
import { isoOf, type WithTextTimes } from '../../db/timestamp-text.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { assertFiltersVisible, filtersVisibleSql, type ListFilter } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { servicesRepository } from '../services/index.js';
import { usersRepository } from '../users/index.js';
import { appointmentsRepository as repo, type AppointmentAddOnRow, type AppointmentRow } from './appointments.repository.js';
import { unique } from './appointment.rules.js';

type ListValues = z.output<typeof ListAppointmentsQuery>;

export const toAddOn = (r: AppointmentAddOnRow): AppointmentAddOn => ({
  id: r.id,
  appointmentId: r.appointmentId,
  addOnId: r.addOnId,
  name: r.name,
  price: r.price,
  values: r.values,
});

/** The rows of `ids` that were found, in the ids' order (a loop: the week maps hundreds of appointments). */
function found<T>(ids: readonly string[], byId: ReadonlyMap<string, T>): T[] {
  const out: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row !== undefined) out.push(row);
  }
  return out;
}

/** An appointment row as read for a write (Dates), or for a list answered as read (the ISO text already: decision 0237). */
type AnsweredRow = AppointmentRow | WithTextTimes<AppointmentRow>;

/** Rows to answers: a fixed number of batched look-ups, however many rows there are. */
export async function toAppointments(ex: Executor, scope: Scope, rows: readonly AnsweredRow[]): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const [clientRows, patientRows, serviceRows, addOnRows] = await together(ex, [
    () => clientsRepository.summaries(ex, scope, unique(rows.map((r) => r.clientId))),
    () => patientsRepository.withSpecies(ex, scope, unique(rows.flatMap((r) => r.patientIds))),
    () => servicesRepository.findByIds(ex, scope, unique(rows.flatMap((r) => r.serviceIds))),
    () =>
      repo.addOnsOf(
        ex,
        scope,
        rows.map((r) => r.id),
      ),
  ] as const);
  const clientById = new Map(clientRows.map((c) => [c.id, c]));
  const patientById = new Map(patientRows.map((p) => [p.id, p]));
  const serviceById = new Map(serviceRows.map((s) => [s.id, s]));
  const addOnsByAppointment = new Map<string, AppointmentAddOn[]>();
  for (const a of addOnRows) {
    const list = addOnsByAppointment.get(a.appointmentId) ?? [];
    list.push(toAddOn(a));
    addOnsByAppointment.set(a.appointmentId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    locationId: r.locationId,
    status: r.status as AppointmentStatus,
    startAt: isoOf(r.startAt),
    endAt: isoOf(r.endAt),
    clientId: r.clientId,
    // The client row always exists: deleting a client deletes their appointments.
    client: clientById.get(r.clientId) ?? { id: r.clientId, firstName: '', lastName: '', email: null, phone: null },
    patientIds: r.patientIds,
    patients: found(r.patientIds, patientById),
    serviceIds: r.serviceIds,
    services: found(r.serviceIds, serviceById),
    primaryProviderId: r.primaryProviderId,
    secondaryProviderId: r.secondaryProviderId,
    address: r.address,
    notes: r.notes,
    cancellationReason: r.cancellationReason,
    overlapReason: r.overlapReason,
    source: r.source as Appointment['source'],
    emailConfirmedAt: r.emailConfirmedAt === null ? null : isoOf(r.emailConfirmedAt),
    requestedTimes: r.requestedTimes,
    addOns: addOnsByAppointment.get(r.id) ?? [],
    cremationType: r.cremationType as Appointment['cremationType'],
    ashesDisposition: r.ashesDisposition as Appointment['ashesDisposition'],
    createdAt: isoOf(r.createdAt),
    updatedAt: isoOf(r.updatedAt),
  }));
}

/** One appointment answered after a write, read in the write's transaction. */
export const toAppointment = async (ex: Executor, scope: Scope, row: AppointmentRow): Promise<Appointment> => (await toAppointments(ex, scope, [row]))[0]!;

export class AppointmentReadsService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, q: ListValues): Promise<{ items: Appointment[]; total: number }> {
    const filterIds: ListFilter[] = [
      [locationsRepository, q.locationId],
      [clientsRepository, q.clientId],
      [patientsRepository, q.patientId],
      [usersRepository, q.providerId],
      [servicesRepository, q.serviceId],
    ];
    const filters = {
      status: q.status,
      providerIds: q.providerId,
      serviceIds: q.serviceId,
      clientId: q.clientId,
      patientId: q.patientId,
      search: q.search,
    };
    if (q.startDate) {
      // The week: its appointments carry the filters' check (one statement), then one statement
      // for each kind of row they name (toAppointments). Only an empty week asks the check alone.
      const end = q.endDate ? new Date(q.endDate) : null;
      // All locations: naming them keeps the (account, location, start) index in play.
      const locationIds = q.locationId ? [q.locationId] : await locationsRepository.ids(this.db, auth);
      const { items, more, allowed } = await repo.rangeTextTimes(
        this.db,
        auth,
        { ...filters, locationIds },
        new Date(q.startDate),
        end,
        q.limit,
        q.offset,
        filtersVisibleSql(auth, filterIds),
      );
      if (allowed === undefined) await assertFiltersVisible(this.db, auth, filterIds);
      else if (!allowed) throw notFound();
      // Not a count (see ListAppointmentsQuery): one more than shown says the range holds more.
      return { items: await toAppointments(this.db, auth, items), total: q.offset + items.length + (more ? 1 : 0) };
    }
    // The filters' check runs beside the reads (all scoped to the account). Promise.all answers
    // the check's 404 even while a read is running.
    const [, { items, total }] = await Promise.all([
      assertFiltersVisible(this.db, auth, filterIds),
      repo.pageTextTimes(this.db, auth, { ...filters, locationIds: q.locationId ? [q.locationId] : undefined }, q.limit, q.offset),
    ]);
    return { items: await toAppointments(this.db, auth, items), total };
  }

  async get(auth: AuthContext, id: string): Promise<AppointmentDetail> {
    const row = await repo.findById(this.db, auth, id);
    if (!row) throw notFound();
    const [appointment, history] = await Promise.all([toAppointment(this.db, auth, row), repo.statusHistory(this.db, auth, id)]);
    const statusHistory: StatusChange[] = history.map((h) => ({
      id: h.id,
      fromStatus: h.fromStatus as AppointmentStatus | null,
      toStatus: h.toStatus as AppointmentStatus,
      note: h.note,
      correction: h.correction,
      changedAt: h.changedAt.toISOString(),
      changedBy: h.changedById ? { id: h.changedById, name: h.changedByName ?? '' } : null,
    }));
    return { ...appointment, statusHistory };
  }

  async countPending(auth: AuthContext, locationId: string | undefined): Promise<{ count: number }> {
    await assertFiltersVisible(this.db, auth, [[locationsRepository, locationId]]);
    return { count: await repo.countPending(this.db, auth, locationId) };
  }
}
