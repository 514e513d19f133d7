import { useMemo } from 'react';
import { TASK_MESSAGES } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useErrorToast } from '../../lib/toasts';
import { useZoneOf } from '../locations/locations.api';
import { useServerPages } from '../../components/use-server-pages';
import { taskColumns } from './task-columns';
import { useTasks } from './tasks.api';
import { useTaskActions } from './use-task-actions';

/** A record's open tasks (a client's, a patient's); the page's header has Add task. */
function RecordTasks({ label, filter }: { label: string; filter: { clientId: string } | { patientId: string } }) {
  const pages = useServerPages({ ...filter, status: 'open' as const });
  const tasks = useTasks(pages.query, pages.options);
  const { actions, dialogs } = useTaskActions();
  const zoneOf = useZoneOf();
  useErrorToast(tasks.error, TASK_MESSAGES.listError);
  const columns = useMemo(() => taskColumns(actions, { zoneOf, withAbout: false }), [actions, zoneOf]);
  return (
    <>
      <DataTable
        label={label}
        rows={tasks.data?.items}
        columns={columns}
        loadError={loadErrorOf(tasks)}
        loading={tasks.isFetching}
        noRowsLabel="No open tasks"
        server={pages.table(tasks.data?.total)}
        isRowFlagged={(t) => t.overdue}
      />
      {dialogs}
    </>
  );
}

/** The client page's Tasks tab. */
export function ClientTasksTab({ clientId }: { clientId: string }) {
  return <RecordTasks label="Open tasks of this client" filter={{ clientId }} />;
}

/** The patient page's Tasks tab. */
export function PatientTasksTab({ patientId }: { patientId: string; clientId: string }) {
  return <RecordTasks label="Open tasks of this patient" filter={{ patientId }} />;
}
