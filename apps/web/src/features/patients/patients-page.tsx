import { useMemo, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { GridPaginationModel } from '@mui/x-data-grid';
import type { PatientWithClient } from '@willow/contracts';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { useSettings } from '../../lib/settings';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePatientActions } from './patient-actions';
import { patientColumns } from './patient-columns';
import { usePatientList } from './patients.api';

export default function PatientsPage() {
  const { locationId } = useSettings();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [showDeceased, setShowDeceased] = useState(false);
  const [pageModel, setPageModel] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const debounced = useDebouncedValue(search);
  const patients = usePatientList({
    locationId: locationId ?? undefined,
    search: debounced,
    includeDeceased: showDeceased,
    limit: pageModel.pageSize,
    offset: pageModel.page * pageModel.pageSize,
  });
  const { actions, dialogs } = usePatientActions();
  useLoadingToast(patients.isLoading, 'Loading Patients...');
  useErrorToast(patients.error, 'Error getting patient list');

  const columns = useMemo(() => patientColumns<PatientWithClient>(actions, { withClient: true }), [actions]);

  return (
    <>
      <PageHeader
        title="Patients"
        actions={<SwitchInput label="Show deceased" checked={showDeceased} onChange={(x) => {
          setShowDeceased(x);
          setPageModel((m) => ({ ...m, page: 0 }));
        }} />}
      />
      <TextField
        fullWidth
        size="small"
        placeholder="Search by name or microchip"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPageModel((m) => ({ ...m, page: 0 }));
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search patients' },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
        }}
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
      />
      <DataTable
        label="Patients"
        rows={patients.data?.items}
        columns={columns}
        loadError={loadErrorOf(patients)}
        loading={patients.isFetching}
        noRowsLabel={debounced ? 'No patients match this search' : 'No patients yet'}
        server={{ rowCount: patients.data?.total ?? 0, model: pageModel, onModelChange: setPageModel }}
        onRowClick={(row) => void navigate(`/patients/${row.id}`)}
        isRowMuted={(row) => row.deceasedOn !== null}
      />
      {dialogs}
    </>
  );
}
