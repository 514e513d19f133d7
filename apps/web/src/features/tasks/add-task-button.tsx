import { Button } from '@mui/material';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { useTaskActions } from './use-task-actions';
import type { TaskSubject } from './use-task-actions';

/**
 * "Add task" on a client's or patient's page or in an appointment: the task dialog opens with
 * "Call back <client>" due tomorrow 10:00 in the location's zone, given to me and linked to the
 * record, so Save is the second click (decision 0200).
 */
export function AddTaskButton({ subject, size }: { subject: TaskSubject | null; size?: 'small' | 'medium' }) {
  const { actions, dialogs } = useTaskActions();
  return (
    <>
      <Button startIcon={<AddTaskIcon />} size={size} disabled={!subject} onClick={() => subject && actions.quick(subject)}>
        Add task
      </Button>
      {dialogs}
    </>
  );
}
