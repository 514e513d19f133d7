import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useNavigate } from 'react-router';
import { CHAT_MESSAGES } from '@willow/contracts';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { ClientFormDialog } from '../clients/client-form-dialog';
import { ClientPicker } from '../clients/client-picker';
import { displayPhone } from './chat-format';
import { conversationPath, useLinkChat } from './chat.api';

interface LinkNumberProps {
  locationId: string;
  /** the unknown number, E.164 */
  phone: string;
}

/**
 * An unknown number's two ways to a client: "Link to client" (find one of the location's clients)
 * or "Create client" (the client dialog with the number filled in, then linked). Either way the
 * conversation becomes the client's, and the page moves to it.
 */
export function LinkNumber({ locationId, phone }: LinkNumberProps) {
  const navigate = useNavigate();
  const link = useLinkChat();
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const [clientId, setClientId] = useState('');
  const linkTo = (id: string) =>
    link.mutate(
      { locationId, phone, clientId: id },
      {
        onSuccess: (item) => {
          setPicking(false);
          notifySuccess(CHAT_MESSAGES.linked);
          void navigate(conversationPath(item.id), { replace: true });
        },
        onError: (error) => notifyError(CHAT_MESSAGES.linkError, error),
      },
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={<LinkIcon />} onClick={() => setPicking(true)}>
        Link to client
      </Button>
      <Button size="small" variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)} loading={creating && link.isPending}>
        Create client
      </Button>
      <Dialog open={picking} onClose={() => !link.isPending && setPicking(false)} maxWidth="xs" fullWidth aria-labelledby="link-number-title">
        <DialogTitle id="link-number-title">Link {displayPhone(phone)} to a client</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Their texts at this location become the client’s conversation.</DialogContentText>
          <ClientPicker value={clientId} onChange={setClientId} locationId={locationId} required autoFocus helperText="Search by name, phone or email" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking(false)} disabled={link.isPending}>
            Cancel
          </Button>
          <Button variant="contained" disabled={!clientId} loading={link.isPending} onClick={() => linkTo(clientId)}>
            Link
          </Button>
        </DialogActions>
      </Dialog>
      <ClientFormDialog
        open={creating}
        client={null}
        defaultLocationId={locationId}
        prefill={{ phone }}
        onClose={() => setCreating(false)}
        onCreated={(client) => linkTo(client.id)}
      />
    </Box>
  );
}
