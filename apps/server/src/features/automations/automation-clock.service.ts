import { TIME_TRIGGERS, type AutomationOffsetUnit } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import { careRepository, type VaccinationRow } from '../care/index.js';
import { balanceReads } from '../invoices/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { invoicePayments } from '../payments/index.js';
import { automationItemsRepository } from './automation-items.repository.js';
import type { AutomationDelivery } from './automation-delivery.service.js';
import { fire, type Firing } from './automation-firing.service.js';
import {
  beforeAppointment,
  birthdayDays,
  dayRun,
  invoiceFinalisedWindow,
  upcomingWindow,
  vaccinationDueDays,
  vaccinationOverdueDays,
} from './automation-times.rules.js';
import { automationsRepository, type AutomationRow } from './automations.repository.js';

/** A location as the clock reads it: where, and on which clock. */
export interface ClockLocation {
  id: string;
  timezone: string;
}

/** When a day-based automation has no send time of its own (the API asks for one; older rows). */
const DEFAULT_SEND_TIME = '09:00';
const CLAIM_BATCH = 5000;
const unit = (a: AutomationRow) => a.offsetUnit as AutomationOffsetUnit;

/**
 * The automations fired by the clock (docs/decisions/0213): before an appointment, a vaccination
 * due or overdue, an invoice still unpaid, a pet's birthday. A scheduled job ('automations.clock',
 * every minute, UTC; main.ts) runs `run` in one app process per minute (decision 0207); each
 * automation is evaluated at each location it covers on that location's clock, in a transaction of
 * its own:
 * - the day-based triggers once a local day, when its send time has come: the day's run is claimed
 *   ('run:<locationId>:<local day>' in automation_claims), so a second process, or the next minute,
 *   finds it taken; its targets are those of the day's window (and the few days a missed run left);
 * - a reminder before an appointment by a sliding window of its due times (the minutes since the
 *   last run, a few ahead), each appointment's occurrence key keeping it to one item per start time.
 * A vaccination is claimed once per due date ('vaccination:<id>:<nextDueOn>'), so a household's
 * reminder gathers only vaccinations no earlier one took. Deceased and archived pets are no targets.
 */
export class AutomationClock {
  constructor(
    private readonly db: Db,
    private readonly delivery: AutomationDelivery,
  ) {}

  /**
   * The minute's run at `now`; `since` is the first minute it stands for (after downtime, the first
   * one missed: decision 0207 runs missed occurrences once). Answers how many items it made.
   */
  async run(now: Date, since: Date = now): Promise<number> {
    const active = await automationsRepository.activeAcrossAccounts(this.db, TIME_TRIGGERS);
    const byAccount = new Map<string, AutomationRow[]>();
    for (const a of active) byAccount.set(a.accountId, [...(byAccount.get(a.accountId) ?? []), a]);
    let made = 0;
    for (const [accountId, list] of byAccount) made += await this.runFor(this.db, { accountId }, list, now, since);
    return made;
  }

  /** One account's clock automations at `now`, each at each of its locations in a transaction of its own. */
  async runFor(db: Db, scope: Scope, list: readonly AutomationRow[], now: Date, since: Date = now): Promise<number> {
    const locations: ClockLocation[] = await locationsRepository.listSorted(db, scope, { onlyActive: true });
    let made = 0;
    for (const automation of list) {
      for (const location of locations) {
        if (automation.locationId && automation.locationId !== location.id) continue;
        made += await db.transaction((tx) => this.evaluate(tx, scope, automation, location, now, since));
      }
    }
    return made;
  }

  /** One automation at one location: the items its trigger's targets make now. */
  async evaluate(tx: Executor, scope: Scope, automation: AutomationRow, location: ClockLocation, now: Date, since: Date): Promise<number> {
    if (automation.trigger === 'appointmentUpcoming') return this.upcoming(tx, scope, automation, location, now, since);
    const run = dayRun(now, automation.sendTime ?? DEFAULT_SEND_TIME, location.timezone);
    if (!run) return 0;
    const [taken] = await automationItemsRepository.claim(tx, scope, automation.id, [`run:${location.id}:${run.day}`]);
    if (!taken) return 0;
    let firings: Firing[];
    switch (automation.trigger) {
      case 'vaccinationDue':
      case 'vaccinationOverdue':
        firings = await this.vaccinations(tx, scope, automation, location, run.day, run.sendAt);
        break;
      case 'invoiceUnpaid':
        firings = await this.unpaidInvoices(tx, scope, automation, location, run.day, run.sendAt);
        break;
      case 'patientBirthday':
        firings = await this.birthdays(tx, scope, automation, location, run.day, run.sendAt);
        break;
      default:
        return 0;
    }
    return (await fire(tx, scope, this.delivery, firings)).length;
  }

  private async upcoming(tx: Executor, scope: Scope, automation: AutomationRow, location: ClockLocation, now: Date, since: Date): Promise<number> {
    const w = upcomingWindow(since, now, automation.offset, unit(automation), automation.sendTime, location.timezone);
    if (!w) return 0;
    const rows = await appointmentsRepository.startingBetween(tx, scope, { locationId: location.id, from: w.startFrom, to: w.startTo, serviceIds: automation.serviceIds });
    const firings: Firing[] = [];
    for (const r of rows) {
      const dueAt = beforeAppointment(r.startAt, automation.offset, unit(automation), automation.sendTime, location.timezone);
      if (dueAt < w.dueFrom || dueAt >= w.dueTo) continue;
      firings.push({
        automation,
        occurrenceKey: `appointment:${r.id}:before:${r.startAt.toISOString()}`,
        dueAt,
        target: { locationId: location.id, clientId: r.clientId, patientIds: r.patientIds, appointmentId: r.id, invoiceId: null, vaccinationIds: [] },
        appointmentStartAt: r.startAt,
      });
    }
    return (await fire(tx, scope, this.delivery, firings)).length;
  }

  /**
   * The vaccinations of the day's window no earlier reminder of this automation took, each taken
   * now: one item per household (its living pets due) or per pet.
   */
  private async vaccinations(tx: Executor, scope: Scope, automation: AutomationRow, location: ClockLocation, day: string, sendAt: Date): Promise<Firing[]> {
    const window = automation.trigger === 'vaccinationDue' ? vaccinationDueDays(day, automation.offset) : vaccinationOverdueDays(day, automation.offset);
    const due = await careRepository.dueBetween(tx, scope, { locationId: location.id, ...window });
    const keyOf = (v: VaccinationRow) => `vaccination:${v.id}:${v.nextDueOn}`;
    const taken = new Set<string>();
    for (let i = 0; i < due.length; i += CLAIM_BATCH) {
      for (const k of await automationItemsRepository.claim(tx, scope, automation.id, due.slice(i, i + CLAIM_BATCH).map(keyOf))) taken.add(k);
    }
    const groups = new Map<string, VaccinationRow[]>();
    for (const v of due) {
      if (!taken.has(keyOf(v))) continue;
      const group = automation.household ? `client:${v.clientId}:${day}` : `patient:${v.patientId}:${day}`;
      groups.set(group, [...(groups.get(group) ?? []), v]);
    }
    return [...groups].map(([occurrenceKey, list]) => ({
      automation,
      occurrenceKey,
      dueAt: sendAt,
      target: {
        locationId: location.id,
        clientId: list[0]!.clientId,
        patientIds: [...new Set(list.map((v) => v.patientId))],
        appointmentId: null,
        invoiceId: null,
        vaccinationIds: list.map((v) => v.id),
      },
      vaccinationDueOns: list.map((v) => v.nextDueOn!),
    }));
  }

  /** Invoices finalised the offset's days ago that still owe: one task (or message) each, once. The pet is not named: it is about the money. */
  private async unpaidInvoices(tx: Executor, scope: Scope, automation: AutomationRow, location: ClockLocation, day: string, sendAt: Date): Promise<Firing[]> {
    const window = invoiceFinalisedWindow(day, automation.offset, location.timezone);
    const rows = await balanceReads(invoicePayments).unpaidFinalisedBetween(tx, scope, { locationId: location.id, ...window });
    return rows.map((r) => ({
      automation,
      occurrenceKey: `invoice:${r.id}`,
      dueAt: sendAt,
      target: { locationId: location.id, clientId: r.clientId, patientIds: [], appointmentId: r.appointmentId, invoiceId: r.id, vaccinationIds: [] },
    }));
  }

  /** Pets whose birthday is the offset's days ahead: one item a pet a year (deceased ones only for an automation meant for after a death). */
  private async birthdays(tx: Executor, scope: Scope, automation: AutomationRow, location: ClockLocation, day: string, sendAt: Date): Promise<Firing[]> {
    const firings = new Map<string, Firing>();
    for (const birthday of birthdayDays(day, automation.offset)) {
      const pets = await patientsRepository.bornOn(tx, scope, { locationId: location.id, monthDays: birthday.monthDays, deceasedToo: automation.forDeceased });
      for (const p of pets) {
        const occurrenceKey = `birthday:${p.id}:${birthday.day.slice(0, 4)}`;
        firings.set(occurrenceKey, {
          automation,
          occurrenceKey,
          dueAt: sendAt,
          target: { locationId: location.id, clientId: p.clientId, patientIds: [p.id], appointmentId: null, invoiceId: null, vaccinationIds: [] },
        });
      }
    }
    return [...firings.values()];
  }
}

