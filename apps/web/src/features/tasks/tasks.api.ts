import { useQuery } from '@tanstack/react-query';
import { countMyOpenTasks, taskOps } from '@willow/contracts';
import type { OpQuery, TaskInput, TaskUpdate } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import type { ListOptions } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { auditKeys, taskKeys } from '../../lib/query-keys';
import { useSettings } from '../../lib/settings';
import { usePollWhileLiveClosed } from '../../app/live-changes';

/*
 * Tasks: every list (My Tasks, All, Completed, a record's open tasks) and the badge's count sit
 * under taskKeys.all, so a change made here, or one the 'task' live topic reports from another
 * screen, refreshes them all. The kit keeps their history, hence the audit group.
 */
const taskHooks = crudHooks({ ops: taskOps, keys: taskKeys, invalidates: [taskKeys.all, auditKeys.all] });

export type TaskListQuery = OpQuery<typeof taskOps.list>;

export function useTasks(query: TaskListQuery, options?: ListOptions<typeof taskOps>) {
  return taskHooks.useList(query, options);
}

export const { useCreate: useCreateTaskBody, useUpdate: useUpdateTaskBody, useRemove: useDeleteTask } = taskHooks;

/** The body's `{taskData}` wrapper put on and taken off in one place: the dialog and the rows send the fields alone. */
export function useCreateTask() {
  const m = useCreateTaskBody();
  return {
    isPending: m.isPending,
    mutate: (data: TaskInput, options: Parameters<typeof m.mutate>[1]) => m.mutate({ taskData: data }, options),
    mutateAsync: (data: TaskInput) => m.mutateAsync({ taskData: data }),
  };
}

export function useUpdateTask() {
  const m = useUpdateTaskBody();
  return {
    isPending: m.isPending,
    mutate: ({ id, data }: { id: string; data: TaskUpdate }, options: Parameters<typeof m.mutate>[1]) => m.mutate({ id, data: { taskData: data } }, options),
    mutateAsync: ({ id, data }: { id: string; data: TaskUpdate }) => m.mutateAsync({ id, data: { taskData: data } }),
  };
}

/** The navigation badge (SPEC §9): my open tasks (mine and my roles') at the location chosen in the navigation, all under All Locations. */
/** How often the badge asks while the live stream is closed (the SMS badge's pace). */
export const TASK_BADGE_POLL_MS = 10_000;

export function useMyOpenTaskCount(): number | undefined {
  const { locationId } = useSettings();
  return useQuery({
    queryKey: taskKeys.myOpenCount(locationId),
    queryFn: ({ signal }) => api(countMyOpenTasks, { query: { locationId: locationId ?? undefined }, signal }),
    select: (answer) => answer.count,
    // the 'task' live topic keeps it fresh; while the stream is closed it asks every 10 s
    refetchInterval: usePollWhileLiveClosed(TASK_BADGE_POLL_MS),
  }).data;
}
