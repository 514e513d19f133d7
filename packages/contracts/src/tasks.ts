import { z } from 'zod';
import { authenticated, operation } from './operation.js';
import { crudOperations } from './crud.js';
import { idField, instantField, optionalText, PageQuery, patchOf, queryBoolean } from './rules.js';

/**
 * Tasks (SPEC §3 "Task", §4, §7 "Tasks"): the practice's small promises (call the family back,
 * order the urn, chase the lab), each at a location, assigned to a person or to a role (everyone
 * holding it sees it) or to no one, and linked to what it is about. Open = not deleted and not
 * completed. Deleting only sets deletedAt; any update clears it again (SPEC §4).
 */
export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

/** The list's views: open (the default), completed, or both (deleted tasks are in none). */
export const TASK_STATUSES = ['open', 'completed', 'all'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_TITLE_MAX = 200;
export const TASK_NOTES_MAX = 2_000;

export const TASK_MESSAGES = {
  listError: 'Error getting Tasks',
  created: 'Task created',
  updated: 'Task updated',
  deleted: 'Task deleted',
  completed: 'Task completed',
  reopened: 'Task reopened',
  createError: 'Error creating task',
  updateError: 'Error updating task',
  deleteError: 'Error deleting task',
  /** 400 on assignedRoleId: a task is someone's or a role's, never both */
  personOrRole: 'a task is assigned to a person or to a role, not both',
  /** 400 on assignedToId / assignedRoleId: the assignee must be of the account (and active) */
  unknownUser: 'must be a staff member of this practice',
  unknownRole: 'must be a role of this practice',
  /** 400 on patientId: the patient must be the linked client's */
  patientOfOtherClient: 'must be a patient of the client the task names',
} as const;

const Named = z.object({ id: z.string(), name: z.string() });

export const Task = z.object({
  id: z.string(),
  locationId: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  /** an instant (UTC 'Z'); shown and entered in the location's time zone (zoned-time.ts) */
  dueAt: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  /** a person (a user of the account), or null */
  assignedToId: z.string().nullable(),
  assignedTo: Named.nullable(),
  /** a role: everyone holding it sees the task among theirs; null when a person or no one has it */
  assignedRoleId: z.string().nullable(),
  assignedRole: Named.nullable(),
  clientId: z.string().nullable(),
  client: Named.nullable(),
  patientId: z.string().nullable(),
  patient: Named.nullable(),
  appointmentId: z.string().nullable(),
  /** startAt: the appointment's start (an instant); label: its services' names */
  appointment: z.object({ id: z.string(), startAt: z.string(), label: z.string() }).nullable(),
  invoiceId: z.string().nullable(),
  /** label: INV-000042, or 'Draft' (invoiceNumberLabel) */
  invoice: z.object({ id: z.string(), label: z.string() }).nullable(),
  completedAt: z.string().nullable(),
  completedBy: Named.nullable(),
  deletedAt: z.string().nullable(),
  createdBy: Named.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** open, with its due time passed when the answer was written */
  overdue: z.boolean(),
});
export type Task = z.infer<typeof Task>;

export const TaskInput = z.object({
  locationId: idField(),
  title: z.string().trim().min(1, 'is required').max(TASK_TITLE_MAX, `must be at most ${TASK_TITLE_MAX} characters`),
  notes: optionalText(TASK_NOTES_MAX).default(null),
  dueAt: instantField().nullable().default(null),
  priority: z.enum(TASK_PRIORITIES).default('normal'),
  assignedToId: idField().nullable().default(null),
  assignedRoleId: idField().nullable().default(null),
  clientId: idField().nullable().default(null),
  patientId: idField().nullable().default(null),
  appointmentId: idField().nullable().default(null),
  invoiceId: idField().nullable().default(null),
});
export type TaskInput = z.input<typeof TaskInput>;

/**
 * A patch: the fields sent change, the rest stay. `completed` true completes it (now, by the
 * caller; an already completed task keeps its time and person), false opens it again. Every
 * update clears deletedAt (SPEC §4): saving a deleted task brings it back.
 * Naming a person (or a role) without the other moves the task to it: the other is cleared.
 * A linked patient, appointment or invoice names its client when clientId is not given.
 */
export const TaskUpdate = patchOf(TaskInput).extend({ completed: z.boolean().optional() });
export type TaskUpdate = z.input<typeof TaskUpdate>;

export const TaskListQuery = PageQuery.extend({
  locationId: idField().optional(),
  /** mine: assigned to me or to a role I hold */
  mine: queryBoolean().optional(),
  assignedToId: idField().optional(),
  assignedRoleId: idField().optional(),
  /** neither a person nor a role */
  unassigned: queryBoolean().optional(),
  status: z.enum(TASK_STATUSES).default('open'),
  /** due before this instant (tasks without a due date are left out) */
  dueBefore: instantField().optional(),
  clientId: idField().optional(),
  patientId: idField().optional(),
  appointmentId: idField().optional(),
  invoiceId: idField().optional(),
});
export type TaskListQuery = z.input<typeof TaskListQuery>;

export const taskOps = crudOperations({
  path: '/api/task',
  tag: 'tasks',
  noun: 'task',
  entity: Task,
  read: authenticated,
  write: authenticated,
  wrapper: 'taskData',
  list: {
    query: TaskListQuery,
    paged: true,
    summary:
      'A page of tasks: open ones overdue first, then by due time (none last); completed ones newest completion first; "all" open before completed',
  },
  get: {},
  create: { input: TaskInput },
  update: { input: TaskUpdate, summary: 'Change a task (a patch; `completed` completes or reopens it); clears deletedAt' },
  remove: { summary: 'Delete a task: sets deletedAt (the task is kept; an update brings it back)' },
});
export const { list: listTasks, get: getTask, create: createTask, update: updateTask, remove: deleteTask } = taskOps;

/** The menu badge (SPEC §9): my open tasks (mine and my roles'), at a location when one is given. */
export const countMyOpenTasks = operation({
  method: 'GET',
  path: '/api/task/count',
  access: authenticated,
  tag: 'tasks',
  summary: 'How many open tasks are assigned to me or to a role I hold (at a location when given)',
  query: z.object({ locationId: idField().optional() }),
  response: z.object({ count: z.number().int() }),
});
