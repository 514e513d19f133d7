import { useMemo, useState } from 'react';
import type { PatientWithClient } from '@willow/contracts';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { SwitchInput } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../components/search-field';
import { useServerPages } from '../../components/use-server-pages';
import { useSettings } from '../../lib/settings';
import { useErrorToast, useLoadingToast } from '../../lib/toasts';
import { usePatientActions } from './patient-actions';
import { patientColumns } from './patient-columns';
import { usePatients } from './patients.api';

export default function PatientsPage() {
  const { locationId } = useSettings();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [showDeceased, setShowDeceased] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const pages = useServerPages({
    locationId: locationId ?? undefined,
    search: search || undefined,
    includeDeceased: showDeceased ? ('true' as const) : ('false' as const),
    ...(showArchived && { includeArchived: 'true' as const }),
  });
  const patients = usePatients(pages.query, pages.options);
  const { actions, dialogs } = usePatientActions();
  useLoadingToast(patients.isLoading, 'Loading Patients...');
  useErrorToast(patients.error, 'Error getting patient list');

  const columns = useMemo(() => patientColumns<PatientWithClient>(actions, { withClient: true }), [actions]);

  return (
    <>
      <PageHeader
        title="Patients"
        actions={
          <>
            <SwitchInput label="Show deceased" checked={showDeceased} onChange={setShowDeceased} />
            <SwitchInput label="Show archived" checked={showArchived} onChange={setShowArchived} />
          </>
        }
      />
      <SearchField
        label="Search patients"
        fullWidth
        size="small"
        placeholder="Search by name or microchip"
        onSettled={setSearch}
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
      />
      <DataTable
        label="Patients"
        rows={patients.data?.items}
        columns={columns}
        loadError={loadErrorOf(patients)}
        loading={patients.isFetching}
        noRowsLabel={search ? 'No patients match this search' : 'No patients yet'}
        server={pages.table(patients.data?.total)}
        onRowClick={(row) => void navigate(`/patients/${row.id}`)}
        isRowMuted={(row) => row.deceasedOn !== null || row.archivedAt !== null}
      />
      {dialogs}
    </>
  );
}
