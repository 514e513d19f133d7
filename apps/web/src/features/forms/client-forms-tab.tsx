import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import { useClient } from '../clients/clients.api';
import { FormRequestsList } from './form-requests-list';
import { FormSubmissionDialog } from './form-submission-dialog';
import { useFormRequests } from './forms.api';
import { SendFormDialog } from './send-form-dialog';

/** The forms sent to one client and what came back, and sending one. */
export default function ClientFormsTab({ clientId }: { clientId: string }) {
  const client = useClient(clientId).data;
  const requests = useFormRequests({ clientId });
  const [sending, setSending] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = requests.data ?? [];
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" size="small" startIcon={<AssignmentIcon />} onClick={() => setSending(true)} disabled={!client}>
          Send form
        </Button>
      </Stack>
      {requests.error ? (
        <Alert severity="error">{requests.error.message}</Alert>
      ) : list.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {requests.isLoading ? 'Loading…' : 'No forms sent to this client yet.'}
        </Typography>
      ) : (
        <Box>
          <FormRequestsList requests={list} label="Forms sent" onOpenSubmission={setOpenId} />
        </Box>
      )}
      {client && <SendFormDialog open={sending} onClose={() => setSending(false)} clientId={clientId} locationId={client.locationId} />}
      <FormSubmissionDialog submissionId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
