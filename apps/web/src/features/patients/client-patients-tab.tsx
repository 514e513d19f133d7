import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { PatientWithClient } from '@willow/contracts';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { useErrorToast } from '../../lib/toasts';
import { useBookDialog } from '../appointments/use-book-dialog';
import { useClient } from '../clients/clients.api';
import { usePatientActions } from './patient-actions';
import { patientColumns } from './patient-columns';
import { PatientFormDialog } from './patient-form-dialog';
import { usePatientList } from './patients.api';

/** A household rarely has more than a handful of animals: one page holds them all. */
const HOUSEHOLD_LIMIT = 200;

export default function ClientPatientsTab({ clientId }: { clientId: string }) {
  const client = useClient(clientId);
  const navigate = useNavigate();
  // The whole household, archived members too (marked): an archived client's patients are archived with them.
  const patients = usePatientList({ clientId, includeDeceased: true, includeArchived: true, limit: HOUSEHOLD_LIMIT, offset: 0 });
  const { actions, dialogs } = usePatientActions();
  const [adding, setAdding] = useState(false);
  useErrorToast(patients.error, 'Error getting patient list');
  const { book, dialog: bookingDialog } = useBookDialog();
  const columns = useMemo(() => patientColumns<PatientWithClient>(actions, { book: (p) => book(p.clientId, p.id) }), [actions, book]);

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={!client.data || client.data.archivedAt !== null}>
          Add patient
        </Button>
      </Box>
      <DataTable
        label="Patients of this client"
        rows={patients.data?.items}
        columns={columns}
        loadError={loadErrorOf(patients)}
        loading={patients.isLoading}
        noRowsLabel="No patients yet"
        onRowClick={(row) => void navigate(`/patients/${row.id}`)}
        isRowMuted={(row) => row.deceasedOn !== null || row.archivedAt !== null}
      />
      {client.data && (
        <PatientFormDialog
          open={adding}
          patient={null}
          clientId={clientId}
          locationId={client.data.locationId}
          onClose={() => setAdding(false)}
        />
      )}
      {dialogs}
      {bookingDialog}
    </>
  );
}
