import { z } from 'zod';
import { AUTOMATION_MESSAGES, EmailAutomationInput, SmsAutomationInput, TaskAutomationInput } from '@willow/contracts';
import type { AppointmentStatus, AutomationKind, AutomationOffsetUnit, AutomationTrigger, TaskPriority } from '@willow/contracts';
import { numberOrNull, textOrNull } from '../../components/form-fields';
import { assigneeIds, assigneeOf } from '../tasks/task-values';
import type { AnyAutomation } from './automations.api';
import { WRAPPERS } from './automations.api';
import { fieldsFor, isDayTrigger } from './automation-rules';

/**
 * An automation as its dialog holds it: numbers as the text typed (so a half-typed one is not
 * lost), '' for "none" (no status, no send time, every location), the task's assignee as one
 * choice over people and roles ('user:<id>' / 'role:<id>', as tasks' own dialog).
 */
export interface AutomationFormValues {
  name: string;
  /** '' = every location */
  locationId: string;
  active: boolean;
  requiresApproval: boolean;
  trigger: AutomationTrigger;
  status: AppointmentStatus | '';
  offset: string;
  offsetUnit: AutomationOffsetUnit;
  /** 'HH:MM' or '' */
  sendTime: string;
  serviceIds: string[];
  household: boolean;
  forDeceased: boolean;
  emailTemplateId: string;
  smsTemplateId: string;
  taskTitle: string;
  taskNotes: string;
  taskPriority: TaskPriority;
  taskDueInDays: string;
  assignee: string;
}

/** A time of day most practices send reminders at; a person changes it in one keystroke. */
export const DEFAULT_SEND_TIME = '09:00';

export function blankAutomation(locationId: string | null): AutomationFormValues {
  return {
    name: '',
    locationId: locationId ?? '',
    active: true,
    requiresApproval: false,
    trigger: 'appointmentCreated',
    status: '',
    offset: '0',
    offsetUnit: 'hours',
    sendTime: '',
    serviceIds: [],
    household: false,
    forDeceased: false,
    emailTemplateId: '',
    smsTemplateId: '',
    taskTitle: '',
    taskNotes: '',
    taskPriority: 'normal',
    taskDueInDays: '0',
    assignee: '',
  };
}

export function valuesOfAutomation(a: AnyAutomation): AutomationFormValues {
  return {
    name: a.name,
    locationId: a.locationId ?? '',
    active: a.active,
    requiresApproval: a.requiresApproval,
    trigger: a.trigger,
    status: a.status ?? '',
    offset: String(a.offset),
    offsetUnit: a.offsetUnit,
    sendTime: a.sendTime ?? '',
    serviceIds: [...a.serviceIds],
    household: a.household,
    forDeceased: a.forDeceased,
    emailTemplateId: a.kind === 'email' ? a.emailTemplateId : '',
    smsTemplateId: a.kind === 'sms' ? a.smsTemplateId : '',
    taskTitle: a.kind === 'task' ? a.taskTitle : '',
    taskNotes: a.kind === 'task' ? (a.taskNotes ?? '') : '',
    taskPriority: a.kind === 'task' ? a.taskPriority : 'normal',
    taskDueInDays: a.kind === 'task' ? String(a.taskDueInDays) : '0',
    assignee: a.kind === 'task' ? assigneeOf(a.assignedToId, a.assignedRoleId) : '',
  };
}

/**
 * A new trigger chosen: what no longer applies is put right at once (a day-based trigger counts
 * in days and goes at a time of day; a death's automation is for the deceased), so the fields
 * shown are always the ones that will be saved.
 */
export function withTrigger(v: AutomationFormValues, trigger: AutomationTrigger): AutomationFormValues {
  const unit = isDayTrigger(trigger) ? 'days' : v.offsetUnit;
  const fields = fieldsFor(trigger, unit);
  return {
    ...v,
    trigger,
    offsetUnit: unit,
    status: fields.status ? v.status : '',
    sendTime: fields.sendTimeRequired && !v.sendTime ? DEFAULT_SEND_TIME : v.sendTime,
    serviceIds: fields.services ? v.serviceIds : [],
    household: fields.household ? v.household : false,
    forDeceased: fields.forDeceasedFixed ? true : v.forDeceased,
  };
}

/** The values as the contract's input of the kind: only the fields the trigger shows are sent. */
export function inputOfAutomation(kind: AutomationKind, v: AutomationFormValues): Record<string, unknown> {
  const fields = fieldsFor(v.trigger, v.offsetUnit);
  const base = {
    name: v.name,
    locationId: v.locationId || null,
    active: v.active,
    requiresApproval: v.requiresApproval,
    trigger: v.trigger,
    status: fields.status ? v.status || null : null,
    offset: numberOrNull(v.offset) ?? 0,
    offsetUnit: fields.units.includes(v.offsetUnit) ? v.offsetUnit : 'days',
    sendTime: fields.sendTime ? v.sendTime || null : null,
    serviceIds: fields.services ? v.serviceIds : [],
    household: fields.household && v.household,
    forDeceased: fields.forDeceasedFixed || v.forDeceased,
  };
  if (kind === 'email') return { ...base, emailTemplateId: v.emailTemplateId };
  if (kind === 'sms') return { ...base, smsTemplateId: v.smsTemplateId };
  return {
    ...base,
    taskTitle: v.taskTitle,
    taskNotes: textOrNull(v.taskNotes),
    taskPriority: v.taskPriority,
    taskDueInDays: numberOrNull(v.taskDueInDays) ?? 0,
    ...assigneeIds(v.assignee),
  };
}

const INPUTS = { email: EmailAutomationInput, sms: SmsAutomationInput, task: TaskAutomationInput } as const;

type RuleFields = { trigger: AutomationTrigger; status: string | null; offsetUnit: AutomationOffsetUnit; sendTime: string | null; household: boolean };

/** The rules across fields the server holds too, said under their field before anything is sent. */
function crossFieldRules(v: RuleFields, ctx: z.RefinementCtx): void {
  const fields = fieldsFor(v.trigger, v.offsetUnit);
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (fields.status && !v.status) issue('status', AUTOMATION_MESSAGES.statusRequired);
  if (!fields.units.includes(v.offsetUnit)) issue('offsetUnit', AUTOMATION_MESSAGES.daysOnly);
  if (fields.sendTimeRequired && !v.sendTime) issue('sendTime', AUTOMATION_MESSAGES.sendTimeRequired);
  if (v.household && !fields.household) issue('household', AUTOMATION_MESSAGES.householdNotForTrigger);
}

/**
 * The operations the dialog checks its values against (useEntityForm reads the body's schema):
 * the kind's contract input, with the rules across fields added.
 */
export function formOpsOf(kind: AutomationKind) {
  const schema = INPUTS[kind].superRefine((v, ctx) => crossFieldRules(v as RuleFields, ctx));
  return { create: { body: z.object({ [WRAPPERS[kind]]: schema }) }, body: { data: WRAPPERS[kind] } };
}
