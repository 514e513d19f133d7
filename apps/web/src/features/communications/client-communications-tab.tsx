import { useMemo, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import SmsIcon from '@mui/icons-material/Sms';
import type { MessageChannel } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useServerPages } from '../../components/use-server-pages';
import { useErrorToast } from '../../lib/toasts';
import { useClient } from '../clients/clients.api';
import { useClientChannels, useMessages } from './communications.api';
import { MessageComposer } from './message-composer';
import { messageColumns } from './message-columns';

/** What was sent to one client, and sending them an email or an SMS. */
export default function ClientCommunicationsTab({ clientId }: { clientId: string }) {
  const client = useClient(clientId).data;
  const channels = useClientChannels(clientId).data;
  const pages = useServerPages({ clientId });
  const messages = useMessages(pages.query, pages.options);
  useErrorToast(messages.error, 'Error getting messages');
  const [composing, setComposing] = useState<MessageChannel | null>(null);
  const columns = useMemo(() => messageColumns({ withClient: false }), []);
  const notices = [channels?.email, channels?.sms].filter((c) => c && !c.ready).map((c) => c!.reason);

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', mb: 1.5 }}>
        <Box sx={{ flex: 1 }}>
          {[...new Set(notices)].map((n) => (
            <Typography key={n} variant="body2" color="text.secondary">
              {n}
            </Typography>
          ))}
        </Box>
        <Button variant="contained" size="small" startIcon={<EmailIcon />} onClick={() => setComposing('email')}>
          Send email
        </Button>
        <Button variant="outlined" size="small" startIcon={<SmsIcon />} onClick={() => setComposing('sms')}>
          Send SMS
        </Button>
      </Stack>
      <DataTable
        label="Communications with this client"
        rows={messages.data?.items}
        columns={columns}
        loadError={loadErrorOf(messages)}
        loading={messages.isFetching}
        noRowsLabel="Nothing sent to this client yet"
        server={pages.table(messages.data?.total)}
      />
      <MessageComposer
        open={composing !== null}
        channel={composing ?? 'email'}
        clientId={clientId}
        clientName={client ? `${client.firstName} ${client.lastName}` : 'client'}
        channels={channels}
        locationId={client?.locationId ?? null}
        onClose={() => setComposing(null)}
      />
    </>
  );
}
