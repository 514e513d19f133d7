import { useMemo } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useErrorToast } from '../../lib/toasts';
import { contactColumns } from './contact-columns';
import { useContacts } from './contacts.api';
import { useContactActions } from './use-contact-actions';

/** The contacts linked to one client (family members, their own vet, …). */
export default function ClientContactsTab({ clientId }: { clientId: string }) {
  const contacts = useContacts({ clientId });
  const { actions, dialogs } = useContactActions({ clientId });
  useErrorToast(contacts.error, 'Error getting contacts');
  const columns = useMemo(() => contactColumns(actions, { withClient: false }), [actions]);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={actions.create}>
          Add contact
        </Button>
      </Box>
      <DataTable label="Contacts of this client" rows={contacts.data} columns={columns} loadError={loadErrorOf(contacts)} loading={contacts.isLoading} noRowsLabel="No linked contacts" />
      {dialogs}
    </>
  );
}
