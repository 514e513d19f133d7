import { useState } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';
import type { Appointment } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { AppointmentDialog } from './appointment-dialog';
import { useAppointmentColumns } from './appointment-columns';
import { useAppointmentList } from './appointments.api';

interface AppointmentTableProps {
  /** the grid's accessible name */
  label: string;
  list: { data?: { items: Appointment[] }; error: Error | null; isFetching: boolean; refetch: () => unknown };
  /** leave the client out where the list is one client's */
  showClient?: boolean;
  noRowsLabel: string;
  rowCount: number;
  pageModel: GridPaginationModel;
  onPageModelChange: (model: GridPaginationModel) => void;
}

/**
 * A server-paged list of appointments (the Appointments page, a client's tab): a failed first load
 * offers a retry, and a row opens the appointment.
 */
export function AppointmentTable({ label, list, showClient = true, noRowsLabel, rowCount, pageModel, onPageModelChange }: AppointmentTableProps) {
  const columns = useAppointmentColumns(showClient);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <DataTable
        label={label}
        rows={list.data?.items}
        columns={columns}
        loadError={loadErrorOf(list)}
        loading={list.isFetching}
        noRowsLabel={noRowsLabel}
        server={{ rowCount, model: pageModel, onModelChange: onPageModelChange }}
        onRowClick={(row) => setOpenId(row.id)}
      />
      <AppointmentDialog open={openId !== null} appointmentId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

/**
 * One client's or one patient's appointments, every status, newest first, a page at a time (the
 * client and patient page tabs).
 */
export function OwnAppointmentsTable({ label, filter }: { label: string; filter: { clientId: string } | { patientId: string } }) {
  const [pageModel, setPageModel] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const list = useAppointmentList({ ...filter, limit: pageModel.pageSize, offset: pageModel.page * pageModel.pageSize });
  return (
    <AppointmentTable
      label={label}
      list={list}
      showClient={false}
      noRowsLabel="No appointments yet"
      rowCount={list.data?.total ?? 0}
      pageModel={pageModel}
      onPageModelChange={setPageModel}
    />
  );
}
