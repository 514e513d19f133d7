import { CLIENT_HAS_HISTORY, localDate, marksDeceased, PATIENT_HAS_HISTORY, type Appointment, type AppointmentInput, type AppointmentStatus, type AppointmentUpdateInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AuditService } from '../audit/index.js';
import { locationsRepository, assertLocation } from '../locations/index.js';
import { servicesRepository } from '../services/index.js';
import { appointmentsRepository as repo, type AppointmentAddOnRow } from './appointments.repository.js';
import { prepareAddOns } from './appointment-add-ons.service.js';
import { assertClient, assertPatients, assertProviders, assertServices, guardOverlap, keepAppointmentHistory } from './appointment-checks.service.js';
import { toAppointment } from './appointment-reads.service.js';
import { appointmentCreated, markDeceased, statusChanged } from './appointment-status.service.js';
import { acceptsRequest, assertServicesAllow, assertTimes, isActiveStatus, mayClash, plannedStatus, providersOf, unique } from './appointment.rules.js';

type CreateValues = z.output<typeof AppointmentInput>;
type UpdateValues = z.output<typeof AppointmentUpdateInput>;

/**
 * Booking, changing and deleting an appointment. A change may move it along its usual status path
 * too: the status goes with the times, people and services it is checked against, in one
 * transaction.
 */

/** Why a service some appointment names cannot be deleted. */
export const SERVICE_IN_USE = 'This service is used by appointments. Make it inactive instead.';
export class AppointmentWritesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly events: DomainEventBus,
  ) {
    keepAppointmentHistory(audit);
    // An appointment of any status is history: the client and the patients it names are archived, not deleted.
    events.on('client.deleting', 'appointments', async (tx, caller, { clientId }) => {
      if (await repo.anyFor(tx, caller, { clientId })) throw conflict(CLIENT_HAS_HISTORY);
    });
    events.on('patient.deleting', 'appointments', async (tx, caller, { patientId }) => {
      if (await repo.anyFor(tx, caller, { patientId })) throw conflict(PATIENT_HAS_HISTORY);
    });
    // A service appointments name stays in the catalogue (it can be made inactive).
    events.on('service.deleting', 'appointments', async (tx, caller, { serviceId }) => {
      if (await repo.namesService(tx, caller, serviceId)) throw conflict(SERVICE_IN_USE);
    });
  }

  async create(auth: AuthContext, input: CreateValues): Promise<Appointment> {
    return this.db.transaction(async (tx) => {
      const location = await assertLocation(tx, auth, input.locationId);
      const patientIds = unique(input.patientIds);
      const serviceIds = unique(input.serviceIds);
      await assertClient(tx, auth, location.id, input.clientId);
      await assertPatients(tx, auth, input.clientId, patientIds);
      await assertServices(tx, auth, location.id, serviceIds, []);
      await assertProviders(tx, auth, input.primaryProviderId, input.secondaryProviderId, {
        primary: true,
        secondary: true,
      });
      const addOns = await prepareAddOns(tx, auth, location.id, input.addOns);
      const start = new Date(input.startAt);
      const end = new Date(input.endAt);
      const overlapReason = await guardOverlap(
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
      // Told last, in the booking's transaction: what follows from it (an automation's message) commits with it.
      await this.events.publish(tx, auth, 'appointment.created', appointmentCreated(row));
      return toAppointment(tx, auth, row);
    });
  }

  async update(auth: AuthContext, id: string, input: UpdateValues): Promise<Appointment> {
    return this.db.transaction(async (tx) => {
      const existing = await repo.findForUpdate(tx, auth, id);
      if (!existing) throw notFound();
      const from = existing.status as AppointmentStatus;
      const to = plannedStatus(from, input.status);

      const start = input.startAt ? new Date(input.startAt) : existing.startAt;
      const end = input.endAt ? new Date(input.endAt) : existing.endAt;
      assertTimes(start, end);
      const clientId = input.clientId ?? existing.clientId;
      const patientIds = input.patientIds ? unique(input.patientIds) : existing.patientIds;
      const serviceIds = input.serviceIds ? unique(input.serviceIds) : existing.serviceIds;
      // Checked whether or not this change marks patients deceased: an id not on it is refused, never ignored.
      if (input.deceasedPatientIds?.some((p) => !patientIds.includes(p))) {
        throw badRequest('deceasedPatientIds: each patient must be on the appointment');
      }
      const primary = input.primaryProviderId !== undefined ? input.primaryProviderId : existing.primaryProviderId;
      const secondary = input.secondaryProviderId !== undefined ? input.secondaryProviderId : existing.secondaryProviderId;

      if (clientId !== existing.clientId) await assertClient(tx, auth, existing.locationId, clientId);
      if (clientId !== existing.clientId || input.patientIds) await assertPatients(tx, auth, clientId, patientIds, existing.patientIds);
      const checkedServices = input.serviceIds ? await assertServices(tx, auth, existing.locationId, serviceIds, existing.serviceIds) : null;
      const types = to ? (checkedServices ?? (await servicesRepository.findByIds(tx, auth, serviceIds))).map((s) => s.type) : [];
      if (to) assertServicesAllow(from, to, types);
      const changed = { primary: primary !== existing.primaryProviderId, secondary: secondary !== existing.secondaryProviderId };
      if (changed.primary || changed.secondary) await assertProviders(tx, auth, primary, secondary, changed);
      const addOns = input.addOns?.length ? await prepareAddOns(tx, auth, existing.locationId, input.addOns) : [];

      const before = {
        start: existing.startAt,
        end: existing.endAt,
        providerIds: providersOf(existing.primaryProviderId, existing.secondaryProviderId),
        patientIds: existing.patientIds,
      };
      const moved = mayClash(before, { start, end, providerIds: providersOf(primary, secondary), patientIds });
      let overlapReason = input.overlapReason !== undefined ? input.overlapReason : existing.overlapReason;
      // The location's zone is read once, and only by a change that needs it (an overlap, a date of death).
      let zone: Promise<string> | undefined;
      const timeZone = () => (zone ??= locationsRepository.findById(tx, auth, existing.locationId).then((l) => l!.timezone));
      if ((moved || acceptsRequest(from, to)) && isActiveStatus(to ?? from)) {
        overlapReason = await guardOverlap(
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
        ...(input.cremationType !== undefined && { cremationType: input.cremationType }),
        ...(input.ashesDisposition !== undefined && { ashesDisposition: input.ashesDisposition }),
      }))!;
      const change = to
        ? await repo.recordStatus(tx, auth, {
            appointmentId: id,
            fromStatus: from,
            toStatus: to,
            note: input.statusNote ?? null,
            changedById: auth.userId,
          })
        : undefined;
      const attached: AppointmentAddOnRow[] = [];
      for (const a of addOns) attached.push(await repo.insertAddOn(tx, auth, { ...a, appointmentId: id }));
      await this.audit.record(tx, auth, [
        { entityType: 'appointment', entityId: id, action: 'update', before: existing, after: row },
        ...attached.map((a) => ({ entityType: 'appointmentAddOn', entityId: a.id, action: 'create' as const, after: a })),
      ]);
      if (to && marksDeceased(to, types)) {
        await markDeceased(tx, auth, this.audit, this.events, patientIds, input.deceasedPatientIds, localDate(start, await timeZone()));
      }
      // Told last, so a subscriber sees the whole change (the patients a euthanasia marked deceased too).
      if (change) await this.events.publish(tx, auth, 'appointment.statusChanged', statusChanged(row, change));
      return toAppointment(tx, auth, row);
    });
  }

  /** Its status history and add-ons go with it. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await repo.findForUpdate(tx, auth, id);
      if (!existing || !(await repo.remove(tx, auth, id))) throw notFound();
      await this.audit.record(tx, auth, [{ entityType: 'appointment', entityId: id, action: 'delete', before: existing }]);
    });
  }
}
