import { useState } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { AppointmentTable } from './appointment-table';
import { useAppointmentList } from './appointments.api';

/** A patient's appointments, upcoming and past, newest first; a row opens the appointment. */
export default function PatientAppointmentsTab({ patientId }: { patientId: string; clientId: string }) {
  const [pageModel, setPageModel] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const list = useAppointmentList({ patientId, limit: pageModel.pageSize, offset: pageModel.page * pageModel.pageSize });
  return (
    <AppointmentTable
      label="Appointments of this patient"
      list={list}
      showClient={false}
      noRowsLabel="No appointments yet"
      rowCount={list.data?.total ?? 0}
      pageModel={pageModel}
      onPageModelChange={setPageModel}
    />
  );
}
