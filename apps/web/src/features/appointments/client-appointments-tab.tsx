import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { AppointmentDialog } from './appointment-dialog';
import { OwnAppointmentsTable } from './appointment-table';

/** A client's appointments in every status, newest first, with a shortcut to book the next one. */
export default function ClientAppointmentsTab({ clientId }: { clientId: string }) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New appointment
        </Button>
      </Box>
      <OwnAppointmentsTable label="Appointments of this client" filter={{ clientId }} />
      <AppointmentDialog open={creating} clientId={clientId} onClose={() => setCreating(false)} />
    </>
  );
}
