import { invoiceNumberLabel, TASK_MESSAGES, TaskInput, type InvoiceKind, type Task, type TaskListQuery, type TaskPriority, type TaskUpdate } from '@willow/contracts';
import type { z } from 'zod';
import { together, type Db, type Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus, DomainEvents } from '../../platform/domain-events.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { NewRow, RowPatch, Scope } from '../../platform/tenant-repository.js';
import { appointmentsRepository } from '../appointments/index.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { invoicesRepository } from '../invoices/index.js';
import { locationOwnership, locationsRepository } from '../locations/index.js';
import { patientsRepository } from '../patients/index.js';
import { rolesRepository } from '../roles/index.js';
import { usersRepository } from '../users/index.js';
import { taskExtras, tasksRepository, type Me, type TaskExtras, type TaskRow, type TaskRowWithNames } from './tasks.repository.js';
import type { tasks } from './tasks.table.js';

type Input = z.output<typeof TaskInput>;
type Update = z.output<typeof TaskUpdate>;
type Query = z.output<typeof TaskListQuery>;
/** What the kit's hooks get: the patch with who makes it (completedBy), the query with who asks (mine). */
type PatchIn = Update & { actorId: string };
type QueryIn = Query & { me: Me };

const named = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function toTask(r: TaskRowWithNames, now: number): Task {
  return {
    id: r.id,
    locationId: r.locationId,
    title: r.title,
    notes: r.notes,
    dueAt: r.dueAt?.toISOString() ?? null,
    priority: r.priority as TaskPriority,
    assignedToId: r.assignedToId,
    assignedTo: named(r.assignedToId, r.assignedToName),
    assignedRoleId: r.assignedRoleId,
    assignedRole: named(r.assignedRoleId, r.assignedRoleName),
    clientId: r.clientId,
    client: named(r.clientId, r.clientName),
    patientId: r.patientId,
    patient: named(r.patientId, r.patientName),
    appointmentId: r.appointmentId,
    appointment:
      r.appointmentId && r.appointmentStartAt ? { id: r.appointmentId, startAt: r.appointmentStartAt.toISOString(), label: r.appointmentServices ?? '' } : null,
    invoiceId: r.invoiceId,
    invoice: r.invoiceId && r.invoiceKind ? { id: r.invoiceId, label: invoiceNumberLabel(r.invoiceKind as InvoiceKind, r.invoiceNumber) } : null,
    completedAt: r.completedAt?.toISOString() ?? null,
    completedBy: named(r.completedById, r.completedByName),
    deletedAt: r.deletedAt?.toISOString() ?? null,
    createdBy: named(r.createdById, r.createdByName),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    overdue: !r.completedAt && !r.deletedAt && !!r.dueAt && r.dueAt.getTime() < now,
  };
}

async function toTasks(ex: Executor, scope: Scope, rows: TaskRow[]): Promise<Task[]> {
  const now = Date.now();
  return (await tasksRepository.withNames(ex, scope, rows.map((r) => r.id))).map((r) => toTask(r, now));
}

const meOf = (auth: AuthContext): Me => ({ userId: auth.userId, roleIds: auth.roles.filter((r) => r.kind === 'account').map((r) => r.id) });

type Assignee = { assignedToId: string | null; assignedRoleId: string | null };
/**
 * Whom a task is assigned to after a change: one of a person and a role, or no one. Naming one
 * without the other moves the task to it (a task of Dr Hall given to Front Desk is no longer hers).
 */
function assigneeAfter(input: Partial<Assignee>, existing: Assignee): Assignee {
  if (input.assignedToId && input.assignedRoleId) throw badRequest(`assignedRoleId: ${TASK_MESSAGES.personOrRole}`);
  if (input.assignedToId) return { assignedToId: input.assignedToId, assignedRoleId: input.assignedRoleId === undefined ? null : input.assignedRoleId };
  if (input.assignedRoleId) return { assignedToId: input.assignedToId === undefined ? null : input.assignedToId, assignedRoleId: input.assignedRoleId };
  return { assignedToId: input.assignedToId === undefined ? existing.assignedToId : input.assignedToId, assignedRoleId: input.assignedRoleId === undefined ? existing.assignedRoleId : input.assignedRoleId };
}

/** A new assignee must be an active staff member or a role of this account: 400 naming the field otherwise. */
async function checkAssignee(ex: Executor, scope: Scope, next: Assignee, before: Assignee | undefined): Promise<void> {
  const [user, role] = await together(ex, [
    () => (next.assignedToId && next.assignedToId !== before?.assignedToId ? usersRepository.findById(ex, scope, next.assignedToId) : Promise.resolve(null)),
    () => (next.assignedRoleId && next.assignedRoleId !== before?.assignedRoleId ? rolesRepository.findById(ex, scope, next.assignedRoleId) : Promise.resolve(null)),
  ] as const);
  if (user === undefined || user?.isActive === false) throw badRequest(`assignedToId: ${TASK_MESSAGES.unknownUser}`);
  if (role === undefined) throw badRequest(`assignedRoleId: ${TASK_MESSAGES.unknownRole}`);
}

type Links = { clientId: string | null; patientId: string | null; appointmentId: string | null; invoiceId: string | null };
const LINK_KEYS = ['clientId', 'patientId', 'appointmentId', 'invoiceId'] as const;

/**
 * What a task is about, checked: each record named must be of the account (another's is not found,
 * 404, like any id of theirs), and all of one client: the client is taken from the patient,
 * appointment or invoice when not named, and one of another client is refused (400 naming it).
 */
async function checkLinks(ex: Executor, scope: Scope, links: Links): Promise<Links> {
  const find = <R>(id: string | null, lookup: (id: string) => Promise<R | undefined>) => () => (id ? lookup(id) : Promise.resolve(null));
  const [client, patient, appointment, invoice] = await together(ex, [
    find(links.clientId, (id) => clientsRepository.findById(ex, scope, id)),
    find(links.patientId, (id) => patientsRepository.findById(ex, scope, id)),
    find(links.appointmentId, (id) => appointmentsRepository.findById(ex, scope, id)),
    find(links.invoiceId, (id) => invoicesRepository.findById(ex, scope, id)),
  ] as const);
  if (client === undefined || patient === undefined || appointment === undefined || invoice === undefined) throw notFound();
  const clientId = links.clientId ?? patient?.clientId ?? appointment?.clientId ?? invoice?.clientId ?? null;
  if (patient && patient.clientId !== clientId) throw badRequest(`patientId: ${TASK_MESSAGES.patientOfOtherClient}`);
  if (appointment && appointment.clientId !== clientId) throw badRequest('appointmentId: must be an appointment of the client the task names');
  if (invoice && invoice.clientId !== clientId) throw badRequest('invoiceId: must be an invoice of the client the task names');
  return { clientId, patientId: links.patientId, appointmentId: links.appointmentId, invoiceId: links.invoiceId };
}

/** What the live channel and the features to come (automations) hear of a task's change. */
function changeOf(before: TaskRow | undefined, after: TaskRow): DomainEvents['task.changed']['change'] | undefined {
  if (!before) return 'created';
  if (!before.deletedAt && after.deletedAt) return 'deleted';
  if (!before.completedAt && after.completedAt) return 'completed';
  if (before.completedAt && !after.completedAt) return 'reopened';
  return before.updatedAt.getTime() === after.updatedAt.getTime() ? undefined : 'updated';
}

/**
 * Tasks (SPEC §3, §4, §7) on the CRUD kit: a paged list (mine = assigned to me or to a role I hold),
 * soft delete (deletedAt; any update clears it), completion by a patch (`completed`), each change
 * published as 'task.changed' in its transaction (the pages' lists and badge hear of it live).
 */
export class TasksService extends TenantCrudService<typeof tasks, Task, Input, PatchIn, QueryIn, Task, never, TaskExtras> {
  constructor(
    db: Db,
    audit: AuditService,
    private readonly events: DomainEventBus,
  ) {
    super(db, audit, {
      entityType: 'task',
      repository: tasksRepository,
      toEntities: toTasks,
      paged: true,
      listExtras: taskExtras,
      toListItems: async (_ex, _scope, rows) => {
        const now = Date.now();
        return rows.map((r) => toTask(r, now));
      },
      listOptions: (q) => tasksRepository.listOptions(q, q.me),
      listFilters: (q) => [
        [usersRepository, q.assignedToId],
        [rolesRepository, q.assignedRoleId],
        [clientsRepository, q.clientId],
        [patientsRepository, q.patientId],
        [appointmentsRepository, q.appointmentId],
        [invoicesRepository, q.invoiceId],
      ],
      location: locationOwnership,
      prepareCreate: async (ex, caller, input): Promise<NewRow<typeof tasks>> => {
        const assignee = assigneeAfter(input, { assignedToId: null, assignedRoleId: null });
        await checkAssignee(ex, caller, assignee, undefined);
        const links = await checkLinks(ex, caller, input);
        return {
          locationId: input.locationId,
          title: input.title,
          notes: input.notes,
          dueAt: input.dueAt ? new Date(input.dueAt) : null,
          priority: input.priority,
          ...assignee,
          ...links,
          createdById: caller.userId,
        };
      },
      preparePatch: async (ex, scope, input, existing) => {
        const patch: RowPatch<typeof tasks> = { deletedAt: null };
        if (input.locationId !== undefined) patch.locationId = input.locationId;
        if (input.title !== undefined) patch.title = input.title;
        if (input.notes !== undefined) patch.notes = input.notes;
        if (input.dueAt !== undefined) patch.dueAt = input.dueAt ? new Date(input.dueAt) : null;
        if (input.priority !== undefined) patch.priority = input.priority;
        if (input.assignedToId !== undefined || input.assignedRoleId !== undefined) {
          const assignee = assigneeAfter(input, existing);
          await checkAssignee(ex, scope, assignee, existing);
          Object.assign(patch, assignee);
        }
        if (LINK_KEYS.some((k) => input[k] !== undefined)) {
          const merged = Object.fromEntries(LINK_KEYS.map((k) => [k, input[k] === undefined ? existing[k] : input[k]])) as Links;
          Object.assign(patch, await checkLinks(ex, scope, merged));
        }
        // Completing a completed task keeps who completed it and when.
        if (input.completed === true && !existing.completedAt) Object.assign(patch, { completedAt: new Date(), completedById: input.actorId });
        if (input.completed === false) Object.assign(patch, { completedAt: null, completedById: null });
        return patch;
      },
      afterUpdate: (tx, auth, before, after) => this.announce(tx, auth, before, after),
    });
  }

  override list(auth: AuthContext, query: Query) {
    return super.list(auth, { ...query, me: meOf(auth) }) as Promise<{ items: Task[]; total: number }>;
  }

  override create(caller: Caller, input: Input): Promise<Task> {
    return this.write((tx) => this.createWithin(tx, caller, input));
  }

  /**
   * A task made inside a transaction the caller holds (an automation's item and its task commit
   * together), with the same checks and announcement as a create; `caller.userId` null: made by
   * the practice itself.
   */
  async createWithin(tx: Executor, caller: Caller, input: z.input<typeof TaskInput>): Promise<Task> {
    const task = await this.createIn(tx, caller, TaskInput.parse(input));
    await this.events.publish(tx, caller, 'task.changed', {
      taskId: task.id,
      locationId: task.locationId,
      assignedToId: task.assignedToId,
      assignedRoleId: task.assignedRoleId,
      change: 'created',
    });
    return task;
  }

  override update(auth: AuthContext, id: string, input: Update): Promise<Task> {
    return super.update(auth, id, { ...input, actorId: auth.userId });
  }

  /** Deleting only sets deletedAt (an update brings the task back); deleting a deleted task changes nothing. */
  override async remove(auth: AuthContext, id: string): Promise<void> {
    await this.applyPatch(auth, id, async (_tx, existing) => (existing.deletedAt ? {} : { deletedAt: new Date() }));
  }

  /** The menu badge (SPEC §9): my open tasks, at a location of the account when given (another's: 404). */
  async countMine(auth: AuthContext, locationId: string | undefined): Promise<{ count: number }> {
    await assertFiltersVisible(this.db, auth, [[locationsRepository, locationId]]);
    return { count: await tasksRepository.countMineOpen(this.db, auth, meOf(auth), locationId) };
  }

  private async announce(tx: Executor, caller: Caller, before: TaskRow, after: TaskRow): Promise<void> {
    const change = changeOf(before, after);
    if (!change) return;
    await this.events.publish(tx, caller, 'task.changed', {
      taskId: after.id,
      locationId: after.locationId,
      assignedToId: after.assignedToId,
      assignedRoleId: after.assignedRoleId,
      change,
    });
  }
}
