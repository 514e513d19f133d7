import { describe, expect, it } from 'vitest';
import { AUTOMATION_MESSAGES } from '@willow/contracts';
import { formSchemaOf } from '../../components/use-entity-form';
import { validate } from '../../lib/zod-errors';
import { blankAutomation, formOpsOf, inputOfAutomation, withTrigger } from './automation-values';

const TEMPLATE = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000a1';
const USER = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000b1';

describe('an automation as the dialog holds it', () => {
  it('a day-based trigger chosen counts in days and goes at 09:00 unless a time was set', () => {
    const v = withTrigger(blankAutomation(null), 'vaccinationDue');
    expect(v).toMatchObject({ offsetUnit: 'days', sendTime: '09:00', forDeceased: false });
    expect(withTrigger({ ...v, sendTime: '07:45' }, 'patientBirthday').sendTime).toBe('07:45');
  });

  it('leaves what a trigger does not have: a status, services, a household; a death is for the deceased', () => {
    const v = { ...blankAutomation(null), trigger: 'appointmentStatusChanged' as const, status: 'Cremated' as const, serviceIds: [TEMPLATE] };
    expect(withTrigger(v, 'formSubmitted')).toMatchObject({ status: '', serviceIds: [] });
    expect(withTrigger({ ...withTrigger(v, 'vaccinationDue'), household: true }, 'patientBirthday').household).toBe(false);
    expect(withTrigger(v, 'patientDied').forDeceased).toBe(true);
  });

  it('sends only the fields the trigger shows, under the kind', () => {
    const v = { ...blankAutomation(null), name: 'Reminder', trigger: 'appointmentUpcoming' as const, offset: '3', offsetUnit: 'hours' as const, sendTime: '09:00', status: 'Confirmed' as const, emailTemplateId: TEMPLATE };
    expect(inputOfAutomation('email', v)).toMatchObject({ name: 'Reminder', locationId: null, offset: 3, offsetUnit: 'hours', sendTime: null, status: null, emailTemplateId: TEMPLATE });
    expect(inputOfAutomation('sms', v)).not.toHaveProperty('emailTemplateId');
    const task = inputOfAutomation('task', { ...v, taskTitle: 'Chase the invoice', assignee: `user:${USER}`, taskDueInDays: '2' });
    expect(task).toMatchObject({ taskTitle: 'Chase the invoice', assignedToId: USER, assignedRoleId: null, taskDueInDays: 2, taskNotes: null });
  });

  it('is checked against the contract with the rules across fields, each under its field', () => {
    const schema = formSchemaOf(formOpsOf('email'));
    const statusless = { ...blankAutomation(null), name: 'After', trigger: 'appointmentStatusChanged' as const, emailTemplateId: TEMPLATE };
    const result = validate(schema, inputOfAutomation('email', statusless));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ status: AUTOMATION_MESSAGES.statusRequired });

    const timeless = { ...withTrigger(blankAutomation(null), 'vaccinationDue'), name: 'Due', sendTime: '', emailTemplateId: TEMPLATE };
    const second = validate(schema, inputOfAutomation('email', timeless));
    expect(second.ok ? {} : second.errors).toEqual({ sendTime: AUTOMATION_MESSAGES.sendTimeRequired });

    const empty = validate(schema, inputOfAutomation('email', blankAutomation(null)));
    expect(empty.ok ? {} : Object.keys(empty.errors).sort()).toEqual(['emailTemplateId', 'name']);

    const fine = validate(schema, inputOfAutomation('email', { ...blankAutomation(null), name: 'Booked', emailTemplateId: TEMPLATE }));
    expect(fine.ok).toBe(true);
  });
});
