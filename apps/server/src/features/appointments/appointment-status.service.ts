import { CLIENT_HAS_UPCOMING, PATIENT_HAS_UPCOMING, type Appointment, type AppointmentStatus, type CorrectStatusInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import type { AuditService } from '../audit/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { servicesRepository } from '../services/index.js';
import { appointmentsRepository as repo, type AppointmentRow, type StatusChangeRow } from './appointments.repository.js';
import { guardOverlap, keepAppointmentHistory } from './appointment-checks.service.js';
import { toAppointment } from './appointment-reads.service.js';
import { assertCancellable, assertServicesAllow, planCorrection, providersOf, unique } from './appointment.rules.js';

type CorrectValues = z.output<typeof CorrectStatusInput>;

/** What a status change tells its subscribers: the appointment after it and the change's history row (nothing read back). */
export function statusChanged(row: AppointmentRow, change: StatusChangeRow): DomainEvents['appointment.statusChanged'] {
  return {
    appointmentId: row.id,
    locationId: row.locationId,
    clientId: row.clientId,
    patientIds: row.patientIds,
    serviceIds: row.serviceIds,
    startAt: row.startAt,
    from: change.fromStatus as AppointmentStatus,
    to: change.toStatus as AppointmentStatus,
    correction: change.correction,
    changedById: change.changedById,
    changedAt: change.changedAt,
  };
}

/** What a booking tells its subscribers: the new row as inserted (nothing read back). */
export function appointmentCreated(row: AppointmentRow): DomainEvents['appointment.created'] {
  return {
    appointmentId: row.id,
    locationId: row.locationId,
    clientId: row.clientId,
    patientIds: row.patientIds,
    serviceIds: row.serviceIds,
    startAt: row.startAt,
    status: row.status as AppointmentStatus,
    source: row.source === 'online' ? 'online' : 'staff',
    createdById: row.createdById,
    createdAt: row.createdAt,
  };
}

/**
 * Cancels a row already read FOR UPDATE: the cancel action's rule (only from a cancellable
 * status), its status history row, audit entry and event. Also used when a patient is recorded deceased.
 */
export async function cancelLocked(
  tx: Executor,
  auth: Caller,
  audit: AuditService,
  events: DomainEventBus,
  existing: AppointmentRow,
  reason: string,
  field = 'status',
): Promise<AppointmentRow> {
  const from = existing.status as AppointmentStatus;
  assertCancellable(from, field);
  const row = (await repo.update(tx, auth, existing.id, { status: 'Cancelled', cancellationReason: reason }))!;
  const change = await repo.recordStatus(tx, auth, { appointmentId: existing.id, fromStatus: from, toStatus: 'Cancelled', note: reason, changedById: auth.userId });
  await audit.record(tx, auth, [{ entityType: 'appointment', entityId: existing.id, action: 'update', before: existing, after: row }]);
  await events.publish(tx, auth, 'appointment.statusChanged', statusChanged(row, change));
  return row;
}

/**
 * A euthanasia appointment done: its patients are recorded deceased on the appointment's date
 * (docs/decisions/0028), with their own audit entries, in the status change's transaction. Those
 * already recorded deceased keep their date.
 */
export async function markDeceased(
  tx: Executor,
  auth: AuthContext,
  audit: AuditService,
  events: DomainEventBus,
  patientIds: string[],
  chosen: string[] | undefined,
  deceasedOn: string,
) {
  const ids = chosen ? unique(chosen) : patientIds;
  const entries = [];
  for (const before of await patientsRepository.findByIds(tx, auth, ids)) {
    if (before.deceasedOn) continue;
    const after = (await patientsRepository.update(tx, auth, before.id, { deceasedOn, deceasedNote: null }))!;
    entries.push({ entityType: 'patient', entityId: before.id, action: 'update' as const, before, after });
  }
  if (entries.length > 0) await audit.record(tx, auth, entries);
  // A death recorded here is a death like one recorded on the patient's page: what follows from it
  // (a sympathy card, reminders about the pet stopped) follows here too. The appointment itself is
  // not cancelled by it (it is the visit that ended that way).
  for (const e of entries) await events.publish(tx, auth, 'patient.died', { patientId: e.entityId, deceasedOn, cancelAppointments: null });
}

/**
 * The status actions of their own: cancelling, which asks for a reason, and correcting a finished
 * appointment. The usual path (Pending to Confirmed and on) is a change like any other, in
 * AppointmentWritesService.update.
 */
export class AppointmentStatusService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly events: DomainEventBus,
  ) {
    keepAppointmentHistory(audit);
    // Archived clients and patients are out of the pickers: a visit still to come would be left hanging.
    events.on('client.archiving', 'appointments', async (tx, caller, { clientId, at }) => {
      if (await repo.upcomingFor(tx, caller, { clientId }, at)) throw conflict(CLIENT_HAS_UPCOMING);
    });
    events.on('patient.archiving', 'appointments', async (tx, caller, { patientId, at }) => {
      if (await repo.upcomingFor(tx, caller, { patientId }, at)) throw conflict(PATIENT_HAS_UPCOMING);
    });
    // The appointments staff chose to cancel with a patient's death: all of them, or none.
    events.on('patient.died', 'appointments', async (tx, caller, { patientId, cancelAppointments }) => {
      if (!cancelAppointments) return;
      const rows = await repo.findManyForUpdate(tx, caller, cancelAppointments.ids);
      if (rows.length !== cancelAppointments.ids.length || rows.some((a) => !a.patientIds.includes(patientId))) {
        throw badRequest("cancelAppointments.ids: each appointment must be one of this patient's");
      }
      for (const row of rows) await cancelLocked(tx, caller, this.audit, events, row, cancelAppointments.reason, 'cancelAppointments.ids');
    });
  }

  async cancel(auth: AuthContext, id: string, reason: string): Promise<Appointment> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findForUpdate(tx, auth, id);
      if (!existing) throw notFound();
      const row = await cancelLocked(tx, auth, this.audit, this.events, existing, reason);
      return toAppointment(tx, auth, row);
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
      const plan = planCorrection({ status: from, cancellationReason: existing.cancellationReason }, input);
      const types = (await servicesRepository.findByIds(tx, auth, existing.serviceIds)).map((s) => s.type);
      assertServicesAllow(from, to, types);
      let overlapReason = existing.overlapReason;
      if (plan.reopens) {
        const location = (await locationsRepository.findById(tx, auth, existing.locationId))!;
        const wanted = {
          start: existing.startAt,
          end: existing.endAt,
          providerIds: providersOf(existing.primaryProviderId, existing.secondaryProviderId),
          patientIds: existing.patientIds,
          excludeId: id,
        };
        overlapReason = (await guardOverlap(tx, auth, location.timezone, wanted, input.overlapReason)) ?? existing.overlapReason;
      }
      const row = (await repo.update(tx, auth, id, { status: to, overlapReason, cancellationReason: plan.cancellationReason }))!;
      const change = await repo.recordStatus(tx, auth, {
        appointmentId: id,
        fromStatus: from,
        toStatus: to,
        note: input.reason,
        changedById: auth.userId,
        correction: true,
      });
      await this.audit.record(tx, auth, [{ entityType: 'appointment', entityId: id, action: 'update', before: existing, after: row }]);
      await this.events.publish(tx, auth, 'appointment.statusChanged', statusChanged(row, change));
      return toAppointment(tx, auth, row);
    });
  }
}
