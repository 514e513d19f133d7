import { useMemo, useState } from 'react';
import { Box, Button, Tab, Tabs } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { TASK_MESSAGES } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { DateInput, SelectInput } from '../../components/form-fields';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useServerPages } from '../../components/use-server-pages';
import { useSettings } from '../../lib/settings';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { ClientPicker } from '../clients/client-picker';
import { useLocationZone, useZoneOf } from '../locations/locations.api';
import { useWorkingLocation } from '../locations/use-working-location';
import { useAssigneeOptions } from './assignee-options';
import { taskColumns } from './task-columns';
import { isTaskView, NO_FILTERS, queryOfView, TASK_VIEW_LABELS, TASK_VIEWS } from './task-views';
import type { TaskFilters, TaskView } from './task-views';
import { useTasks } from './tasks.api';
import { useTaskActions } from './use-task-actions';

const EMPTY_TEXT: Record<TaskView, string> = {
  'my-tasks': 'Nothing to do: no open tasks for you or your roles',
  all: 'No tasks match',
  completed: 'No completed tasks',
};

/**
 * Tasks at the location chosen in the navigation (every location under All Locations, like the
 * menu's badge): My Tasks (/tasks/my-tasks: open, mine and my roles', overdue first and flagged),
 * All Tasks (/tasks/all, with filters) and Completed (/tasks/completed), as tabs.
 */
export default function TasksPage() {
  const { view } = useParams();
  const { locationId, locationName } = useSettings();
  const working = useWorkingLocation();
  const zone = useLocationZone(locationId);
  const { timezone } = useSettings();
  const zoneOf = useZoneOf();
  const current: TaskView = isTaskView(view) ? view : 'my-tasks';
  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  const setFilter = <K extends keyof TaskFilters>(key: K, value: TaskFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const pages = useServerPages(queryOfView(current, locationId, filters, zone ?? timezone));
  const tasks = useTasks(pages.query, pages.options);
  const { actions, dialogs } = useTaskActions();
  const assignees = useAssigneeOptions(null);
  useLoadingToast(tasks.isLoading, 'Loading Tasks...');
  useErrorToast(tasks.error, TASK_MESSAGES.listError);
  const showCompleted = current === 'completed' || (current === 'all' && filters.status === 'completed');
  const columns = useMemo(() => taskColumns(actions, { zoneOf, completed: showCompleted }), [actions, zoneOf, showCompleted]);

  if (!isTaskView(view)) return <Navigate to="/tasks/my-tasks" replace />;
  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle={locationName ?? 'All Locations'}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!working.locationId}
            onClick={() => working.locationId && actions.create({ locationId: working.locationId })}
          >
            New task
          </Button>
        }
      />
      <Tabs value={current} aria-label="Task views" sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        {TASK_VIEWS.map((v) => (
          <Tab key={v} value={v} label={TASK_VIEW_LABELS[v]} component={RouterLink} to={`/tasks/${v}`} />
        ))}
      </Tabs>
      {current === 'all' && (
        <Box
          sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
          role="group"
          aria-label="Task filters"
        >
          <SelectInput
            label="Assigned to"
            size="small"
            value={filters.assignee}
            onChange={(x) => setFilter('assignee', x)}
            options={[{ value: 'none', label: 'No one' }, ...assignees]}
            emptyLabel="Anyone"
          />
          <SelectInput
            label="Status"
            size="small"
            value={filters.status}
            onChange={(x) => setFilter('status', x as TaskFilters['status'])}
            options={[
              { value: 'open', label: 'Open' },
              { value: 'completed', label: 'Completed' },
            ]}
          />
          <DateInput label="Due before" size="small" value={filters.dueBefore} onValueChange={(x) => setFilter('dueBefore', x)} />
          <ClientPicker value={filters.clientId} onChange={(x) => setFilter('clientId', x)} helperText="" locationId={locationId} />
        </Box>
      )}
      <DataTable
        label={TASK_VIEW_LABELS[current]}
        rows={tasks.data?.items}
        columns={columns}
        loadError={loadErrorOf(tasks)}
        loading={tasks.isFetching}
        noRowsLabel={EMPTY_TEXT[current]}
        server={pages.table(tasks.data?.total)}
        isRowFlagged={(t) => t.overdue}
      />
      {dialogs}
    </>
  );
}
