// What an automation's item says, whether it may still go, and its going: shared by the firing (an
// item rendered and checked when it is queued), the sender job and staff's Send / Trigger (checked
// again when it goes, decision 0210). Security: every record is read in the item's account.
import { INTEGRATION_MESSAGES, MERGE_FIELD_GROUPS, SUPPRESSION_REASONS, TEMPLATE_MERGE_GROUPS, type AutomationKind, type TaskPriority } from '@willow/contracts';
import { together, type Executor } from '../../db/client.js';
import type { Caller } from '../../platform/access.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { HttpError } from '../../platform/errors.js';
import { nextOccurrence } from '../../platform/schedules.js';
import { renderTemplate } from '../../platform/template-engine.js';
import { renderEmailParts } from '../../platform/template-markdown.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import { careRepository, vaccinationsRepository, type VaccinationRow } from '../care/index.js';
import { clientsRepository } from '../clients/index.js';
import { communicationsRepository, toE164, type CommunicationsService } from '../communications/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository, type PatientRow } from '../patients/index.js';
import type { TasksService } from '../tasks/index.js';
import { emailTemplatesRepository, formatLongDate, smsTemplatesRepository, type MergeContextService } from '../templates/index.js';
import { automationItemsRepository, type ItemRow, type NewItemRow } from './automation-items.repository.js';
import { automationsRepository, type AutomationRow } from './automations.repository.js';

export type SuppressionReason = keyof typeof SUPPRESSION_REASONS;

/** What an item is about: where it goes out from and the records it names. */
export interface ItemTarget {
  locationId: string;
  clientId: string | null;
  patientIds: readonly string[];
  appointmentId: string | null;
  invoiceId: string | null;
  vaccinationIds: readonly string[];
}

/** An item's text, as its row keeps it (email: to, subject, body; SMS: to, body; task: title, notes, assignee). */
export type ItemContent = Pick<NewItemRow, 'toAddress' | 'subject' | 'body' | 'title' | 'notes' | 'assignedToId' | 'assignedRoleId'>;

/** What the item's conditions are checked against: the columns of a row (or of one about to be inserted). */
export type CheckedItem = Pick<
  ItemRow,
  'kind' | 'trigger' | 'locationId' | 'clientId' | 'patientIds' | 'appointmentId' | 'invoiceId' | 'vaccinationIds' | 'vaccinationDueOns' | 'appointmentStartAt' | 'editedAt'
>;

/** The facts of an invoice an item needs: whether it is still owed, and its merge fields. The container hands in the invoices' reader (a higher floor). */
export type InvoiceFacts = (
  ex: Executor,
  scope: Scope,
  invoiceId: string,
) => Promise<{ status: string; balance: number; fields: Record<'number' | 'date' | 'total' | 'balance', string> } | undefined>;

/** Why an item's text could not be made (its template deleted, a template that cannot be filled): the item fails with it. */
export class RenderFailure extends Error {}

/** An inspection's finding: a reason to suppress, or (a household) the pets and vaccinations still to name. */
export interface Inspection {
  reason: SuppressionReason | null;
  /** set when some, not all, of a household's pets or vaccinations dropped out */
  narrowed?: { patientIds: string[]; vaccinationIds: string[]; vaccinationDueOns: string[] };
}

/** Who sends it: staff (Send / Trigger) or the practice itself (the sender job). */
export type Actor = { id: string; name: string } | null;

export interface DeliveryResult {
  status: 'sent' | 'suppressed' | 'failed';
  reason: string | null;
  item: ItemRow;
}

const APPOINTMENT_TRIGGERS = new Set(['appointmentCreated', 'appointmentStatusChanged', 'appointmentUpcoming']);
const VACCINATION_TRIGGERS = new Set(['vaccinationDue', 'vaccinationOverdue']);
const GONE_STATUSES = new Set(['Cancelled', 'Rejected']);

/** "Bella", "Bella and Max", "Bella, Max and Luna". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "3 December 2026" from "2026-12-03". */
const longDay = (day: string) => formatLongDate(new Date(`${day}T12:00:00Z`), 'UTC');

/** The instant of 23:59 on the location's clock, `days` local days after `now`'s local day. */
function endOfLocalDay(now: Date, days: number, timeZone: string): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  const pattern = `59 23 ${day.getUTCDate()} ${day.getUTCMonth() + 1} *`;
  return nextOccurrence({ pattern, timeZone }, new Date(day.getTime() - 36 * 3_600_000));
}

/**
 * Render, check and deliver (decision 0210). `render` fills the automation's template from the
 * account's records (and the `reminder` group from the item's vaccinations); `check` says why an
 * item may not go (SUPPRESSION_REASONS' key) or null; `deliver` does both again and sends: the
 * outbox's message or the task is written in the caller's transaction with the item's new status,
 * so an item is sent exactly when that transaction commits, and only once.
 */
export class AutomationDelivery {
  constructor(
    private readonly deps: {
      mergeContext: MergeContextService;
      communications: CommunicationsService;
      tasks: TasksService;
      invoices: InvoiceFacts;
      events: DomainEventBus;
    },
  ) {}

  /**
   * Tells that these items were made or changed, in the write's transaction (the live topic
   * 'automationQueue': the queues and their badges refresh). Once per write, with all its items;
   * a write by no one signed in (the clock, the sender job) is the account's own.
   */
  async announce(tx: Executor, scope: Scope, itemIds: readonly string[]): Promise<void> {
    if (itemIds.length === 0) return;
    const caller: Caller = 'userId' in scope ? (scope as Caller) : { accountId: scope.accountId, userId: null };
    await this.deps.events.publish(tx, caller, 'automationItem.changed', { itemIds: [...itemIds] });
  }

  /** The item's text for this target (throws RenderFailure when it cannot be made). */
  async render(ex: Executor, scope: Scope, automation: AutomationRow, target: ItemTarget): Promise<ItemContent> {
    return (await this.compose(ex, scope, automation, target)).content;
  }

  /** Why the item may not go now (a key of SUPPRESSION_REASONS), or null. */
  async check(ex: Executor, scope: Scope, item: CheckedItem, automation: AutomationRow): Promise<SuppressionReason | null> {
    return (await this.inspect(ex, scope, item, automation)).reason;
  }

  /** The check, with what a household item keeps when some of its pets or vaccinations dropped out. */
  async inspect(ex: Executor, scope: Scope, item: CheckedItem, automation: AutomationRow): Promise<Inspection> {
    if (automation.deletedAt) return { reason: 'automationDeleted' };
    if (!automation.active) return { reason: 'automationPaused' };

    const [client, pets, appointment, vaccinations] = await together(ex, [
      () => (item.clientId ? clientsRepository.findById(ex, scope, item.clientId) : Promise.resolve(undefined)),
      () => patientsRepository.findByIds(ex, scope, item.patientIds),
      () => (item.appointmentId ? appointmentsRepository.findById(ex, scope, item.appointmentId) : Promise.resolve(undefined)),
      () => vaccinationsRepository.findByIds(ex, scope, item.vaccinationIds),
    ] as const);
    if (client?.archivedAt) return { reason: 'clientArchived' };

    // The pets: gone, died, or (a household) some of them dropping out.
    if (item.patientIds.length > 0 && pets.length === 0) return { reason: 'patientRecordGone' };
    const forDeceased = automation.forDeceased || automation.trigger === 'patientDied';
    const living = forDeceased ? pets : pets.filter((p) => !p.deceasedOn);
    // An item about no pet (an unpaid invoice's task, a form without one) has no pet to have died.
    if (item.patientIds.length > 0 && living.length === 0) return { reason: item.patientIds.length > 1 ? 'allPatientsDied' : 'patientDied' };
    const household = automation.household && item.patientIds.length > 1;
    if (living.length < item.patientIds.length && !household) return { reason: pets.length < item.patientIds.length ? 'patientRecordGone' : 'patientDied' };

    // The channel: an address, and no STOP at the location's number.
    if (item.kind === 'email' && !client?.email) return { reason: 'noEmail' };
    if (item.kind === 'sms') {
      if (!client?.phone) return { reason: 'noPhone' };
      if (await communicationsRepository.optOut(ex, scope, item.locationId, toE164(client.phone))) return { reason: 'clientOptedOut' };
    }

    // The appointment: still there, not cancelled, not moved (a status item stays valid once the status was reached).
    if (APPOINTMENT_TRIGGERS.has(item.trigger)) {
      if (!appointment) return { reason: 'appointmentGone' };
      // waiting for the family to confirm: moot once they have
      if (item.trigger === 'appointmentStatusChanged' && automation.status === 'Pending' && appointment.status === 'Confirmed') return { reason: 'appointmentConfirmed' };
      if (item.trigger !== 'appointmentStatusChanged') {
        if (GONE_STATUSES.has(appointment.status)) return { reason: 'appointmentCancelled' };
        if (item.appointmentStartAt && appointment.startAt.getTime() !== item.appointmentStartAt.getTime()) return { reason: 'appointmentMoved' };
      }
    }

    // The invoice: still owed.
    if (item.invoiceId) {
      const invoice = await this.deps.invoices(ex, scope, item.invoiceId);
      if (invoice?.status === 'void') return { reason: 'invoiceVoided' };
      if (item.trigger === 'invoiceUnpaid' && (!invoice || invoice.balance <= 0)) return { reason: 'invoicePaid' };
    } else if (item.trigger === 'invoiceUnpaid') {
      return { reason: 'invoicePaid' };
    }

    // The vaccinations: each still due on the day it was queued for, and of a pet still named.
    let keptVaccinations = item.vaccinationIds.map((id, i) => ({ id, dueOn: item.vaccinationDueOns[i] ?? null }));
    if (VACCINATION_TRIGGERS.has(item.trigger)) {
      const byId = new Map(vaccinations.map((v) => [v.id, v]));
      const livingIds = new Set(living.map((p) => p.id));
      const stillDue = await this.stillDue(ex, scope, vaccinations);
      keptVaccinations = keptVaccinations.filter(({ id, dueOn }) => {
        const v = byId.get(id);
        return v && stillDue.has(id) && livingIds.has(v.patientId) && (dueOn === null || v.nextDueOn === dueOn);
      });
      if (keptVaccinations.length === 0) return { reason: living.length < item.patientIds.length ? 'allPatientsDied' : 'vaccinationGiven' };
    }

    const keptPatients = item.patientIds.filter((id) => living.some((p) => p.id === id));
    if (keptPatients.length === item.patientIds.length && keptVaccinations.length === item.vaccinationIds.length) return { reason: null };
    // A household item drops who and what is no longer due; text staff wrote naming them cannot be mended.
    if (item.editedAt) return { reason: keptPatients.length < item.patientIds.length ? 'editedPetDied' : 'vaccinationGiven' };
    return {
      reason: null,
      narrowed: {
        patientIds: keptPatients,
        vaccinationIds: keptVaccinations.map((v) => v.id),
        vaccinationDueOns: keptVaccinations.map((v) => v.dueOn ?? ''),
      },
    };
  }

  /**
   * Sends the item now, in the caller's transaction, which must hold the item's row locked: checked
   * again (suppressed with its reason), its text made again unless staff edited it, then handed to
   * the outbox or made a task, and marked sent with what it became.
   */
  async deliver(tx: Executor, scope: Scope, item: ItemRow, actor: Actor, caller?: Caller): Promise<DeliveryResult> {
    const automation = await this.automationOf(tx, scope, item.automationId);
    const found = await this.inspect(tx, scope, item, automation);
    if (found.reason) return this.settle(tx, scope, item, 'suppressed', SUPPRESSION_REASONS[found.reason]);
    const target = { ...item, ...found.narrowed };

    let content: ItemContent;
    let html: string | null = null;
    if (item.editedAt) {
      content = { toAddress: item.toAddress, subject: item.subject, body: item.body, title: item.title, notes: item.notes, assignedToId: item.assignedToId, assignedRoleId: item.assignedRoleId };
      // the address as the client's record has it now (staff edit the text, not the address)
      if (item.kind !== 'task') content.toAddress = (await this.compose(tx, scope, automation, target, true)).content.toAddress;
    } else {
      try {
        ({ content, html } = await this.compose(tx, scope, automation, target));
      } catch (err) {
        if (err instanceof RenderFailure) return this.settle(tx, scope, item, 'failed', err.message, found.narrowed);
        throw err;
      }
    }

    const sent = { ...found.narrowed, ...content, sentAt: new Date(), sentById: actor?.id ?? null };
    if (item.kind === 'task') {
      const location = await locationsRepository.findById(tx, scope, item.locationId);
      try {
        const task = await this.deps.tasks.createWithin(tx, caller ?? { accountId: scope.accountId, userId: null }, {
          locationId: item.locationId,
          title: content.title ?? automation.taskTitle ?? automation.name,
          notes: content.notes ?? null,
          priority: (automation.taskPriority ?? 'normal') as TaskPriority,
          dueAt: endOfLocalDay(new Date(), automation.taskDueInDays ?? 0, location?.timezone ?? 'UTC').toISOString(),
          assignedToId: content.assignedToId ?? null,
          assignedRoleId: content.assignedRoleId ?? null,
          clientId: item.clientId,
          patientId: target.patientIds[0] ?? null,
          appointmentId: item.appointmentId,
          invoiceId: item.invoiceId,
        });
        return this.settle(tx, scope, item, 'sent', null, { ...sent, taskId: task.id });
      } catch (err) {
        // The task's own checks (a person no longer on the staff): the item fails with them.
        if (err instanceof HttpError && err.status < 500) return this.settle(tx, scope, item, 'failed', err.message, found.narrowed);
        throw err;
      }
    }
    // No provider at the location: nothing could go out, so the item fails saying so (the outbox
    // would keep the message as "not sent" while the queue said "sent").
    const ready = item.kind === 'email' ? await this.deps.communications.emailReady(scope, item.locationId, tx) : await this.deps.communications.smsReady(scope, item.locationId, tx);
    if (!ready) return this.settle(tx, scope, item, 'failed', item.kind === 'email' ? INTEGRATION_MESSAGES.emailNotSetUp : INTEGRATION_MESSAGES.smsNotSetUp, found.narrowed);
    const message = await this.deps.communications.enqueue(tx, scope, {
      locationId: item.locationId,
      clientId: item.clientId,
      channel: item.kind === 'email' ? 'email' : 'sms',
      to: content.toAddress ?? '',
      subject: item.kind === 'email' ? content.subject : null,
      body: content.body ?? '',
      html,
      sentBy: actor,
    });
    return this.settle(tx, scope, item, 'sent', null, { ...sent, outboxMessageId: message.id });
  }

  /** The automation an item belongs to (deleted ones included: the check says so). */
  private async automationOf(ex: Executor, scope: Scope, id: string): Promise<AutomationRow> {
    const automation = await automationsRepository.findById(ex, scope, id);
    if (!automation) throw new Error(`automation ${id} of a queue item is missing`);
    return automation;
  }

  private async settle(
    tx: Executor,
    scope: Scope,
    item: ItemRow,
    status: DeliveryResult['status'],
    reason: string | null,
    patch: Partial<NewItemRow> = {},
  ): Promise<DeliveryResult> {
    const row = await automationItemsRepository.set(tx, scope, item.id, { ...patch, status, reason, claimedUntil: null });
    await this.announce(tx, scope, [item.id]);
    return { status, reason, item: row ?? item };
  }

  /** Which of these vaccinations are still due: a due date, and no later dose of the vaccine given to the pet since. */
  private async stillDue(ex: Executor, scope: Scope, rows: readonly VaccinationRow[]): Promise<Set<string>> {
    const due = rows.filter((v) => v.nextDueOn);
    if (due.length === 0) return new Set();
    const all = await careRepository.vaccinationsOf(ex, scope, [...new Set(due.map((v) => v.patientId))]);
    const sameVaccine = (a: VaccinationRow, b: VaccinationRow) => a.patientId === b.patientId && a.vaccine.trim().toLowerCase() === b.vaccine.trim().toLowerCase();
    return new Set(due.filter((v) => !all.some((o) => o.id !== v.id && sameVaccine(o, v) && o.givenOn > v.givenOn)).map((v) => v.id));
  }

  /**
   * The item's text: the template filled from the account's records (the first pet named; the
   * `reminder` group from the vaccinations), the address from the client's record.
   */
  private async compose(
    ex: Executor,
    scope: Scope,
    automation: AutomationRow,
    target: ItemTarget,
    addressOnly = false,
  ): Promise<{ content: ItemContent; html: string | null }> {
    const kind = automation.kind as AutomationKind;
    const client = target.clientId ? await clientsRepository.findById(ex, scope, target.clientId) : undefined;
    const toAddress = kind === 'email' ? (client?.email ?? null) : kind === 'sms' ? (client?.phone ?? null) : null;
    const empty = { toAddress, subject: null, body: null, title: null, notes: null, assignedToId: null, assignedRoleId: null };
    if (kind === 'task') {
      return {
        content: { ...empty, title: automation.taskTitle ?? automation.name, notes: automation.taskNotes, assignedToId: automation.assignedToId, assignedRoleId: automation.assignedRoleId },
        html: null,
      };
    }
    if (addressOnly) return { content: empty, html: null };
    const template =
      kind === 'email'
        ? automation.emailTemplateId && (await emailTemplatesRepository.findById(ex, scope, automation.emailTemplateId))
        : automation.smsTemplateId && (await smsTemplatesRepository.findById(ex, scope, automation.smsTemplateId));
    if (!template) throw new RenderFailure(`The automation has no ${kind === 'email' ? 'email' : 'SMS'} template`);

    const pets = await patientsRepository.findByIds(ex, scope, target.patientIds);
    const invoice = target.invoiceId ? await this.deps.invoices(ex, scope, target.invoiceId) : undefined;
    let real: Record<string, Record<string, string>>;
    try {
      real = await this.deps.mergeContext.build(
        scope,
        kind,
        {
          locationId: target.locationId,
          clientId: target.clientId ?? undefined,
          patientId: target.patientIds[0],
          appointmentId: target.appointmentId ?? undefined,
          staffUserId: null,
          invoice: invoice?.fields,
        },
        ex,
      );
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) throw new RenderFailure(`The template could not be filled in: ${err.message}`);
      throw err;
    }
    real.reminder = await this.reminder(ex, scope, target, pets);
    // A group no record fills is empty, never a sample.
    const data: Record<string, Record<string, string>> = {};
    for (const group of TEMPLATE_MERGE_GROUPS[kind]) {
      data[group] = real[group] ?? Object.fromEntries(Object.keys(MERGE_FIELD_GROUPS[group].fields).map((f) => [f, '']));
    }
    try {
      if (kind === 'email' && 'subject' in template) {
        const parts = await renderEmailParts({ subject: template.subject, body: template.body }, data);
        return { content: { ...empty, subject: parts.subject, body: parts.text }, html: parts.html };
      }
      const body = (await renderTemplate(template.body, data, { maxOutput: 10_000 })).trim();
      return { content: { ...empty, body }, html: null };
    } catch (err) {
      if (err instanceof HttpError) throw new RenderFailure(`The template could not be filled in: ${err.message}`);
      throw err;
    }
  }

  /** reminder.pets ('Bella and Max') and reminder.due ('Bella: Rabies on 3 December 2026; Max: DHPP on 5 December 2026'): data, never markup. */
  private async reminder(ex: Executor, scope: Scope, target: ItemTarget, pets: readonly PatientRow[]): Promise<Record<string, string>> {
    const names = new Map(pets.map((p) => [p.id, p.name]));
    const vaccinations = (await vaccinationsRepository.findByIds(ex, scope, target.vaccinationIds)).sort(
      (a, b) => target.patientIds.indexOf(a.patientId) - target.patientIds.indexOf(b.patientId) || (a.nextDueOn ?? '').localeCompare(b.nextDueOn ?? ''),
    );
    const named = target.patientIds.filter((id) => names.has(id)).map((id) => names.get(id)!);
    const due = vaccinations.map((v) => `${names.get(v.patientId) ?? ''}: ${v.vaccine}${v.nextDueOn ? ` on ${longDay(v.nextDueOn)}` : ''}`);
    return { pets: listNames(named), due: due.join('; ') };
  }
}
