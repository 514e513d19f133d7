import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment-statuses.js';
import { crudOperations } from './crud.js';
import { anyOf, authenticated, operation } from './operation.js';
import { idField, optionalText, PageQuery, patchOf, IdParams } from './rules.js';
import { TASK_NOTES_MAX, TASK_PRIORITIES, TASK_TITLE_MAX } from './tasks.js';

/**
 * Automations (SPEC §1, §4, §7 "Automations", §8): what the practice sends or asks of its staff by
 * itself when something happens (a booking, a status, a death, a form, an invoice) or when a time
 * comes (the day before a visit, a vaccination due, a pet's birthday). Three kinds share one shape:
 * an email (an email template), a text (an SMS template) or a task (for a person or a role). Each
 * firing becomes one queue item per automation, target and occurrence; an item goes by itself at
 * its time or waits for staff approval, and its conditions are checked again when it goes.
 */
export const AUTOMATION_KINDS = ['email', 'sms', 'task'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export const AUTOMATION_TRIGGERS = [
  'appointmentCreated',
  'appointmentStatusChanged',
  'appointmentUpcoming',
  'vaccinationDue',
  'vaccinationOverdue',
  'patientDied',
  'formSubmitted',
  'invoiceUnpaid',
  'patientBirthday',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

export const AUTOMATION_TRIGGER_LABELS: Record<AutomationTrigger, string> = {
  appointmentCreated: 'Appointment booked',
  appointmentStatusChanged: 'Appointment status changed to…',
  appointmentUpcoming: 'Before an appointment',
  vaccinationDue: 'Vaccination due soon',
  vaccinationOverdue: 'Vaccination overdue',
  patientDied: 'Patient marked deceased',
  formSubmitted: 'Form submitted',
  invoiceUnpaid: 'Invoice unpaid after it was finalised',
  patientBirthday: "Pet's birthday",
};

/**
 * When a trigger's item goes, relative to what it is about:
 * - event triggers (booked, status, died, form): `offset` after the event (0: at once);
 * - appointmentUpcoming: `offset` before the appointment starts;
 * - vaccinationDue: `offset` days before the due date; vaccinationOverdue: days after it;
 * - invoiceUnpaid: `offset` days after it was finalised; patientBirthday: on the day (offset 0) or days before.
 * The day-based ones (and event triggers with a delay in days) go at `sendTime` on the location's clock.
 */
export const AUTOMATION_OFFSET_UNITS = ['minutes', 'hours', 'days'] as const;
export type AutomationOffsetUnit = (typeof AUTOMATION_OFFSET_UNITS)[number];

/** The triggers evaluated on the clock (the others are events). */
export const TIME_TRIGGERS: readonly AutomationTrigger[] = ['appointmentUpcoming', 'vaccinationDue', 'vaccinationOverdue', 'invoiceUnpaid', 'patientBirthday'];
/** The triggers whose offset counts only in days, their items going at sendTime. */
export const DAY_TRIGGERS: readonly AutomationTrigger[] = ['vaccinationDue', 'vaccinationOverdue', 'invoiceUnpaid', 'patientBirthday'];
/** Triggers that may gather a client's pets into one household message ("your pets are due"). */
export const HOUSEHOLD_TRIGGERS: readonly AutomationTrigger[] = ['vaccinationDue', 'vaccinationOverdue'];

export const AUTOMATION_NAME_MAX = 120;
export const AUTOMATION_OFFSET_MAX = { minutes: 60 * 24 * 60, hours: 24 * 60, days: 366 } as const;

export const AUTOMATION_MESSAGES = {
  listError: 'Error getting Automations',
  created: 'Automation created',
  updated: 'Automation updated',
  deleted: 'Automation deleted',
  paused: 'Automation paused',
  resumed: 'Automation resumed',
  createError: 'Error creating automation',
  updateError: 'Error updating automation',
  deleteError: 'Error deleting automation',
  queueListError: 'Error getting queue items',
  /** SPEC §8 */
  triggerTaskError: 'Error triggering task',
  sendEmailError: 'Error sending email',
  sendSmsError: 'Error triggering SMS Automation. Please try again.',
  updateQueueItemError: 'Error updating queue item',
  emailSent: 'Email sent',
  smsSent: 'SMS sent',
  taskSent: 'Task sent',
  queueItemUpdated: 'Queue item updated',
  queueItemSkipped: 'Skipped',
  /** 400 on status: appointmentStatusChanged names the status it waits for */
  statusRequired: 'is required for a status change',
  /** 400 on sendTime: day-based triggers go at a time of day */
  sendTimeRequired: 'is required for this trigger (a time of day, HH:MM)',
  /** 400 on offsetUnit: day-based triggers count in days */
  daysOnly: 'must be days for this trigger',
  /** 400 on household: only vaccination reminders gather a household */
  householdNotForTrigger: 'only vaccination reminders can gather a household',
  /** 400 on emailTemplateId / smsTemplateId / task */
  templateRequired: 'is required',
  unknownTemplate: 'must be a template of this practice',
  unknownUser: 'must be a staff member of this practice',
  unknownRole: 'must be a role of this practice',
  personOrRole: 'a task is assigned to a person or to a role, not both',
  /** 409: a queue item that has gone (or was skipped or suppressed) cannot be sent, edited or skipped again */
  notPending: 'This item has already been sent, skipped or suppressed',
} as const;

/** Why an item did not go, checked when it was queued and again when it goes (SPEC: conditions at send time). */
export const SUPPRESSION_REASONS = {
  patientDied: 'The patient has died',
  allPatientsDied: 'Every pet it was about has died',
  clientOptedOut: 'The client replied STOP to texts',
  noEmail: 'The client has no email address',
  noPhone: 'The client has no phone number',
  clientArchived: 'The client is archived',
  appointmentCancelled: 'The appointment was cancelled',
  appointmentConfirmed: 'The appointment is already confirmed',
  appointmentMoved: 'The appointment was moved to another time',
  appointmentGone: 'The appointment no longer exists',
  statusChangedAgain: 'The appointment has moved on to another status',
  invoicePaid: 'The invoice has been paid',
  invoiceVoided: 'The invoice was voided',
  vaccinationGiven: 'The vaccination is no longer due',
  automationPaused: 'The automation is paused',
  automationDeleted: 'The automation was deleted',
  patientRecordGone: 'The patient no longer exists',
  editedPetDied: 'A pet named in the edited text has died since: edit it again',
} as const;

const hhmm = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day (HH:MM)');
const Named = z.object({ id: z.string(), name: z.string() });

/** What every kind of automation has. */
const AutomationBase = z.object({
  id: z.string(),
  name: z.string(),
  /** null: every location of the account */
  locationId: z.string().nullable(),
  location: Named.nullable(),
  active: z.boolean(),
  /** false: items go by themselves at their time; true: they wait in the queue for staff to send them */
  requiresApproval: z.boolean(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  /** appointmentStatusChanged: the status it waits for (each cremation status included) */
  status: z.enum(APPOINTMENT_STATUSES).nullable(),
  offset: z.number().int(),
  offsetUnit: z.enum(AUTOMATION_OFFSET_UNITS),
  /** HH:MM on the location's clock (day-based triggers, and events with a delay in days) */
  sendTime: z.string().nullable(),
  /** appointment triggers: only appointments with one of these services (empty: any) */
  serviceIds: z.array(z.string()),
  /** vaccination reminders: one message per client naming every pet due, not one per pet */
  household: z.boolean(),
  /**
   * meant for after a death (a sympathy card, aftercare follow-up): a deceased patient does not
   * silence it. Always true for patientDied.
   */
  forDeceased: z.boolean(),
  /** items waiting (for their time or for approval) */
  pendingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const AutomationInputBase = z.object({
  name: z.string().trim().min(1, 'is required').max(AUTOMATION_NAME_MAX, `must be at most ${AUTOMATION_NAME_MAX} characters`),
  locationId: idField().nullable().default(null),
  active: z.boolean().default(true),
  requiresApproval: z.boolean().default(false),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  status: z.enum(APPOINTMENT_STATUSES).nullable().default(null),
  offset: z.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(AUTOMATION_OFFSET_MAX.minutes).default(0),
  offsetUnit: z.enum(AUTOMATION_OFFSET_UNITS).default('days'),
  sendTime: hhmm().nullable().default(null),
  serviceIds: z.array(idField()).max(100).default([]),
  household: z.boolean().default(false),
  forDeceased: z.boolean().default(false),
});

export const EmailAutomation = AutomationBase.extend({ emailTemplateId: z.string(), emailTemplate: Named.nullable() });
export type EmailAutomation = z.infer<typeof EmailAutomation>;
export const SmsAutomation = AutomationBase.extend({ smsTemplateId: z.string(), smsTemplate: Named.nullable() });
export type SmsAutomation = z.infer<typeof SmsAutomation>;
export const TaskAutomation = AutomationBase.extend({
  taskTitle: z.string(),
  taskNotes: z.string().nullable(),
  taskPriority: z.enum(TASK_PRIORITIES),
  /** the task is due this many days after it is made (0: the same day, at the location's end of day) */
  taskDueInDays: z.number().int(),
  assignedToId: z.string().nullable(),
  assignedTo: Named.nullable(),
  assignedRoleId: z.string().nullable(),
  assignedRole: Named.nullable(),
});
export type TaskAutomation = z.infer<typeof TaskAutomation>;

export const EmailAutomationInput = AutomationInputBase.extend({ emailTemplateId: idField() });
export type EmailAutomationInput = z.input<typeof EmailAutomationInput>;
export const SmsAutomationInput = AutomationInputBase.extend({ smsTemplateId: idField() });
export type SmsAutomationInput = z.input<typeof SmsAutomationInput>;
export const TaskAutomationInput = AutomationInputBase.extend({
  taskTitle: z.string().trim().min(1, 'is required').max(TASK_TITLE_MAX, `must be at most ${TASK_TITLE_MAX} characters`),
  taskNotes: optionalText(TASK_NOTES_MAX).default(null),
  taskPriority: z.enum(TASK_PRIORITIES).default('normal'),
  taskDueInDays: z.number().int().min(0, 'must be 0 or more').max(365, 'must be at most 365').default(0),
  assignedToId: idField().nullable().default(null),
  assignedRoleId: idField().nullable().default(null),
});
export type TaskAutomationInput = z.input<typeof TaskAutomationInput>;

export const AutomationListQuery = PageQuery.extend({
  /** automations of this location and those of every location */
  locationId: idField().optional(),
  trigger: z.enum(AUTOMATION_TRIGGERS).optional(),
});
export type AutomationListQuery = z.input<typeof AutomationListQuery>;

// Read by every staff member (the queues are the front desk's); made and changed by those who manage
// the practice's locations, like the templates they send.
const automationCrud = <N extends string, E extends z.ZodType, I extends z.ZodObject>(path: string, noun: string, wrapper: N, entity: E, input: I) =>
  crudOperations({
    path,
    tag: 'automations',
    noun,
    entity,
    read: authenticated,
    write: anyOf('locations.manage'),
    wrapper,
    list: { query: AutomationListQuery, paged: true, summary: `A page of ${noun}s, by name (a location's own and every location's)` },
    get: {},
    create: { input },
    update: { input: patchOf(input) },
    remove: { summary: `Delete an ${noun}: its waiting items are suppressed; what it sent stays in the history` },
  });

export const emailAutomationOps = automationCrud('/api/emailAutomation', 'email automation', 'emailAutomationData', EmailAutomation, EmailAutomationInput);
export const smsAutomationOps = automationCrud('/api/smsAutomation', 'SMS automation', 'smsAutomationData', SmsAutomation, SmsAutomationInput);
export const taskAutomationOps = automationCrud('/api/taskAutomation', 'task automation', 'taskAutomationData', TaskAutomation, TaskAutomationInput);

// ---- queue items ----

/**
 * - scheduled: goes by itself at `dueAt`
 * - pending: waits for staff approval (Send / Trigger), from `dueAt` on
 * - sent: gone (an email or text handed to the outbox, a task made)
 * - skipped: staff chose not to send it
 * - suppressed: a condition stopped it (`reason`), when queued or when it was to go
 * - failed: the send could not be made (`reason`)
 */
export const QUEUE_ITEM_STATUSES = ['scheduled', 'pending', 'sent', 'skipped', 'suppressed', 'failed'] as const;
export type QueueItemStatus = (typeof QUEUE_ITEM_STATUSES)[number];
export const QUEUE_ITEM_STATUS_LABELS: Record<QueueItemStatus, string> = {
  scheduled: 'Scheduled',
  pending: 'Awaiting approval',
  sent: 'Sent',
  skipped: 'Skipped',
  suppressed: 'Suppressed',
  failed: 'Failed',
};
/** The queue pages' views: what is still to go (scheduled and pending), or what is done. */
export const QUEUE_VIEWS = ['waiting', 'done', 'all'] as const;

const QueueItemBase = z.object({
  id: z.string(),
  automationId: z.string(),
  automation: Named,
  trigger: z.enum(AUTOMATION_TRIGGERS),
  locationId: z.string(),
  status: z.enum(QUEUE_ITEM_STATUSES),
  /** why it was suppressed or failed */
  reason: z.string().nullable(),
  /** when it goes (scheduled) or may be sent from (pending) */
  dueAt: z.string(),
  clientId: z.string().nullable(),
  client: Named.nullable(),
  /** the pets it is about (a household item names several; those who died since are left out) */
  patients: z.array(Named),
  appointmentId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  /** edited by staff before it went */
  edited: z.boolean(),
  sentAt: z.string().nullable(),
  sentBy: Named.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const EmailQueueItem = QueueItemBase.extend({ to: z.string().nullable(), subject: z.string(), body: z.string() });
export type EmailQueueItem = z.infer<typeof EmailQueueItem>;
export const SmsQueueItem = QueueItemBase.extend({ to: z.string().nullable(), body: z.string() });
export type SmsQueueItem = z.infer<typeof SmsQueueItem>;
export const TaskQueueItem = QueueItemBase.extend({
  title: z.string(),
  notes: z.string().nullable(),
  assignedTo: Named.nullable(),
  assignedRole: Named.nullable(),
  /** the task made when it was triggered */
  taskId: z.string().nullable(),
});
export type TaskQueueItem = z.infer<typeof TaskQueueItem>;

export const QueueItemListQuery = PageQuery.extend({
  locationId: idField().optional(),
  view: z.enum(QUEUE_VIEWS).default('waiting'),
  automationId: idField().optional(),
  clientId: idField().optional(),
});
export type QueueItemListQuery = z.input<typeof QueueItemListQuery>;

/** Edit before it goes, or skip (`skip: true`); an item that has gone answers 409. */
export const EmailQueueItemUpdate = z.object({
  subject: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters').optional(),
  body: z.string().trim().min(1, 'is required').max(20_000, 'must be at most 20000 characters').optional(),
  skip: z.literal(true).optional(),
});
export const SmsQueueItemUpdate = z.object({
  body: z.string().trim().min(1, 'is required').max(999, 'Message must be less than 1000 characters').optional(),
  skip: z.literal(true).optional(),
});
export const TaskQueueItemUpdate = z.object({
  title: z.string().trim().min(1, 'is required').max(TASK_TITLE_MAX, `must be at most ${TASK_TITLE_MAX} characters`).optional(),
  notes: optionalText(TASK_NOTES_MAX).optional(),
  skip: z.literal(true).optional(),
});

const queueCrud = <E extends z.ZodType, U extends z.ZodType>(path: string, noun: string, entity: E, update: U) =>
  crudOperations({
    path,
    tag: 'automations',
    noun,
    entity,
    read: authenticated,
    write: authenticated,
    list: { query: QueueItemListQuery, paged: true, summary: `A page of ${noun}s: waiting ones soonest first, done ones latest first` },
    get: {},
    update: { input: update, summary: `Edit a waiting ${noun} before it goes, or skip it ({skip: true}); 409 once it has gone` },
  });

/** Send (trigger) a waiting item now; its conditions are checked again first. */
const goNow = <E extends z.ZodType>(path: string, action: 'send' | 'trigger', noun: string, entity: E) =>
  operation({
    method: 'POST',
    path: `${path}/{id}/${action}`,
    access: authenticated,
    tag: 'automations',
    summary: `${action === 'send' ? 'Send' : 'Trigger'} a waiting ${noun} now: its conditions are checked again (a reason found answers 409 with it, and the item is suppressed)`,
    params: IdParams,
    response: entity,
  });

export const emailQueueItemOps = {
  ...queueCrud('/api/emailAutomationQueueItem', 'pending email', EmailQueueItem, EmailQueueItemUpdate),
  send: goNow('/api/emailAutomationQueueItem', 'send', 'pending email', EmailQueueItem),
};
export const smsQueueItemOps = {
  ...queueCrud('/api/smsAutomationQueueItem', 'pending text', SmsQueueItem, SmsQueueItemUpdate),
  send: goNow('/api/smsAutomationQueueItem', 'send', 'pending text', SmsQueueItem),
};
export const taskQueueItemOps = {
  ...queueCrud('/api/taskAutomationQueueItem', 'pending task', TaskQueueItem, TaskQueueItemUpdate),
  trigger: goNow('/api/taskAutomationQueueItem', 'trigger', 'pending task', TaskQueueItem),
};

/** The menu's counts: items awaiting approval per kind (at a location when given). */
export const countPendingQueueItems = operation({
  method: 'GET',
  path: '/api/automationQueue/count',
  access: authenticated,
  tag: 'automations',
  summary: 'How many items of each kind await staff approval (at a location when given)',
  query: z.object({ locationId: idField().optional() }),
  response: z.object({ email: z.number().int(), sms: z.number().int(), task: z.number().int() }),
});
