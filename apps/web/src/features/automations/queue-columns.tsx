import { Box, Chip, Link, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { foldedColumn } from '../../components/data-table';
import { Link as RouterLink } from 'react-router';
import { QUEUE_ITEM_STATUS_LABELS } from '@willow/contracts';
import type { AutomationKind } from '@willow/contracts';
import { formatInZone } from '../appointments/appointment-times';
import type { AnyQueueItem } from './automations.api';
import { GO_NOW, isWaiting } from './use-queue-actions';
import type { QueueActions } from './use-queue-actions';

const CHIP_COLOURS = {
  pending: 'warning',
  scheduled: 'info',
  sent: 'success',
  skipped: 'default',
  suppressed: 'error',
  failed: 'error',
} as const satisfies Record<AnyQueueItem['status'], string>;

/** What the item is, in a line: an email's subject, a text's words, a task's title. */
export function gistOf(item: AnyQueueItem): string {
  if ('subject' in item) return item.subject;
  if ('title' in item) return item.title;
  return item.body;
}

export const petsOf = (item: AnyQueueItem) => item.patients.map((p) => p.name).join(', ');

/** When it goes (waiting) or went (done), on its location's clock. */
export function whenOf(item: AnyQueueItem, zoneOf: (locationId: string) => string): string {
  const at = isWaiting(item) ? item.dueAt : (item.sentAt ?? item.updatedAt);
  return formatInZone(at, zoneOf(item.locationId));
}

/** The state in words, with why it did not go and who sent it. */
export function StatusCell({ item }: { item: AnyQueueItem }) {
  const why = item.reason && (item.status === 'suppressed' || item.status === 'failed') ? item.reason : null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, minWidth: 0, whiteSpace: 'normal' }}>
      <Chip size="small" variant={item.status === 'scheduled' ? 'outlined' : 'filled'} color={CHIP_COLOURS[item.status]} label={QUEUE_ITEM_STATUS_LABELS[item.status]} />
      {item.edited && isWaiting(item) && <Chip size="small" variant="outlined" label="Edited" />}
      {why && (
        <Typography variant="body2" component="span" sx={{ color: 'error.dark' }}>
          {why}
        </Typography>
      )}
      {item.status === 'sent' && item.sentBy && (
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
          {`by ${item.sentBy.name}`}
        </Typography>
      )}
    </Box>
  );
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

function ClientCell({ item }: { item: AnyQueueItem }) {
  if (!item.client) return <span>{petsOf(item)}</span>;
  return (
    <span>
      <Link component={RouterLink} to={`/clients/${item.client.id}`} onClick={stop}>
        {item.client.name}
      </Link>
    </span>
  );
}

interface ColumnOptions {
  kind: AutomationKind;
  zoneOf: (locationId: string) => string;
  /** a phone: the facts fold into one column */
  phone: boolean;
  /** the item being sent now (its buttons wait) */
  sending: string | null;
}

/**
 * A queue's columns: when it goes (on its location's clock), the client, the pets, the automation,
 * what it says, its state (Awaiting approval, Scheduled, Suppressed and why), and for a waiting
 * one Edit, Send now (Trigger for a task) and Skip. On a phone they fold into one column.
 */
export function queueColumns(actions: QueueActions, { kind, zoneOf, phone, sending }: ColumnOptions): GridColDef<AnyQueueItem>[] {
  const rowActions: GridColDef<AnyQueueItem> = {
    field: 'actions',
    type: 'actions',
    width: phone ? 48 : 120,
    getActions: ({ row }) =>
      isWaiting(row)
        ? [
            // Icons alone on a wide screen: their names show on hover too (a phone's menu says them).
            <GridActionsCellItem key="edit" icon={<EditIcon />} label="Edit" title={phone ? undefined : 'Edit'} onClick={() => actions.edit(row)} showInMenu={phone} />,
            <GridActionsCellItem
              key="go"
              icon={<SendIcon />}
              label={GO_NOW[kind].label}
              title={phone ? undefined : GO_NOW[kind].label}
              disabled={sending === row.id}
              onClick={() => actions.goNow(row)}
              showInMenu={phone}
            />,
            <GridActionsCellItem key="skip" icon={<BlockIcon />} label="Skip" title={phone ? undefined : 'Skip'} onClick={() => actions.skip(row)} showInMenu={phone} />,
          ]
        : [],
  };
  if (phone)
    return [
      foldedColumn<AnyQueueItem>('item', kind === 'task' ? 'Task' : kind === 'sms' ? 'Text' : 'Email', (row) => (
        <>
          <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
            {whenOf(row, zoneOf)}
          </Typography>
          <Typography variant="body2" component="div">
            <ClientCell item={row} />
            {row.client && row.patients.length > 0 && ` · ${petsOf(row)}`}
          </Typography>
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
            {`${row.automation.name}: ${gistOf(row)}`}
          </Typography>
          <StatusCell item={row} />
        </>
      ), { breakWords: true }),
      rowActions,
    ];
  return [
    { field: 'dueAt', headerName: 'When', width: 210, valueGetter: (_v, row) => whenOf(row, zoneOf) },
    { field: 'client', headerName: 'Client', flex: 0.8, minWidth: 140, sortable: false, renderCell: ({ row }) => <ClientCell item={row} /> },
    { field: 'patients', headerName: 'Pets', flex: 0.6, minWidth: 110, sortable: false, valueGetter: (_v, row) => petsOf(row) },
    { field: 'automation', headerName: 'Automation', flex: 0.8, minWidth: 140, sortable: false, valueGetter: (_v, row) => row.automation.name },
    { field: 'gist', headerName: kind === 'email' ? 'Subject' : kind === 'sms' ? 'Message' : 'Task', flex: 1, minWidth: 160, sortable: false, valueGetter: (_v, row) => gistOf(row) },
    { field: 'status', headerName: 'Status', flex: 1, minWidth: 180, sortable: false, renderCell: ({ row }) => <StatusCell item={row} /> },
    rowActions,
  ];
}
