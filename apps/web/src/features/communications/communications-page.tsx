import { useMemo, useState } from 'react';
import { Box, MenuItem, TextField } from '@mui/material';
import { MESSAGE_STATE_LABELS, MESSAGE_STATES } from '@willow/contracts';
import type { MessageChannel, MessageState } from '@willow/contracts';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useServerPages } from '../../components/use-server-pages';
import { useErrorToast } from '../../lib/toasts';
import { LocationPicker } from '../locations/use-page-location';
import { useWorkingLocation } from '../locations/use-working-location';
import { useMessages } from './communications.api';
import { messageColumns } from './message-columns';

/** Everything the location sent: to whom, when, through which provider, and what became of it. */
export default function CommunicationsPage() {
  const navigate = useNavigate();
  const place = useWorkingLocation();
  const [channel, setChannel] = useState<MessageChannel | ''>('');
  const [state, setState] = useState<MessageState | ''>('');
  const pages = useServerPages(place.locationId ? { locationId: place.locationId, ...(channel && { channel }), ...(state && { state }) } : null);
  const messages = useMessages(pages.query, pages.options);
  useErrorToast(messages.error, 'Error getting messages');
  const columns = useMemo(() => messageColumns({ withClient: true }), []);
  const locationName = place.locations.find((l) => l.id === place.locationId)?.name;

  return (
    <>
      <PageHeader title="Messages" subtitle={locationName} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <TextField select size="small" label="Channel" value={channel} onChange={(e) => setChannel(e.target.value as MessageChannel | '')} sx={{ minWidth: 140 }}>
          <MenuItem value="">All</MenuItem>
          <MenuItem value="email">Email</MenuItem>
          <MenuItem value="sms">SMS</MenuItem>
        </TextField>
        <TextField select size="small" label="State" value={state} onChange={(e) => setState(e.target.value as MessageState | '')} sx={{ minWidth: 160 }}>
          <MenuItem value="">All</MenuItem>
          {MESSAGE_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {MESSAGE_STATE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        {place.canPick && <LocationPicker value={place.locationId} locations={place.locations} onChange={place.pick} />}
      </Box>
      <DataTable
        label="Messages"
        rows={messages.data?.items}
        columns={columns}
        loadError={loadErrorOf(messages)}
        loading={messages.isFetching || place.loading}
        noRowsLabel="Nothing sent yet"
        server={pages.table(messages.data?.total)}
        onRowClick={(row) => row.client && void navigate(`/clients/${row.client.id}`)}
      />
    </>
  );
}
