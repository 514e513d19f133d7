import { describe, expect, it } from 'vitest';
import { describeTrigger, fieldsFor } from './automation-rules';
import type { TriggerSpec } from './automation-rules';

const spec = (over: Partial<TriggerSpec>): TriggerSpec => ({ trigger: 'appointmentCreated', status: null, offset: 0, offsetUnit: 'hours', sendTime: null, ...over });

describe('a trigger in words', () => {
  it('says the event, and the delay after it when there is one', () => {
    expect(describeTrigger(spec({}))).toBe('When an appointment is booked');
    expect(describeTrigger(spec({ offset: 1, offsetUnit: 'hours' }))).toBe('1 hour after an appointment is booked');
    expect(describeTrigger(spec({ offset: 30, offsetUnit: 'minutes' }))).toBe('30 minutes after an appointment is booked');
    expect(describeTrigger(spec({ trigger: 'formSubmitted' }))).toBe('When a form is submitted');
  });

  it('names the status a status change waits for, cremation ones included', () => {
    expect(describeTrigger(spec({ trigger: 'appointmentStatusChanged', status: 'Ashes Delivered', offset: 2, offsetUnit: 'days', sendTime: '10:00' }))).toBe(
      '2 days after an appointment becomes Ashes Delivered, 10:00',
    );
    expect(describeTrigger(spec({ trigger: 'appointmentStatusChanged', status: 'Cremated' }))).toBe('When an appointment becomes Cremated');
  });

  it('counts back from an appointment, with the time of day for days', () => {
    expect(describeTrigger(spec({ trigger: 'appointmentUpcoming', offset: 2, offsetUnit: 'days', sendTime: '09:00' }))).toBe('2 days before an appointment, 09:00');
    expect(describeTrigger(spec({ trigger: 'appointmentUpcoming', offset: 3, offsetUnit: 'hours', sendTime: '09:00' }))).toBe('3 hours before an appointment');
  });

  it('says the day-based triggers with their time of day', () => {
    expect(describeTrigger(spec({ trigger: 'vaccinationDue', offset: 14, offsetUnit: 'days', sendTime: '09:00' }))).toBe('14 days before a vaccination is due, 09:00');
    expect(describeTrigger(spec({ trigger: 'vaccinationDue', offset: 0, offsetUnit: 'days', sendTime: '09:00' }))).toBe('On the day a vaccination is due, 09:00');
    expect(describeTrigger(spec({ trigger: 'vaccinationOverdue', offset: 7, offsetUnit: 'days', sendTime: '08:30' }))).toBe('7 days after a vaccination was due, 08:30');
    expect(describeTrigger(spec({ trigger: 'invoiceUnpaid', offset: 30, offsetUnit: 'days', sendTime: '09:00' }))).toBe('Invoice unpaid 30 days after it was finalised, 09:00');
    expect(describeTrigger(spec({ trigger: 'patientBirthday', offset: 0, offsetUnit: 'days', sendTime: '09:00' }))).toBe("On a pet's birthday, 09:00");
    expect(describeTrigger(spec({ trigger: 'patientDied', offset: 3, offsetUnit: 'days', sendTime: '10:00' }))).toBe('3 days after a patient is marked deceased, 10:00');
    expect(describeTrigger(spec({ trigger: 'patientDied', offset: 1, offsetUnit: 'days' }))).toBe('1 day after a patient is marked deceased');
  });
});

describe('the fields a trigger has', () => {
  it('a status only for a status change', () => {
    expect(fieldsFor('appointmentStatusChanged', 'hours').status).toBe(true);
    expect(fieldsFor('appointmentCreated', 'hours').status).toBe(false);
  });

  it('days only, and a required time of day, for the day-based triggers', () => {
    for (const t of ['vaccinationDue', 'vaccinationOverdue', 'invoiceUnpaid', 'patientBirthday'] as const) {
      expect(fieldsFor(t, 'days')).toMatchObject({ units: ['days'], sendTime: true, sendTimeRequired: true });
    }
    expect(fieldsFor('appointmentUpcoming', 'hours')).toMatchObject({ units: ['minutes', 'hours', 'days'], sendTime: false });
    expect(fieldsFor('appointmentUpcoming', 'days')).toMatchObject({ sendTime: true, sendTimeRequired: false });
  });

  it('services for appointment triggers, a household for vaccination ones, the deceased fixed for a death', () => {
    expect(['appointmentCreated', 'appointmentStatusChanged', 'appointmentUpcoming'].map((t) => fieldsFor(t as never, 'hours').services)).toEqual([true, true, true]);
    expect(fieldsFor('patientDied', 'days').services).toBe(false);
    expect(fieldsFor('vaccinationDue', 'days').household).toBe(true);
    expect(fieldsFor('vaccinationOverdue', 'days').household).toBe(true);
    expect(fieldsFor('patientBirthday', 'days').household).toBe(false);
    expect(fieldsFor('patientDied', 'days').forDeceasedFixed).toBe(true);
    expect(fieldsFor('formSubmitted', 'hours').forDeceasedFixed).toBe(false);
  });
});
