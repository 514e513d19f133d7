import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentTable } from './appointment-table';
import { useAppointmentList } from './appointments.api';

/** A client's appointments in every status, newest first, with a shortcut to book the next one. */
export default function ClientAppointmentsTab({ clientId }: { clientId: string }) {
  const [pageModel, setPageModel] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [creating, setCreating] = useState(false);
  const list = useAppointmentList({ clientId, limit: pageModel.pageSize, offset: pageModel.page * pageModel.pageSize });
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New appointment
        </Button>
      </Box>
      <AppointmentTable
        label="Appointments of this client"
        list={list}
        showClient={false}
        noRowsLabel="No appointments yet"
        rowCount={list.data?.total ?? 0}
        pageModel={pageModel}
        onPageModelChange={setPageModel}
      />
      <AppointmentDialog open={creating} clientId={clientId} onClose={() => setCreating(false)} />
    </>
  );
}
