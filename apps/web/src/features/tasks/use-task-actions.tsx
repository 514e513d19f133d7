import { useCallback, useMemo, useState } from 'react';
import { TASK_MESSAGES } from '@willow/contracts';
import type { Task } from '@willow/contracts';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { notifyError, notifySuccess, notifyWithUndo } from '../../lib/toasts';
import { TaskFormDialog } from './task-form-dialog';
import type { TaskDraft, TaskSubject } from './task-values';
import { useDeleteTask, useUpdateTask } from './tasks.api';

export type { TaskSubject } from './task-values';

/**
 * Everything done to tasks from a list or a record's page: new (blank, or the quick "Call back
 * tomorrow 10:00" about a record), edit, complete in one click with Undo in its toast, reopen,
 * delete. Render `dialogs` once.
 */
export function useTaskActions() {
  const [form, setForm] = useState<{ task: Task | null; draft: TaskDraft | null; subject?: TaskSubject } | null>(null);
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const confirmDelete = useConfirmDelete<Task>({
    title: 'Delete task',
    message: (t) => `Delete the task "${t.title}"?`,
    run: (t) => remove.mutateAsync(t.id),
    success: TASK_MESSAGES.deleted,
    error: TASK_MESSAGES.deleteError,
  });
  const { mutateAsync } = update;
  const askDelete = confirmDelete.ask;

  const setCompleted = useCallback(
    (task: Task, completed: boolean) => mutateAsync({ id: task.id, data: { completed } }),
    [mutateAsync],
  );
  const reopen = useCallback(
    (task: Task) =>
      setCompleted(task, false).then(
        () => void notifySuccess(TASK_MESSAGES.reopened),
        (error: unknown) => notifyError(TASK_MESSAGES.updateError, error),
      ),
    [setCompleted],
  );
  const complete = useCallback(
    (task: Task) =>
      setCompleted(task, true).then(
        () => notifyWithUndo(TASK_MESSAGES.completed, task.title, () => void reopen(task), { id: TASK_MESSAGES.completed }),
        (error: unknown) => notifyError(TASK_MESSAGES.updateError, error),
      ),
    [setCompleted, reopen],
  );

  const actions = useMemo(
    () => ({
      create: (draft: TaskDraft) => setForm({ task: null, draft }),
      /** "Call back <client> tomorrow 10:00", mine, about the record (decision 0200): Save is the second click. */
      quick: (subject: TaskSubject) => setForm({ task: null, draft: null, subject }),
      edit: (task: Task) => setForm({ task, draft: null }),
      complete,
      reopen,
      remove: askDelete,
    }),
    [complete, reopen, askDelete],
  );
  const dialogs = (
    <>
      {/* Mounted only while open: a page's Add task costs no request until it is clicked. */}
      {form && <TaskFormDialog open task={form.task} draft={form.draft} subject={form.subject} onClose={() => setForm(null)} />}
      {confirmDelete.dialog}
    </>
  );
  return { actions, dialogs };
}

export type TaskActions = ReturnType<typeof useTaskActions>['actions'];
