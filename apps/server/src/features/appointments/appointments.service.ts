import {
  CANCELLABLE_STATUSES,
  INACTIVE_STATUSES,
  MAX_APPOINTMENT_HOURS,
  canTransition,
  cremationNeedsService,
  isFinished,
  marksDeceased,
  entersCremationWithout,
  formatMinutes,
  localDate,
  localMinutes,
  type AddOnAttachInput,
  type Appointment,
  type AppointmentAddOn,
  type AppointmentDetail,
  type AppointmentInput,
  type AppointmentStatus,
  type AppointmentUpdateInput,
  type CorrectStatusInput,
  type ListAppointmentsQuery,
  type StatusChange,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { addOnsRepository, type AddOnRow } from '../add-ons/add-ons.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import { clientsRepository } from '../clients/clients.repository.js';
import { locationsRepository } from '../locations/locations.repository.js';
import { assertLocation } from '../locations/locations.service.js';
import { patientsRepository } from '../patients/patients.repository.js';
import { servicesRepository } from '../services/services.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { appointmentsRepository as repo, type AppointmentAddOnRow, type AppointmentRow, type OverlapRow } from './appointments.repository.js';

type CreateValues = z.output<typeof AppointmentInput>;
type UpdateValues = z.output<typeof AppointmentUpdateInput>;
type ListValues = z.output<typeof ListAppointmentsQuery>;
type AttachValues = z.output<typeof AddOnAttachInput>;
type CorrectValues = z.output<typeof CorrectStatusInput>;

const MAX_APPOINTMENT_MS = MAX_APPOINTMENT_HOURS * 3_600_000;
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];
const isActiveStatus = (s: AppointmentStatus) => !INACTIVE_STATUSES.includes(s);

export const toAddOn = (r: AppointmentAddOnRow): AppointmentAddOn => ({
  id: r.id,
  appointmentId: r.appointmentId,
  addOnId: r.addOnId,
  name: r.name,
  price: r.price,
  values: r.values,
});

/** Rows to answers: a fixed number of batched look-ups, however many rows there are. */
export async function toAppointments(ex: Executor, scope: Scope, rows: AppointmentRow[]): Promise<Appointment[]> {
  if (rows.length === 0) return [];
  const [clientRows, patientRows, serviceRows, addOnRows] = await Promise.all([
    clientsRepository.summaries(ex, scope, unique(rows.map((r) => r.clientId))),
    patientsRepository.withSpecies(ex, scope, unique(rows.flatMap((r) => r.patientIds))),
    servicesRepository.findByIds(ex, scope, unique(rows.flatMap((r) => r.serviceIds))),
    repo.addOnsOf(
      ex,
      scope,
      rows.map((r) => r.id),
    ),
  ]);
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
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    clientId: r.clientId,
    // The client row always exists: deleting a client deletes their appointments.
    client: clientById.get(r.clientId) ?? { id: r.clientId, firstName: '', lastName: '', email: null, phone: null },
    patientIds: r.patientIds,
    patients: r.patientIds.flatMap((id) => patientById.get(id) ?? []),
    serviceIds: r.serviceIds,
    services: r.serviceIds.flatMap((id) => {
      const s = serviceById.get(id);
      return s ? [{ id: s.id, name: s.name, type: s.type, duration: s.duration, price: s.price }] : [];
    }),
    primaryProviderId: r.primaryProviderId,
    secondaryProviderId: r.secondaryProviderId,
    address: r.address,
    notes: r.notes,
    cancellationReason: r.cancellationReason,
    overlapReason: r.overlapReason,
    source: r.source as Appointment['source'],
    requestedTimes: r.requestedTimes,
    addOns: addOnsByAppointment.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

// ---------- add-on values ----------
/** The add-on must be on the appointment location's catalogue and still offered. */
function assertAttachable(addOn: AddOnRow | undefined, locationId: string, field: string): AddOnRow {
  if (!addOn) throw badRequest(`${field}: unknown add-on`);
  if (addOn.locationId !== locationId) throw badRequest(`${field}: this add-on is not offered at this location`);
  if (!addOn.active) throw badRequest(`${field}: this add-on is no longer offered`);
  return addOn;
}

/**
 * Values keyed by the add-on's option names (matched whatever the case, kept as the add-on spells
 * them). An option with choices takes one of them; an empty value leaves the option unset.
 */
export function checkAddOnValues(options: readonly { name: string; choices: readonly string[] }[], values: Record<string, string>, field: string) {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(values)) {
    const option = options.find((o) => o.name === name) ?? options.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (!option) throw badRequest(`${field}: unknown option "${name}"`);
    const value = raw.trim();
    if (!value) continue;
    if (option.choices.length > 0 && !option.choices.includes(value)) {
      throw badRequest(`${field}.${option.name}: must be one of ${option.choices.join(', ')}`);
    }
    out[option.name] = value;
  }
  return out;
}

// ---------- the overlap message ----------
const dayLabel = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(instant);

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** An appointment a booking would overlap, with what its message names. */
export interface Clash {
  startAt: Date;
  endAt: Date;
  primaryProviderId: string | null;
  secondaryProviderId: string | null;
  primaryName: string | null;
  secondaryName: string | null;
  clientFirstName: string;
  clientLastName: string;
  patients: { id: string; name: string }[];
}

/** The names the overlap message gives, each read from the feature that owns it. */
async function describeClash(ex: Executor, scope: Scope, row: OverlapRow): Promise<Clash> {
  const [[client], providerNames, patientRows] = await Promise.all([
    clientsRepository.summaries(ex, scope, [row.clientId]),
    usersRepository.fullNames(ex, scope, providersOf(row.primaryProviderId, row.secondaryProviderId)),
    patientsRepository.findByIds(ex, scope, row.patientIds),
  ]);
  const nameOf = (id: string | null) => (id ? (providerNames.get(id) ?? null) : null);
  const patientById = new Map(patientRows.map((p) => [p.id, p]));
  return {
    startAt: row.startAt,
    endAt: row.endAt,
    primaryProviderId: row.primaryProviderId,
    secondaryProviderId: row.secondaryProviderId,
    primaryName: nameOf(row.primaryProviderId),
    secondaryName: nameOf(row.secondaryProviderId),
    // The client row always exists: deleting a client deletes their appointments.
    clientFirstName: client?.firstName ?? '',
    clientLastName: client?.lastName ?? '',
    // in the appointment's order
    patients: unique(row.patientIds).flatMap((id) => {
      const p = patientById.get(id);
      return p ? [{ id: p.id, name: p.name }] : [];
    }),
  };
}

/**
 * Names what the booking clashes with, in the location's time zone, e.g. "Overlaps Vera Vet’s
 * appointment 10:00–10:30 with Max (Smith). Give a reason to book anyway." The day is added when
 * the clash is on another local day than the booking.
 */
export function overlapMessage(clash: Clash, wanted: { start: Date; providerIds: string[]; patientIds: string[] }, timeZone: string): string {
  const times = `${formatMinutes(localMinutes(clash.startAt, timeZone))}–${formatMinutes(localMinutes(clash.endAt, timeZone))}`;
  const when = localDate(clash.startAt, timeZone) === localDate(wanted.start, timeZone) ? times : `${dayLabel(clash.startAt, timeZone)} ${times}`;
  const providers: [string | null, string | null][] = [
    [clash.primaryProviderId, clash.primaryName],
    [clash.secondaryProviderId, clash.secondaryName],
  ];
  const sharedProvider = providers.find(([id, name]) => id && name && wanted.providerIds.includes(id))?.[1];
  const tail = 'Give a reason to book anyway.';
  if (sharedProvider) {
    const names = clash.patients.map((p) => p.name);
    const whom = names.length ? `${listNames(names)} (${clash.clientLastName})` : `${clash.clientFirstName} ${clash.clientLastName}`;
    return `Overlaps ${sharedProvider}’s appointment ${when} with ${whom}. ${tail}`;
  }
  const shared = clash.patients.filter((p) => wanted.patientIds.includes(p.id)).map((p) => p.name);
  const provider = clash.primaryName ?? clash.secondaryName;
  return `Overlaps ${listNames(shared)}’s appointment ${when}${provider ? ` with ${provider}` : ''}. ${tail}`;
}

/**
 * Cancels a row already read FOR UPDATE: the cancel action's rule (only from a cancellable
 * status), its status history row and audit entry. Also used when a patient is recorded deceased.
 */
export async function cancelLocked(
  tx: Executor,
  auth: AuthContext,
  audit: AuditService,
  existing: AppointmentRow,
  reason: string,
  field = 'status',
): Promise<AppointmentRow> {
  const from = existing.status as AppointmentStatus;
  if (!CANCELLABLE_STATUSES.includes(from)) throw badRequest(`${field}: cannot change from ${from} to Cancelled`);
  const row = (await repo.update(tx, auth, existing.id, { status: 'Cancelled', cancellationReason: reason }))!;
  await repo.recordStatus(tx, auth, { appointmentId: existing.id, fromStatus: from, toStatus: 'Cancelled', note: reason, changedById: auth.userId });
  await audit.record(tx, auth, [{ entityType: 'appointment', entityId: existing.id, action: 'update', before: existing, after: row }]);
  return row;
}

const PROVIDER_ROLES = {
  primaryProviderId: { holds: 'isPrimaryProvider', label: 'a primary provider' },
  secondaryProviderId: { holds: 'isSecondaryProvider', label: 'a secondary provider' },
} as const;

export class AppointmentsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async list(auth: AuthContext, q: ListValues): Promise<{ items: Appointment[]; total: number }> {
    await assertFiltersVisible(this.db, auth, [
      [locationsRepository, q.locationId],
      [clientsRepository, q.clientId],
      [patientsRepository, q.patientId],
      [usersRepository, q.providerId],
      [servicesRepository, q.serviceId],
    ]);
    const filters = {
      status: q.status,
      providerIds: q.providerId,
      serviceIds: q.serviceId,
      clientId: q.clientId,
      patientId: q.patientId,
      search: q.search,
    };
    if (q.startDate) {
      // All locations: naming them keeps the (account, location, start) index in play.
      const locationIds = q.locationId ? [q.locationId] : await locationsRepository.ids(this.db, auth);
      const end = q.endDate ? new Date(q.endDate) : null;
      const { items, more } = await repo.range(this.db, auth, { ...filters, locationIds }, new Date(q.startDate), end, q.limit, q.offset);
      // Not a count (see ListAppointmentsQuery): one more than shown says the range holds more.
      return { items: await toAppointments(this.db, auth, items), total: q.offset + items.length + (more ? 1 : 0) };
    }
    const { items, total } = await repo.page(
      this.db,
      auth,
      { ...filters, locationIds: q.locationId ? [q.locationId] : undefined },
      q.limit,
      q.offset,
    );
    return { items: await toAppointments(this.db, auth, items), total };
  }

  async get(auth: AuthContext, id: string): Promise<AppointmentDetail> {
    const row = await repo.findById(this.db, auth, id);
    if (!row) throw notFound();
    const [[appointment], history] = await Promise.all([toAppointments(this.db, auth, [row]), repo.statusHistory(this.db, auth, id)]);
    const statusHistory: StatusChange[] = history.map((h) => ({
      id: h.id,
      fromStatus: h.fromStatus as AppointmentStatus | null,
      toStatus: h.toStatus as AppointmentStatus,
      note: h.note,
      correction: h.correction,
      changedAt: h.changedAt.toISOString(),
      changedBy: h.changedById ? { id: h.changedById, name: h.changedByName ?? '' } : null,
    }));
    return { ...appointment!, statusHistory };
  }

  async countPending(auth: AuthContext, locationId: string | undefined): Promise<{ count: number }> {
    await assertFiltersVisible(this.db, auth, [[locationsRepository, locationId]]);
    return { count: await repo.countPending(this.db, auth, locationId) };
  }

  async create(auth: AuthContext, input: CreateValues): Promise<Appointment> {
    return this.db.transaction(async (tx) => {
      const location = await assertLocation(tx, auth, input.locationId);
      const patientIds = unique(input.patientIds);
      const serviceIds = unique(input.serviceIds);
      await this.assertClient(tx, auth, location.id, input.clientId);
      await this.assertPatients(tx, auth, input.clientId, patientIds);
      await this.assertServices(tx, auth, location.id, serviceIds, []);
      await this.assertProviders(tx, auth, input.primaryProviderId, input.secondaryProviderId, {
        primary: true,
        secondary: true,
      });
      const addOns = await this.prepareAddOns(tx, auth, location.id, input.addOns);
      const start = new Date(input.startAt);
      const end = new Date(input.endAt);
      const overlapReason = await this.guardOverlap(
        tx,
        auth,
        location.timezone,
        { start, end, providerIds: providersOf(input.primaryProviderId, input.secondaryProviderId), patientIds },
        input.overlapReason,
      );
      const row = await repo.insert(tx, auth, {
        locationId: location.id,
        clientId: input.clientId,
        patientIds,
        serviceIds,
        primaryProviderId: input.primaryProviderId,
        secondaryProviderId: input.secondaryProviderId,
        startAt: start,
        endAt: end,
        status: input.status,
        address: input.address,
        notes: input.notes,
        overlapReason,
        source: 'staff',
        requestedTimes: [],
        createdById: auth.userId,
      });
      await repo.recordStatus(tx, auth, { appointmentId: row.id, fromStatus: null, toStatus: row.status, note: null, changedById: auth.userId });
      const attached: AppointmentAddOnRow[] = [];
      for (const a of addOns) attached.push(await repo.insertAddOn(tx, auth, { ...a, appointmentId: row.id }));
      await this.audit.record(tx, auth, [
        { entityType: 'appointment', entityId: row.id, action: 'create', after: row },
        ...attached.map((a) => ({ entityType: 'appointmentAddOn', entityId: a.id, action: 'create' as const, after: a })),
      ]);
      return (await toAppointments(tx, auth, [row]))[0]!;
    });
  }

  async update(auth: AuthContext, id: string, input: UpdateValues): Promise<Appointment> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findForUpdate(tx, auth, id);
      if (!existing) throw notFound();
      const from = existing.status as AppointmentStatus;
      const to = input.status !== undefined && input.status !== from ? input.status : undefined;
      if (to === 'Cancelled') throw badRequest('status: use Cancel to cancel an appointment');
      if (to && !canTransition(from, to)) throw badRequest(`status: cannot change from ${from} to ${to}`);

      const start = input.startAt ? new Date(input.startAt) : existing.startAt;
      const end = input.endAt ? new Date(input.endAt) : existing.endAt;
      if (end <= start) throw badRequest('endAt: must be after the start');
      if (end.getTime() - start.getTime() > MAX_APPOINTMENT_MS) {
        throw badRequest(`endAt: must be at most ${MAX_APPOINTMENT_HOURS} hours after the start`);
      }
      const clientId = input.clientId ?? existing.clientId;
      const patientIds = input.patientIds ? unique(input.patientIds) : existing.patientIds;
      const serviceIds = input.serviceIds ? unique(input.serviceIds) : existing.serviceIds;
      // Checked whether or not this change marks patients deceased: an id not on it is refused, never ignored.
      if (input.deceasedPatientIds?.some((p) => !patientIds.includes(p))) {
        throw badRequest('deceasedPatientIds: each patient must be on the appointment');
      }
      const primary = input.primaryProviderId !== undefined ? input.primaryProviderId : existing.primaryProviderId;
      const secondary = input.secondaryProviderId !== undefined ? input.secondaryProviderId : existing.secondaryProviderId;

      if (clientId !== existing.clientId) await this.assertClient(tx, auth, existing.locationId, clientId);
      if (clientId !== existing.clientId || input.patientIds) await this.assertPatients(tx, auth, clientId, patientIds);
      const checkedServices = input.serviceIds ? await this.assertServices(tx, auth, existing.locationId, serviceIds, existing.serviceIds) : null;
      const types = to ? (checkedServices ?? (await servicesRepository.findByIds(tx, auth, serviceIds))).map((s) => s.type) : [];
      if (to && entersCremationWithout(from, to, types)) throw badRequest(cremationNeedsService(to));
      const changed = { primary: primary !== existing.primaryProviderId, secondary: secondary !== existing.secondaryProviderId };
      if (changed.primary || changed.secondary) await this.assertProviders(tx, auth, primary, secondary, changed);
      const addOns = input.addOns?.length ? await this.prepareAddOns(tx, auth, existing.locationId, input.addOns) : [];

      // Only a change that can create a clash is checked again: other time, or someone added.
      const added = <T>(now: T[], before: T[]) => now.some((x) => !before.includes(x));
      const moved =
        start.getTime() !== existing.startAt.getTime() ||
        end.getTime() !== existing.endAt.getTime() ||
        added(providersOf(primary, secondary), providersOf(existing.primaryProviderId, existing.secondaryProviderId)) ||
        added(patientIds, existing.patientIds);
      // Accepting a request is checked too: an online request was never checked when it came in.
      const accepted = from === 'Pending' && to !== undefined && isActiveStatus(to);
      let overlapReason = input.overlapReason !== undefined ? input.overlapReason : existing.overlapReason;
      // The location's zone is read once, and only by a change that needs it (an overlap, a date of death).
      let zone: Promise<string> | undefined;
      const timeZone = () => (zone ??= locationsRepository.findById(tx, auth, existing.locationId).then((l) => l!.timezone));
      if ((moved || accepted) && isActiveStatus(to ?? from)) {
        overlapReason = await this.guardOverlap(
          tx,
          auth,
          await timeZone(),
          { start, end, providerIds: providersOf(primary, secondary), patientIds, excludeId: id },
          // A clash already accepted with a reason stays accepted when only the status changes.
          moved ? input.overlapReason : overlapReason,
        );
      }

      const row = (await repo.update(tx, auth, id, {
        clientId,
        patientIds,
        serviceIds,
        primaryProviderId: primary,
        secondaryProviderId: secondary,
        startAt: start,
        endAt: end,
        status: to ?? from,
        overlapReason,
        ...(input.address !== undefined && { address: input.address }),
        ...(input.notes !== undefined && { notes: input.notes }),
      }))!;
      if (to) {
        await repo.recordStatus(tx, auth, {
          appointmentId: id,
          fromStatus: from,
          toStatus: to,
          note: input.statusNote ?? null,
          changedById: auth.userId,
        });
      }
      const attached: AppointmentAddOnRow[] = [];
      for (const a of addOns) attached.push(await repo.insertAddOn(tx, auth, { ...a, appointmentId: id }));
      await this.audit.record(tx, auth, [
        { entityType: 'appointment', entityId: id, action: 'update', before: existing, after: row },
        ...attached.map((a) => ({ entityType: 'appointmentAddOn', entityId: a.id, action: 'create' as const, after: a })),
      ]);
      if (to && marksDeceased(to, types)) {
        await this.markDeceased(tx, auth, patientIds, input.deceasedPatientIds, localDate(start, await timeZone()));
      }
      return (await toAppointments(tx, auth, [row]))[0]!;
    });
  }

  async cancel(auth: AuthContext, id: string, reason: string): Promise<Appointment> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findForUpdate(tx, auth, id);
      if (!existing) throw notFound();
      const row = await cancelLocked(tx, auth, this.audit, existing, reason);
      return (await toAppointments(tx, auth, [row]))[0]!;
    });
  }

  /**
   * Moves a finished appointment to another status, outside the usual path (docs/decisions/0026).
   * The route lets only those who may correct through; the history row is marked a correction.
   */
  async correct(auth: AuthContext, id: string, input: CorrectValues): Promise<Appointment> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findForUpdate(tx, auth, id);
      if (!existing) throw notFound();
      const from = existing.status as AppointmentStatus;
      const to = input.status;
      if (!isFinished(from)) throw badRequest(`status: only a finished appointment is corrected; change the status of this ${from} one instead`);
      if (to === from) throw badRequest(`status: the appointment is already ${from}`);
      const types = (await servicesRepository.findByIds(tx, auth, existing.serviceIds)).map((s) => s.type);
      if (entersCremationWithout(from, to, types)) throw badRequest(cremationNeedsService(to));
      let overlapReason = existing.overlapReason;
      // Back from Cancelled or Rejected it holds its time again, which someone may have booked since.
      if (!isActiveStatus(from) && isActiveStatus(to)) {
        const location = (await locationsRepository.findById(tx, auth, existing.locationId))!;
        const wanted = {
          start: existing.startAt,
          end: existing.endAt,
          providerIds: providersOf(existing.primaryProviderId, existing.secondaryProviderId),
          patientIds: existing.patientIds,
          excludeId: id,
        };
        overlapReason = (await this.guardOverlap(tx, auth, location.timezone, wanted, input.overlapReason)) ?? existing.overlapReason;
      }
      const row = (await repo.update(tx, auth, id, {
        status: to,
        overlapReason,
        cancellationReason: to === 'Cancelled' ? input.reason : from === 'Cancelled' ? null : existing.cancellationReason,
      }))!;
      await repo.recordStatus(tx, auth, {
        appointmentId: id,
        fromStatus: from,
        toStatus: to,
        note: input.reason,
        changedById: auth.userId,
        correction: true,
      });
      await this.audit.record(tx, auth, [{ entityType: 'appointment', entityId: id, action: 'update', before: existing, after: row }]);
      return (await toAppointments(tx, auth, [row]))[0]!;
    });
  }

  /**
   * A euthanasia appointment done: its patients are recorded deceased on the appointment's date
   * (docs/decisions/0028), with their own audit entries, in the status change's transaction. Those
   * already recorded deceased keep their date.
   */
  private async markDeceased(tx: Executor, auth: AuthContext, patientIds: string[], chosen: string[] | undefined, deceasedOn: string) {
    const ids = chosen ? unique(chosen) : patientIds;
    const entries = [];
    for (const before of await patientsRepository.findByIds(tx, auth, ids)) {
      if (before.deceasedOn) continue;
      const after = (await patientsRepository.update(tx, auth, before.id, { deceasedOn, deceasedNote: null }))!;
      entries.push({ entityType: 'patient', entityId: before.id, action: 'update' as const, before, after });
    }
    if (entries.length > 0) await this.audit.record(tx, auth, entries);
  }

  /** Its status history and add-ons go with it. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await repo.findForUpdate(tx, auth, id);
      if (!existing || !(await repo.remove(tx, auth, id))) throw notFound();
      await this.audit.record(tx, auth, [{ entityType: 'appointment', entityId: id, action: 'delete', before: existing }]);
    });
  }

  // ---------- add-ons on an appointment ----------
  async attachAddOn(auth: AuthContext, input: AttachValues & { appointmentId: string }): Promise<AppointmentAddOn> {
    return this.db.transaction(async (tx) => {
      const appointment = await repo.findById(tx, auth, input.appointmentId);
      if (!appointment) throw notFound();
      const [prepared] = await this.prepareAddOns(tx, auth, appointment.locationId, [input], () => '');
      const row = await repo.insertAddOn(tx, auth, { ...prepared!, appointmentId: appointment.id });
      await this.audit.record(tx, auth, [{ entityType: 'appointmentAddOn', entityId: row.id, action: 'create', after: row }]);
      return toAddOn(row);
    });
  }

  async updateAddOn(auth: AuthContext, id: string, values: Record<string, string>): Promise<AppointmentAddOn> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findAttachedAddOn(tx, auth, id);
      if (!existing) throw notFound();
      const catalogue = existing.addOnId ? await addOnsRepository.findById(tx, auth, existing.addOnId) : undefined;
      // Once the catalogue entry is gone, only the options already filled in can be changed.
      const options = catalogue?.options ?? Object.keys(existing.values).map((name) => ({ name, choices: [] }));
      const row = (await repo.updateAddOnValues(tx, auth, id, checkAddOnValues(options, values, 'values')))!;
      await this.audit.record(tx, auth, [{ entityType: 'appointmentAddOn', entityId: id, action: 'update', before: existing, after: row }]);
      return toAddOn(row);
    });
  }

  async removeAddOn(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await repo.findAttachedAddOn(tx, auth, id);
      if (!existing || !(await repo.removeAddOn(tx, auth, id))) throw notFound();
      await this.audit.record(tx, auth, [{ entityType: 'appointmentAddOn', entityId: id, action: 'delete', before: existing }]);
    });
  }

  // ---------- checks ----------
  private async assertClient(ex: Executor, scope: Scope, locationId: string, clientId: string) {
    const client = await clientsRepository.findById(ex, scope, clientId);
    if (!client) throw badRequest('clientId: unknown client');
    if (client.locationId !== locationId) throw badRequest('clientId: this client is not at this location');
  }

  private async assertPatients(ex: Executor, scope: Scope, clientId: string, ids: string[]) {
    const rows = await patientsRepository.findByIds(ex, scope, ids);
    if (rows.length !== ids.length) throw badRequest('patientIds: unknown patient');
    if (rows.some((p) => p.clientId !== clientId)) throw badRequest('patientIds: each patient must belong to the client');
  }

  /**
   * Services of the location; one no longer offered may stay on an appointment that had it. They
   * stay share-locked until the appointment is written, so none is deleted in the meantime.
   */
  private async assertServices(ex: Executor, scope: Scope, locationId: string, ids: string[], alreadyOn: string[]) {
    const rows = await servicesRepository.lockShared(ex, scope, ids);
    if (rows.length !== ids.length) throw badRequest('serviceIds: unknown service');
    if (rows.some((s) => s.locationId !== locationId)) throw badRequest('serviceIds: this service is not offered at this location');
    if (rows.some((s) => !s.active && !alreadyOn.includes(s.id))) throw badRequest('serviceIds: this service is no longer offered');
    return rows;
  }

  /** Providers are active users of the account whose roles let them hold appointments in that role (the users feature's rule). */
  private async assertProviders(
    ex: Executor,
    scope: Scope,
    primary: string | null,
    secondary: string | null,
    check: { primary: boolean; secondary: boolean },
  ) {
    if (primary && primary === secondary) throw badRequest('secondaryProviderId: must differ from the primary provider');
    const wanted: [keyof typeof PROVIDER_ROLES, string | null, boolean][] = [
      ['primaryProviderId', primary, check.primary],
      ['secondaryProviderId', secondary, check.secondary],
    ];
    const due = wanted.filter(([, userId, checked]) => userId && checked);
    if (due.length === 0) return;
    const states = new Map(
      (
        await usersRepository.providerStates(
          ex,
          scope,
          due.map(([, userId]) => userId!),
        )
      ).map((u) => [u.id, u]),
    );
    for (const [field, userId] of due) {
      const { holds, label } = PROVIDER_ROLES[field];
      const user = states.get(userId!);
      if (!user) throw badRequest(`${field}: unknown user`);
      if (!user.isActive) throw badRequest(`${field}: this user is not active`);
      if (!user[holds]) throw badRequest(`${field}: this user cannot be ${label}`);
    }
  }

  /** Checks add-ons to attach and copies their name and price (one look-up for all). */
  private async prepareAddOns(
    ex: Executor,
    scope: Scope,
    locationId: string,
    inputs: AttachValues[],
    fieldOf: (i: number) => string = (i) => `addOns.${i}.`,
  ) {
    const catalogue = new Map(
      (
        await addOnsRepository.findByIds(
          ex,
          scope,
          inputs.map((a) => a.addOnId),
        )
      ).map((a) => [a.id, a]),
    );
    return inputs.map((input, i) => {
      const addOn = assertAttachable(catalogue.get(input.addOnId), locationId, `${fieldOf(i)}addOnId`);
      return {
        addOnId: addOn.id,
        name: addOn.name,
        price: addOn.price,
        values: checkAddOnValues(addOn.options, input.values, `${fieldOf(i)}values`),
      };
    });
  }

  /**
   * Refuses (409, naming the clash) a time that overlaps another active appointment of the same
   * provider or patient, unless a reason is given. Locks the providers and patients first, so two
   * bookings at once cannot both pass the check. Returns the reason to keep on the appointment.
   */
  private async guardOverlap(
    ex: Executor,
    scope: Scope,
    timeZone: string,
    wanted: { start: Date; end: Date; providerIds: string[]; patientIds: string[]; excludeId?: string },
    reason: string | null | undefined,
  ): Promise<string | null> {
    await repo.lockKeys(ex, [
      ...wanted.providerIds.map((id) => `appointment-provider:${id}`),
      ...wanted.patientIds.map((id) => `appointment-patient:${id}`),
    ]);
    const clash = await repo.findOverlap(ex, scope, wanted);
    if (clash && !reason) throw conflict(overlapMessage(await describeClash(ex, scope, clash), wanted, timeZone));
    return reason ?? null;
  }
}

const providersOf = (primary: string | null, secondary: string | null) => [primary, secondary].filter((id): id is string => id !== null);
