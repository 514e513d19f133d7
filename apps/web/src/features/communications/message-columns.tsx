import { Chip, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { MESSAGE_PROVIDER_LABELS, MESSAGE_STATE_LABELS } from '@willow/contracts';
import type { Message, MessageState } from '@willow/contracts';

const STATE_COLORS: Record<MessageState, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  suppressed: 'warning',
  notSent: 'warning',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A message's state, with why (a failure's reason, the rule that suppressed it) on hover and for screen readers. */
export function MessageStateChip({ message }: { message: Pick<Message, 'state' | 'reason' | 'deliveryStatus'> }) {
  const label = MESSAGE_STATE_LABELS[message.state];
  const why = message.reason ?? (message.deliveryStatus ? `Delivery: ${message.deliveryStatus}` : null);
  const chip = <Chip size="small" color={STATE_COLORS[message.state]} label={label} aria-label={why ? `${label}: ${why}` : label} />;
  return why ? <Tooltip title={why}>{chip}</Tooltip> : chip;
}

/** The log's columns: when, to whom, how, through which provider, and its state. */
export function messageColumns(opts: { withClient: boolean }): GridColDef<Message>[] {
  // What became of it and what it said first: on a phone those two are what fits.
  return [
    { field: 'state', headerName: 'State', width: 110, sortable: false, renderCell: ({ row }) => <MessageStateChip message={row} /> },
    {
      field: 'subject',
      headerName: 'Message',
      flex: 2,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) => (row.subject ? `${row.subject} — ${row.body}` : row.body),
    },
    { field: 'createdAt', headerName: 'When', width: 170, valueFormatter: (v: string) => when(v) },
    ...(opts.withClient
      ? [{ field: 'client', headerName: 'Client', flex: 1, minWidth: 140, sortable: false, valueGetter: (_v: unknown, row: Message) => row.client?.name ?? '' } as GridColDef<Message>]
      : []),
    { field: 'to', headerName: 'To', flex: 1, minWidth: 170 },
    { field: 'channel', headerName: 'Channel', width: 90, valueFormatter: (v: string) => (v === 'sms' ? 'SMS' : 'Email') },
    { field: 'provider', headerName: 'Provider', width: 100, valueFormatter: (v: Message['provider']) => (v ? MESSAGE_PROVIDER_LABELS[v] : '') },
    { field: 'sentBy', headerName: 'Sent by', width: 140, sortable: false, valueGetter: (_v, row) => row.sentBy?.name ?? '' },
  ];
}
