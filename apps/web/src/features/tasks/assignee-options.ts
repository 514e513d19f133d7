import { useMemo } from 'react';
import type { Task } from '@willow/contracts';
import { useRoles } from '../roles/roles.api';
import { useStaff } from '../users/users.api';
import type { Option } from '../../components/form-fields';
import { assigneeOf } from './task-values';

/** Whatever is given to a person or a role: a task, or an automation that makes tasks. */
export type Assigned = Pick<Task, 'assignedToId' | 'assignedTo' | 'assignedRoleId' | 'assignedRole'>;

/**
 * Who a task may be given to: the account's active staff, then its roles, each one choice of the
 * "Assigned to" select ('user:<id>' / 'role:<id>'). A task's present assignee stays among them
 * even when no longer listed (a person since deactivated), so editing it does not blank the field.
 */
export function useAssigneeOptions(task: Assigned | null): Option[] {
  const staff = useStaff(null);
  const roles = useRoles();
  return useMemo(() => {
    const options = [
      ...(staff.data ?? []).map((s) => ({ value: assigneeOf(s.value, null), label: s.label })),
      ...(roles.data ?? []).map((r) => ({ value: assigneeOf(null, r.id), label: `Role: ${r.name}` })),
    ];
    const current = task && assigneeOf(task.assignedToId, task.assignedRoleId);
    const name = task?.assignedTo?.name ?? (task?.assignedRole ? `Role: ${task.assignedRole.name}` : undefined);
    if (current && name && (staff.data || roles.data) && !options.some((o) => o.value === current)) options.push({ value: current, label: name });
    return options;
  }, [staff.data, roles.data, task]);
}

/** The assignee of a task in words. */
export const assigneeName = (task: Pick<Task, 'assignedTo' | 'assignedRole'>): string =>
  task.assignedTo?.name ?? (task.assignedRole ? `${task.assignedRole.name} (role)` : 'No one');
