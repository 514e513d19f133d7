import { startOfLocalDay } from '@willow/contracts';
import type { TaskListQuery } from './tasks.api';
import { assigneeIds } from './task-values';

/** The three screens of tasks (decision 0200), each its own path under /tasks. */
export const TASK_VIEWS = ['my-tasks', 'all', 'completed'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
export const TASK_VIEW_LABELS: Record<TaskView, string> = { 'my-tasks': 'My Tasks', all: 'All Tasks', completed: 'Completed' };

export const isTaskView = (view: string | undefined): view is TaskView => TASK_VIEWS.includes(view as TaskView);

/** The All Tasks filters as the page holds them ('' = any). */
export interface TaskFilters {
  /** 'user:<id>', 'role:<id>', 'none' (no one) or '' (anyone) */
  assignee: string;
  status: 'open' | 'completed';
  /** a local date in the zone: due before that day starts */
  dueBefore: string;
  clientId: string;
}

export const NO_FILTERS: TaskFilters = { assignee: '', status: 'open', dueBefore: '', clientId: '' };

/**
 * The list query of a view at a location (undefined: every location, as the badge under All
 * Locations). My Tasks is open tasks mine or my roles'; Completed every completed one; All Tasks
 * what its filters say. The server sorts: open ones overdue first, then by due time.
 */
export function queryOfView(view: TaskView, locationId: string | null, filters: TaskFilters, timeZone: string): Omit<TaskListQuery, 'limit' | 'offset'> {
  const at = locationId ? { locationId } : {};
  if (view === 'my-tasks') return { ...at, mine: 'true', status: 'open' };
  if (view === 'completed') return { ...at, status: 'completed' };
  const { assignedToId, assignedRoleId } = assigneeIds(filters.assignee);
  return {
    ...at,
    status: filters.status,
    ...(assignedToId && { assignedToId }),
    ...(assignedRoleId && { assignedRoleId }),
    ...(filters.assignee === 'none' && { unassigned: 'true' }),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(filters.dueBefore) && { dueBefore: startOfLocalDay(filters.dueBefore, timeZone).toISOString() }),
    ...(filters.clientId && { clientId: filters.clientId }),
  };
}
