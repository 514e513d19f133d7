import { SUPPRESSION_REASONS, type AutomationTrigger } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { vaccinationsRepository } from '../care/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { automationItemsRepository } from './automation-items.repository.js';
import { RenderFailure, type AutomationDelivery } from './automation-delivery.service.js';
import { fire, type Firing } from './automation-firing.service.js';
import { afterEvent } from './automation-times.rules.js';
import { automationsRepository, type AutomationRow } from './automations.repository.js';

/** What an event is about, for the automations it fires. */
interface Happening {
  trigger: AutomationTrigger;
  locationId: string;
  at: Date;
  clientId: string | null;
  patientIds: readonly string[];
  appointmentId?: string | null;
  appointmentStartAt?: Date | null;
  /** appointment triggers: only automations for one of these services (or for any) */
  serviceIds?: readonly string[];
  /** appointmentStatusChanged: only automations waiting for this status */
  status?: string;
  /** what makes this firing one of its kind, for every automation it fires */
  key: string;
}

/** An automation for appointments with some services fires only for an appointment with one of them. */
const forServices = (a: AutomationRow, serviceIds: readonly string[] | undefined) =>
  a.serviceIds.length === 0 || (serviceIds ?? []).some((id) => a.serviceIds.includes(id));

/**
 * The automations fired by what happens in the practice (docs/decisions/0212): a booking, a status
 * reached (each cremation status included), a death, a form submitted. Each subscriber runs in the
 * change's transaction, so its items commit with the change or not at all; their occurrence keys
 * make a change told twice (a death recorded twice) fire once.
 *
 * A death also reaches the items already waiting about that pet (docs/decisions/0214): every one
 * of them is suppressed ('The patient has died'), but those of automations meant for after a death;
 * a household reminder naming other pets too leaves this one out and is written again (or, if staff
 * had edited its text, suppressed: the text may name the pet).
 */
export class AutomationEventsService {
  constructor(
    events: DomainEventBus,
    private readonly delivery: AutomationDelivery,
  ) {
    events.on('appointment.created', 'automations', (tx, scope, e) =>
      this.fire(tx, scope, {
        trigger: 'appointmentCreated',
        locationId: e.locationId,
        at: e.createdAt,
        clientId: e.clientId,
        patientIds: e.patientIds,
        appointmentId: e.appointmentId,
        appointmentStartAt: e.startAt,
        serviceIds: e.serviceIds,
        key: `appointment:${e.appointmentId}:created`,
      }),
    );
    events.on('appointment.statusChanged', 'automations', (tx, scope, e) =>
      this.fire(tx, scope, {
        trigger: 'appointmentStatusChanged',
        locationId: e.locationId,
        at: e.changedAt,
        clientId: e.clientId,
        patientIds: e.patientIds,
        appointmentId: e.appointmentId,
        appointmentStartAt: e.startAt,
        serviceIds: e.serviceIds,
        status: e.to,
        key: `appointment:${e.appointmentId}:${e.to}`,
      }),
    );
    events.on('patient.died', 'automations', async (tx, scope, e) => {
      const patient = await patientsRepository.findById(tx, scope, e.patientId);
      if (!patient) return;
      await this.pauseRemindersAbout(tx, scope, e.patientId);
      await this.fire(tx, scope, {
        trigger: 'patientDied',
        locationId: patient.locationId,
        at: new Date(),
        clientId: patient.clientId,
        patientIds: [patient.id],
        key: `patient:${patient.id}:died`,
      });
    });
    events.on('form.submitted', 'automations', (tx, scope, e) =>
      this.fire(tx, scope, {
        trigger: 'formSubmitted',
        locationId: e.locationId,
        at: e.submittedAt,
        clientId: e.clientId,
        patientIds: e.patientId ? [e.patientId] : [],
        appointmentId: e.appointmentId,
        key: `form:${e.submissionId}`,
      }),
    );
  }

  /** The items of the active automations at the location that this happening fires. */
  private async fire(tx: Executor, scope: Scope, h: Happening): Promise<void> {
    const automations = (await automationsRepository.activeFor(tx, scope, h.trigger, h.locationId)).filter(
      (a) => (h.status === undefined || a.status === h.status) && (h.serviceIds === undefined || forServices(a, h.serviceIds)),
    );
    if (automations.length === 0) return;
    const location = await locationsRepository.findById(tx, scope, h.locationId);
    if (!location) return;
    const firings: Firing[] = automations.map((automation) => ({
      automation,
      occurrenceKey: h.key,
      dueAt: afterEvent(h.at, automation.offset, automation.offsetUnit as 'minutes' | 'hours' | 'days', automation.sendTime, location.timezone),
      target: {
        locationId: h.locationId,
        clientId: h.clientId,
        patientIds: h.patientIds,
        appointmentId: h.appointmentId ?? null,
        invoiceId: null,
        vaccinationIds: [],
      },
      appointmentStartAt: h.appointmentStartAt ?? null,
    }));
    await fire(tx, scope, this.delivery, firings);
  }

  /**
   * The death's reaction on what is waiting about the pet. Told before (the patient's page) or
   * after (a euthanasia done) the patient row says so, it names the pet itself rather than read it.
   */
  private async pauseRemindersAbout(tx: Executor, scope: Scope, patientId: string): Promise<void> {
    const waiting = await automationItemsRepository.waitingAbout(tx, scope, patientId);
    if (waiting.length === 0) return;
    const automations = new Map((await automationsRepository.findByIds(tx, scope, [...new Set(waiting.map((i) => i.automationId))])).map((a) => [a.id, a]));
    const changed: string[] = [];
    for (const item of waiting) {
      const automation = automations.get(item.automationId);
      if (!automation || automation.forDeceased) continue;
      changed.push(item.id);
      const others = item.patientIds.filter((id) => id !== patientId);
      if (!automation.household || others.length === 0) {
        await automationItemsRepository.set(tx, scope, item.id, { status: 'suppressed', reason: SUPPRESSION_REASONS.patientDied, claimedUntil: null });
        continue;
      }
      if (item.editedAt) {
        await automationItemsRepository.set(tx, scope, item.id, { status: 'suppressed', reason: SUPPRESSION_REASONS.editedPetDied, claimedUntil: null });
        continue;
      }
      // The household's reminder goes on for the others, naming only them.
      const theirs = new Set((await vaccinationsRepository.findByIds(tx, scope, item.vaccinationIds)).filter((v) => v.patientId !== patientId).map((v) => v.id));
      const kept = item.vaccinationIds.map((id, i) => ({ id, dueOn: item.vaccinationDueOns[i] ?? '' })).filter((v) => theirs.has(v.id));
      const narrowed = { patientIds: others, vaccinationIds: kept.map((v) => v.id), vaccinationDueOns: kept.map((v) => v.dueOn) };
      try {
        const content = await this.delivery.render(tx, scope, automation, {
          locationId: item.locationId,
          clientId: item.clientId,
          patientIds: narrowed.patientIds,
          appointmentId: item.appointmentId,
          invoiceId: item.invoiceId,
          vaccinationIds: narrowed.vaccinationIds,
        });
        await automationItemsRepository.set(tx, scope, item.id, { ...narrowed, ...content });
      } catch (err) {
        // Its template gone meanwhile: the item fails with why, and the death is recorded all the same.
        if (!(err instanceof RenderFailure)) throw err;
        await automationItemsRepository.set(tx, scope, item.id, { ...narrowed, status: 'failed', reason: err.message, claimedUntil: null });
      }
    }
    await this.delivery.announce(tx, scope, changed);
  }
}
