import { DAY_TRIGGERS, HOUSEHOLD_TRIGGERS } from '@willow/contracts';
import type { AppointmentStatus, AutomationOffsetUnit, AutomationTrigger } from '@willow/contracts';

/*
 * What an automation's trigger means for its dialog and its row, as plain functions of the
 * trigger (and the delay chosen): which fields the dialog shows, and the trigger said in words.
 * The rules mirror the contract's (DAY_TRIGGERS, HOUSEHOLD_TRIGGERS) and the server's checks, so
 * the dialog never offers a combination the server refuses.
 */

/** The triggers about an appointment: they may be narrowed to some services. */
export const APPOINTMENT_TRIGGERS: readonly AutomationTrigger[] = ['appointmentCreated', 'appointmentStatusChanged', 'appointmentUpcoming'];

/** What the dialog shows for a trigger and the delay chosen. */
export interface TriggerFields {
  /** the status a status change waits for */
  status: boolean;
  /** the units the offset may count in (days only for the day-based triggers) */
  units: readonly AutomationOffsetUnit[];
  /** a time of day on the location's clock */
  sendTime: boolean;
  /** the time of day must be given (day-based triggers); otherwise it is optional */
  sendTimeRequired: boolean;
  /** only appointments with some services */
  services: boolean;
  /** one message per client naming every pet due */
  household: boolean;
  /** "Also for pets that have died" is fixed on (a death's own automation) */
  forDeceasedFixed: boolean;
}

const ALL_UNITS: readonly AutomationOffsetUnit[] = ['minutes', 'hours', 'days'];
const DAYS_ONLY: readonly AutomationOffsetUnit[] = ['days'];

export const isDayTrigger = (trigger: AutomationTrigger) => DAY_TRIGGERS.includes(trigger);

export function fieldsFor(trigger: AutomationTrigger, offsetUnit: AutomationOffsetUnit): TriggerFields {
  const dayBased = isDayTrigger(trigger);
  return {
    status: trigger === 'appointmentStatusChanged',
    units: dayBased ? DAYS_ONLY : ALL_UNITS,
    // A delay in days lands on a day: it goes at a time of that day (events: when one is given).
    sendTime: dayBased || offsetUnit === 'days',
    sendTimeRequired: dayBased,
    services: APPOINTMENT_TRIGGERS.includes(trigger),
    household: HOUSEHOLD_TRIGGERS.includes(trigger),
    forDeceasedFixed: trigger === 'patientDied',
  };
}

/** How an offset of `n` units reads: '1 day', '3 hours', '30 minutes'. */
export function amountOf(n: number, unit: AutomationOffsetUnit): string {
  const one = unit.slice(0, -1);
  return `${n} ${n === 1 ? one : unit}`;
}

export interface TriggerSpec {
  trigger: AutomationTrigger;
  status: AppointmentStatus | null;
  offset: number;
  offsetUnit: AutomationOffsetUnit;
  sendTime: string | null;
}

/**
 * The trigger in words, as a list row says it: 'When an appointment is booked',
 * '2 days before an appointment, 09:00', '3 days after a patient is marked deceased, 10:00'.
 */
export function describeTrigger({ trigger, status, offset, offsetUnit, sendTime }: TriggerSpec): string {
  const amount = amountOf(offset, offsetUnit);
  const at = (text: string) => (sendTime && (isDayTrigger(trigger) || offsetUnit === 'days') ? `${text}, ${sendTime}` : text);
  const after = (event: string) => (offset === 0 ? `When ${event}` : at(`${amount} after ${event}`));
  switch (trigger) {
    case 'appointmentCreated':
      return after('an appointment is booked');
    case 'appointmentStatusChanged':
      return after(`an appointment becomes ${status ?? '…'}`);
    case 'appointmentUpcoming':
      return offset === 0 ? 'When an appointment starts' : at(`${amount} before an appointment`);
    case 'vaccinationDue':
      return at(offset === 0 ? 'On the day a vaccination is due' : `${amount} before a vaccination is due`);
    case 'vaccinationOverdue':
      return at(offset === 0 ? 'When a vaccination falls due and is not given' : `${amount} after a vaccination was due`);
    case 'patientDied':
      return after('a patient is marked deceased');
    case 'formSubmitted':
      return after('a form is submitted');
    case 'invoiceUnpaid':
      return at(`Invoice unpaid ${amount} after it was finalised`);
    case 'patientBirthday':
      return at(offset === 0 ? "On a pet's birthday" : `${amount} before a pet's birthday`);
  }
}
