import { describe, expect, it } from 'vitest';
import type { Task } from '@willow/contracts';
import { assigneeIds, assigneeOf, blankTask, dueAtOf, dueFields, dueProblems, inputOfTask, tomorrowMorning, valuesOfTask } from './task-values';
import { NO_FILTERS, queryOfView } from './task-views';

const NY = 'America/New_York';

const task: Task = {
  id: 't1',
  locationId: 'l1',
  title: 'Call back Jane Doe',
  notes: null,
  dueAt: '2026-11-30T15:00:00.000Z',
  priority: 'high',
  assignedToId: null,
  assignedTo: null,
  assignedRoleId: 'r1',
  assignedRole: { id: 'r1', name: 'Front desk' },
  clientId: 'c1',
  client: { id: 'c1', name: 'Jane Doe' },
  patientId: null,
  patient: null,
  appointmentId: null,
  appointment: null,
  invoiceId: null,
  invoice: null,
  completedAt: null,
  completedBy: null,
  deletedAt: null,
  createdBy: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
  overdue: false,
};

describe('a task’s due time', () => {
  it('is shown and typed on the location’s wall clock, whatever the browser’s zone', () => {
    expect(dueFields(task.dueAt, NY)).toEqual({ dueDate: '2026-11-30', dueTime: '10:00' });
    expect(dueFields(task.dueAt, 'Europe/London')).toEqual({ dueDate: '2026-11-30', dueTime: '15:00' });
    expect(dueAtOf({ dueDate: '2026-11-30', dueTime: '10:00' }, NY)).toBe('2026-11-30T15:00:00.000Z');
    // Typed as people write it
    expect(dueAtOf({ dueDate: '2026-11-30', dueTime: '10 am' }, NY)).toBe('2026-11-30T15:00:00.000Z');
    expect(dueAtOf({ dueDate: '', dueTime: '' }, NY)).toBeNull();
  });

  it('asks for the half that is missing, never saving a half as no due time', () => {
    expect(dueProblems({ dueDate: '', dueTime: '' })).toEqual({});
    expect(dueProblems({ dueDate: '2026-11-30', dueTime: '' })).toHaveProperty('dueTime');
    expect(dueProblems({ dueDate: '', dueTime: '10:00' })).toHaveProperty('dueDate');
    expect(dueProblems({ dueDate: '2026-11-30', dueTime: '25:00' })).toHaveProperty('dueTime');
    expect(dueProblems({ dueDate: '0002-11-30', dueTime: '10:00' })).toHaveProperty('dueDate');
  });

  it('of a quick task is tomorrow 10:00 in the location’s zone', () => {
    // 03:00 UTC on the 30th is still the 29th in New York: tomorrow there is the 30th.
    expect(tomorrowMorning(NY, new Date('2026-11-30T03:00:00Z'))).toEqual({ dueDate: '2026-11-30', dueTime: '10:00' });
    expect(tomorrowMorning('Asia/Tokyo', new Date('2026-11-30T03:00:00Z'))).toEqual({ dueDate: '2026-12-01', dueTime: '10:00' });
  });
});

describe('the task form', () => {
  it('holds a person or a role as one choice', () => {
    expect(assigneeOf('u1', null)).toBe('user:u1');
    expect(assigneeOf(null, 'r1')).toBe('role:r1');
    expect(assigneeOf(null, null)).toBe('');
    expect(assigneeIds('user:u1')).toEqual({ assignedToId: 'u1', assignedRoleId: null });
    expect(assigneeIds('role:r1')).toEqual({ assignedToId: null, assignedRoleId: 'r1' });
    expect(assigneeIds('')).toEqual({ assignedToId: null, assignedRoleId: null });
  });

  it('reads a task and gives it back as the contract’s input unchanged', () => {
    const values = valuesOfTask(task, NY);
    expect(values).toMatchObject({ dueDate: '2026-11-30', dueTime: '10:00', assignee: 'role:r1', clientId: 'c1', priority: 'high' });
    expect(inputOfTask(values, NY)).toEqual({
      locationId: 'l1',
      title: 'Call back Jane Doe',
      notes: null,
      dueAt: '2026-11-30T15:00:00.000Z',
      priority: 'high',
      assignedToId: null,
      assignedRoleId: 'r1',
      clientId: 'c1',
      patientId: null,
      appointmentId: null,
      invoiceId: null,
    });
  });

  it('starts a quick task from what the record gives it', () => {
    const values = blankTask({ locationId: 'l1', title: 'Call back Jane Doe', dueDate: '2026-11-30', dueTime: '10:00', assignedToId: 'me', clientId: 'c1', patientId: 'p1', appointmentId: 'a1' });
    expect(values).toMatchObject({ title: 'Call back Jane Doe', assignee: 'user:me', clientId: 'c1', patientId: 'p1', appointmentId: 'a1', priority: 'normal' });
  });
});

describe('the task screens', () => {
  it('ask the server for mine, all with filters, or completed, at the selected location', () => {
    expect(queryOfView('my-tasks', 'l1', NO_FILTERS, NY)).toEqual({ locationId: 'l1', mine: 'true', status: 'open' });
    expect(queryOfView('completed', null, NO_FILTERS, NY)).toEqual({ status: 'completed' });
    expect(queryOfView('all', 'l1', { assignee: 'role:r1', status: 'open', dueBefore: '2026-12-01', clientId: 'c1' }, NY)).toEqual({
      locationId: 'l1',
      status: 'open',
      assignedRoleId: 'r1',
      dueBefore: '2026-12-01T05:00:00.000Z',
      clientId: 'c1',
    });
    expect(queryOfView('all', null, { ...NO_FILTERS, assignee: 'none' }, NY)).toEqual({ status: 'open', unassigned: 'true' });
  });
});
