import { useMemo, useState } from 'react';
import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Vaccination } from '@willow/contracts';
import { QuickFilter } from '../../components/quick-filter';
import { useServerPages } from '../../components/use-server-pages';
import { formatDate } from '../../lib/dates';
import { CareRecordTable, patientColumn, useCareRecordList } from './care-record-list';
import type { CareRecordFilter } from './care-record-list';
import { useStaffNames } from '../users/users.api';
import { VaccinationFormDialog } from './vaccination-form-dialog';
import { byUrgency, statusQuery, vaccinationStatusChip } from './vaccination-status';
import type { VaccinationQuickFilter } from './vaccination-status';
import { useDeleteVaccination, useVaccinations } from './vaccinations.api';

interface VaccinationListProps {
  filter: CareRecordFilter;
  /** on a patient's page the patient column says nothing new */
  showPatient?: boolean;
  /** announce loading with a toast (the full page; tabs load quietly) */
  loadingToast?: boolean;
}

export function VaccinationList({ filter, showPatient = true, loadingToast = false }: VaccinationListProps) {
  const [quick, setQuick] = useState<VaccinationQuickFilter>('all');
  const pages = useServerPages({ ...filter, status: statusQuery(quick) });
  const vaccinations = useVaccinations(pages.query, pages.options);
  // How many each quick filter holds: the totals of one-row pages, counted by the server over every
  // page; the list on screen already counts its own filter's.
  const allCount = useVaccinations({ ...filter, limit: 1, offset: 0 }, { enabled: quick !== 'all' }).data?.total;
  const counts = {
    all: quick === 'all' ? vaccinations.data?.total : allCount,
    overdue: useVaccinations({ ...filter, status: 'overdue', limit: 1, offset: 0 }).data?.total,
    dueSoon: useVaccinations({ ...filter, status: 'dueSoon', limit: 1, offset: 0 }).data?.total,
  };
  const staffNames = useStaffNames();
  const remove = useDeleteVaccination();
  const records = useCareRecordList<Vaccination>({
    noun: 'vaccination',
    query: vaccinations,
    loadingToast,
    deleteMessage: (v) => `Delete the ${v.vaccine} vaccination given on ${formatDate(v.givenOn)}?`,
    remove: (v) => remove.mutateAsync(v.id),
  });
  const { actions } = records;


  const columns = useMemo<GridColDef<Vaccination>[]>(() => {
    // Status first: the column that matters at a glance stays in view on a phone.
    const list: GridColDef<Vaccination>[] = [
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        sortComparator: byUrgency,
        renderCell: ({ row }) => {
          const chip = vaccinationStatusChip(row.status);
          return <Chip size="small" label={chip.label} color={chip.color} />;
        },
      },
    ];
    if (showPatient) list.push(patientColumn());
    list.push(
      { field: 'vaccine', headerName: 'Vaccine', flex: 1, minWidth: 140 },
      { field: 'givenOn', headerName: 'Given', width: 120, valueFormatter: (v: string) => formatDate(v) },
      { field: 'nextDueOn', headerName: 'Next due', width: 120, valueFormatter: (v: string | null) => formatDate(v) },
      {
        field: 'providerId',
        headerName: 'Provider',
        width: 150,
        valueGetter: (v: string | null) => (v ? (staffNames?.get(v) ?? '') : ''),
      },
      { field: 'lotNumber', headerName: 'Lot', width: 100 },
      { field: 'actions', type: 'actions', width: 90, getActions: ({ row }) => actions(row, row.vaccine) },
    );
    return list;
  }, [showPatient, staffNames, actions]);

  return (
    <CareRecordTable
      records={records}
      toolbar={
        <QuickFilter
          label="Vaccination status"
          value={quick}
          onChange={setQuick}
          options={[
            { value: 'all', label: 'All', count: counts.all },
            { value: 'overdue', label: 'Overdue', count: counts.overdue },
            { value: 'dueSoon', label: 'Due soon', count: counts.dueSoon },
          ]}
        />
      }
      rows={vaccinations.data?.items}
      server={pages.table(vaccinations.data?.total)}
      columns={columns}
      noRowsLabel={quick === 'all' ? 'No vaccinations recorded' : 'No vaccinations in this group'}
      form={
        <VaccinationFormDialog
          open={records.formDialog.open}
          vaccination={records.formDialog.editing}
          patientId={filter.patientId}
          clientId={filter.clientId}
          locationId={filter.locationId}
          onClose={records.formDialog.close}
        />
      }
    />
  );
}
