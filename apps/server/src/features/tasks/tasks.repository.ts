import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TaskStatus } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { idIn, tenantRepository, type ListOptions, type RowWith, type Scope } from '../../platform/tenant-repository.js';
import { appointments, appointmentsRepository } from '../appointments/index.js';
import { clients, clientsRepository } from '../clients/index.js';
import { invoices, invoicesRepository } from '../invoices/index.js';
import { patients, patientsRepository } from '../patients/index.js';
import { roles, rolesRepository } from '../roles/index.js';
import { services, servicesRepository } from '../services/index.js';
import { usersRepository } from '../users/index.js';
import { tasks } from './tasks.table.js';

const base = tenantRepository(tasks);
export type TaskRow = typeof tasks.$inferSelect;

/**
 * What a task answer shows beside its row (names of whom and what it names, the appointment's time
 * and services, the invoice's number), read in the row's own statement: a page of tasks is one
 * statement, however many records it names.
 */
export const taskExtras = (scope: Scope) => ({
  assignedToName: usersRepository.fullNameFor(scope, tasks, tasks.assignedToId),
  completedByName: usersRepository.fullNameFor(scope, tasks, tasks.completedById),
  createdByName: usersRepository.fullNameFor(scope, tasks, tasks.createdById),
  assignedRoleName: rolesRepository.valueFor<string | null>(scope, tasks, roles.name, eq(roles.id, tasks.assignedRoleId)),
  clientName: clientsRepository.valueFor<string | null>(scope, tasks, sql`${clients.firstName} || ' ' || ${clients.lastName}`, eq(clients.id, tasks.clientId)),
  patientName: patientsRepository.valueFor<string | null>(scope, tasks, patients.name, eq(patients.id, tasks.patientId)),
  appointmentStartAt: appointmentsRepository
    .valueFor<Date | null>(scope, tasks, appointments.startAt, eq(appointments.id, tasks.appointmentId))
    .mapWith(appointments.startAt),
  // the appointment's services by name: both subqueries correlated to the task's account, asked
  // only of a task naming an appointment (the services' scan would run for every row otherwise)
  appointmentServices: sql<string | null>`case when ${tasks.appointmentId} is null then null else ${servicesRepository.valueFor<string | null>(scope, tasks,
    sql`string_agg(${services.name}, ', ' order by ${services.name})`,
    sql`${services.id} = any(${appointmentsRepository.valueFor(scope, tasks, appointments.serviceIds, eq(appointments.id, tasks.appointmentId))}::uuid[])`,
  )} end`,
  invoiceKind: invoicesRepository.valueFor<string | null>(scope, tasks, invoices.kind, eq(invoices.id, tasks.invoiceId)),
  invoiceNumber: invoicesRepository.valueFor<number | null>(scope, tasks, invoices.number, eq(invoices.id, tasks.invoiceId)),
});
export type TaskExtras = ReturnType<typeof taskExtras>;
export type TaskRowWithNames = RowWith<typeof tasks, TaskExtras>;

/** Who asks for "mine": the person, and the account roles they hold. */
export interface Me {
  userId: string;
  roleIds: readonly string[];
}

export interface TaskFilters {
  locationId?: string | undefined;
  mine?: boolean | undefined;
  assignedToId?: string | undefined;
  assignedRoleId?: string | undefined;
  unassigned?: boolean | undefined;
  status: TaskStatus;
  dueBefore?: string | undefined;
  clientId?: string | undefined;
  patientId?: string | undefined;
  appointmentId?: string | undefined;
  invoiceId?: string | undefined;
}

/** Open: neither completed nor deleted (SPEC §3); the partial indexes hold exactly these rows. */
const open = and(isNull(tasks.completedAt), isNull(tasks.deletedAt))!;

/** Assigned to me, or to a role I hold. */
const mineWhere = (me: Me): SQL => or(eq(tasks.assignedToId, me.userId), me.roleIds.length ? idIn(tasks.assignedRoleId, me.roleIds) : undefined)!;

const STATUS_WHERE: Record<TaskStatus, SQL> = {
  open,
  completed: and(isNotNull(tasks.completedAt), isNull(tasks.deletedAt))!,
  all: isNull(tasks.deletedAt),
};

/** High first among tasks due at the same time. */
const priorityRank = sql`case ${tasks.priority} when 'high' then 0 when 'normal' then 1 else 2 end`;
/**
 * Open: by due time, so the overdue come first (their due time has passed), then the rest, those
 * without a due date last. Completed: newest completion first. All: open ones first, then completed.
 */
const STATUS_ORDER: Record<TaskStatus, SQL[]> = {
  open: [sql`${tasks.dueAt} asc nulls last`, asc(priorityRank), asc(tasks.createdAt), asc(tasks.id)],
  completed: [desc(tasks.completedAt), desc(tasks.id)],
  all: [sql`${tasks.completedAt} desc nulls first`, sql`${tasks.dueAt} asc nulls last`, asc(priorityRank), asc(tasks.createdAt), asc(tasks.id)],
};

export const tasksRepository = {
  ...base,

  listOptions(f: TaskFilters, me: Me): ListOptions {
    return {
      where: and(
        STATUS_WHERE[f.status],
        f.locationId ? eq(tasks.locationId, f.locationId) : undefined,
        f.mine ? mineWhere(me) : undefined,
        f.assignedToId ? eq(tasks.assignedToId, f.assignedToId) : undefined,
        f.assignedRoleId ? eq(tasks.assignedRoleId, f.assignedRoleId) : undefined,
        f.unassigned ? and(isNull(tasks.assignedToId), isNull(tasks.assignedRoleId)) : undefined,
        f.dueBefore ? lt(tasks.dueAt, new Date(f.dueBefore)) : undefined,
        f.clientId ? eq(tasks.clientId, f.clientId) : undefined,
        f.patientId ? eq(tasks.patientId, f.patientId) : undefined,
        f.appointmentId ? eq(tasks.appointmentId, f.appointmentId) : undefined,
        f.invoiceId ? eq(tasks.invoiceId, f.invoiceId) : undefined,
      ),
      orderBy: STATUS_ORDER[f.status],
    };
  },

  /** Rows by id with what their answers show beside them, in the ids' order. */
  async withNames(ex: Executor, scope: Scope, ids: readonly string[]): Promise<TaskRowWithNames[]> {
    if (ids.length === 0) return [];
    const rows = await base.list(ex, scope, { where: idIn(tasks.id, ids), extras: taskExtras(scope) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** The badge: my open tasks (mine and my roles'), at a location when given. */
  async countMineOpen(ex: Executor, scope: Scope, me: Me, locationId: string | undefined): Promise<number> {
    return base.count(ex, scope, and(open, mineWhere(me), locationId ? eq(tasks.locationId, locationId) : undefined));
  },
};
