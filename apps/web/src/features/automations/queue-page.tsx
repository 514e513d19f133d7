import { useMemo, useState } from 'react';
import { Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { AUTOMATION_MESSAGES } from '@willow/contracts';
import type { AutomationKind } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useServerPages } from '../../components/use-server-pages';
import { useSettings } from '../../lib/settings';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useZoneOf } from '../locations/locations.api';
import { useQueueItems } from './automations.api';
import { queueColumns } from './queue-columns';
import { useQueueActions } from './use-queue-actions';

type View = 'waiting' | 'done';
const TITLES: Record<AutomationKind, string> = { email: 'Pending Emails', sms: 'Pending Texts', task: 'Pending Tasks' };
const NOUNS: Record<AutomationKind, string> = { email: 'emails', sms: 'texts', task: 'tasks' };

/**
 * One kind's queue at the location chosen in the navigation (every location under All
 * Locations): Waiting (scheduled to go by themselves, or awaiting approval; soonest first) and
 * Done (sent, skipped, suppressed or failed, with why; latest first). Every staff member may act
 * on a waiting item: the queues are the front desk's.
 */
export function QueuePage({ kind }: { kind: AutomationKind }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { locationId, locationName } = useSettings();
  const zoneOf = useZoneOf();
  const [view, setView] = useState<View>('waiting');
  const pages = useServerPages({ view, ...(locationId && { locationId }) });
  const items = useQueueItems(kind, pages.query, pages.options);
  const { actions, dialogs, sending } = useQueueActions(kind);
  useLoadingToast(items.isLoading, `Loading ${TITLES[kind]}...`);
  useErrorToast(items.error, AUTOMATION_MESSAGES.queueListError);
  const columns = useMemo(() => queueColumns(actions, { kind, zoneOf, phone, sending }), [actions, kind, zoneOf, phone, sending]);
  const label = `${view === 'waiting' ? 'Waiting' : 'Done'} ${NOUNS[kind]}`;
  return (
    <>
      <PageHeader title={TITLES[kind]} subtitle={locationName ?? 'All Locations'} />
      <Tabs value={view} onChange={(_e, next: View) => setView(next)} aria-label={`${TITLES[kind]} views`} sx={{ mb: 2 }}>
        <Tab value="waiting" label="Waiting" />
        <Tab value="done" label="Done" />
      </Tabs>
      <DataTable
        label={label}
        rows={items.data?.items}
        columns={columns}
        loadError={loadErrorOf(items)}
        loading={items.isFetching}
        noRowsLabel={view === 'waiting' ? `No ${NOUNS[kind]} waiting` : `No ${NOUNS[kind]} done yet`}
        server={pages.table(items.data?.total)}
        isRowFlagged={(row) => row.status === 'suppressed' || row.status === 'failed'}
        autoRowHeight
      />
      {dialogs}
    </>
  );
}

export const EmailQueuePage = () => <QueuePage kind="email" />;
export const SmsQueuePage = () => <QueuePage kind="sms" />;
export const TaskQueuePage = () => <QueuePage kind="task" />;
