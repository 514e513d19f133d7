import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { DataTable } from '../../components/data-table';
import { AppointmentDialog } from './appointment-dialog';
import { useAppointmentColumns } from './appointment-columns';
import { useAppointmentList } from './appointments.api';

/** A client's appointments in every status, newest first, with a shortcut to book the next one. */
export default function ClientAppointmentsTab({ clientId }: { clientId: string }) {
  const columns = useAppointmentColumns(false);
  const [pageModel, setPageModel] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useAppointmentList({ clientId, limit: pageModel.pageSize, offset: pageModel.page * pageModel.pageSize });
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New appointment
        </Button>
      </Box>
      {list.error && !list.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          {list.error.message}
        </Alert>
      ) : (
        <DataTable
          label="Appointments of this client"
          rows={list.data?.items}
          columns={columns}
          loading={list.isFetching}
          noRowsLabel="No appointments yet"
          server={{ rowCount: list.data?.total ?? 0, model: pageModel, onModelChange: setPageModel }}
          onRowClick={(row) => setOpenId(row.id)}
        />
      )}
      <AppointmentDialog open={openId !== null} appointmentId={openId} onClose={() => setOpenId(null)} />
      <AppointmentDialog open={creating} clientId={clientId} onClose={() => setCreating(false)} />
    </>
  );
}
