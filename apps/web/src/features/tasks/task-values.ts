import { addDays, formatMinutes, localDate, localMinutes } from '@willow/contracts';
import type { Task, TaskInput, TaskPriority } from '@willow/contracts';
import { textOrNull } from '../../components/form-fields';
import { isDate, parseTime, toInstant } from '../appointments/appointment-times';

/**
 * A task as its dialog holds it. The due time is two wall-clock fields in the task's location's
 * zone (a date 'YYYY-MM-DD' and a time 'HH:MM', or '' for none), turned into the instant the
 * contract wants only on saving. The assignee is one choice over people and roles:
 * 'user:<id>', 'role:<id>' or '' (no one).
 */
export interface TaskFormValues {
  locationId: string;
  title: string;
  notes: string;
  dueDate: string;
  dueTime: string;
  priority: TaskPriority;
  assignee: string;
  clientId: string;
  patientId: string;
  appointmentId: string;
  invoiceId: string;
}

/** What a new task starts with (from a client, patient or appointment: what it is about and who has it). */
export interface TaskDraft {
  locationId: string;
  title?: string;
  /** a local date and time in the location's zone */
  dueDate?: string;
  dueTime?: string;
  assignedToId?: string | null;
  clientId?: string | null;
  patientId?: string | null;
  appointmentId?: string | null;
  invoiceId?: string | null;
  /** names to show for the links before anything is fetched */
  clientName?: string;
  patientName?: string;
  appointmentLabel?: string;
}

/** What a quick task is about: the record whose page or dialog it starts from. */
export interface TaskSubject {
  locationId: string;
  clientId?: string | null;
  clientName?: string;
  patientId?: string | null;
  patientName?: string;
  appointmentId?: string | null;
  appointmentLabel?: string;
}

export const QUICK_TASK_TIME = '10:00';

export const DUE_TIME_MISSING = 'Enter a time, or clear the date';
export const DUE_DATE_MISSING = 'Enter a date, or clear the time';
export const DUE_TIME_INVALID = 'Enter a time such as 10:00 AM or 14:30';

export const assigneeOf = (userId: string | null | undefined, roleId: string | null | undefined): string =>
  userId ? `user:${userId}` : roleId ? `role:${roleId}` : '';

/** The person or role an assignee choice names. */
export function assigneeIds(assignee: string): { assignedToId: string | null; assignedRoleId: string | null } {
  const [kind, id] = assignee.split(':') as [string, string | undefined];
  return { assignedToId: kind === 'user' && id ? id : null, assignedRoleId: kind === 'role' && id ? id : null };
}

/** The due instant as the location's wall clock: date and time fields. */
export function dueFields(dueAt: string | null, timeZone: string): { dueDate: string; dueTime: string } {
  if (!dueAt) return { dueDate: '', dueTime: '' };
  return { dueDate: localDate(dueAt, timeZone), dueTime: formatMinutes(localMinutes(dueAt, timeZone)) };
}

/** Tomorrow 10:00 in the location's zone: when "call them back" usually means (decision 0200). */
export function tomorrowMorning(timeZone: string, now: Date = new Date()): { dueDate: string; dueTime: string } {
  return { dueDate: addDays(localDate(now, timeZone), 1), dueTime: QUICK_TASK_TIME };
}

/** Why the due fields cannot be saved as they read, by field; empty when they can. */
export function dueProblems(v: Pick<TaskFormValues, 'dueDate' | 'dueTime'>): Partial<Record<'dueDate' | 'dueTime', string>> {
  const date = v.dueDate.trim();
  const time = v.dueTime.trim();
  if (!date && !time) return {};
  if (date && !isDate(date)) return { dueDate: 'Enter a whole date' };
  if (!time) return { dueTime: DUE_TIME_MISSING };
  if (parseTime(time) === null) return { dueTime: DUE_TIME_INVALID };
  if (!date) return { dueDate: DUE_DATE_MISSING };
  return {};
}

/** The due instant (ISO) of the fields read in the zone; null for none. Call once dueProblems is empty. */
export function dueAtOf(v: Pick<TaskFormValues, 'dueDate' | 'dueTime'>, timeZone: string): string | null {
  if (!v.dueDate.trim() && !v.dueTime.trim()) return null;
  return toInstant(v.dueDate.trim(), v.dueTime.trim(), timeZone)?.toISOString() ?? null;
}

export function blankTask(draft: TaskDraft): TaskFormValues {
  return {
    locationId: draft.locationId,
    title: draft.title ?? '',
    notes: '',
    dueDate: draft.dueDate ?? '',
    dueTime: draft.dueTime ?? '',
    priority: 'normal',
    assignee: assigneeOf(draft.assignedToId, null),
    clientId: draft.clientId ?? '',
    patientId: draft.patientId ?? '',
    appointmentId: draft.appointmentId ?? '',
    invoiceId: draft.invoiceId ?? '',
  };
}

export function valuesOfTask(task: Task, timeZone: string): TaskFormValues {
  return {
    locationId: task.locationId,
    title: task.title,
    notes: task.notes ?? '',
    ...dueFields(task.dueAt, timeZone),
    priority: task.priority,
    assignee: assigneeOf(task.assignedToId, task.assignedRoleId),
    clientId: task.clientId ?? '',
    patientId: task.patientId ?? '',
    appointmentId: task.appointmentId ?? '',
    invoiceId: task.invoiceId ?? '',
  };
}

/** The values as the contract's input (TaskInput); the due fields must have been checked first. */
export function inputOfTask(v: TaskFormValues, timeZone: string): TaskInput {
  return {
    locationId: v.locationId,
    title: v.title,
    notes: textOrNull(v.notes),
    dueAt: dueAtOf(v, timeZone),
    priority: v.priority,
    ...assigneeIds(v.assignee),
    clientId: v.clientId || null,
    patientId: v.patientId || null,
    appointmentId: v.appointmentId || null,
    invoiceId: v.invoiceId || null,
  };
}

/** "Call back Jane Doe": the quick task's title from a client's page, a patient's or an appointment. */
export const callBackTitle = (clientName: string | undefined) => (clientName ? `Call back ${clientName}` : 'Call back');

/** The quick task about a record: "Call back <client>" tomorrow 10:00 in its location's zone, given to me (decision 0200). */
export function quickTask(subject: TaskSubject, timeZone: string, myId: string | null, now: Date = new Date()): TaskDraft {
  return { ...subject, title: callBackTitle(subject.clientName), ...tomorrowMorning(timeZone, now), assignedToId: myId };
}
