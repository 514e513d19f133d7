import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useClient } from '../clients/clients.api';
import { useLocation } from '../locations/locations.api';
import { usePatient } from '../patients/patients.api';
import { SEX_LABELS } from '../patients/patient-form-dialog';
import { useStaffNames } from '../users/users.api';
import { usePrescription } from './prescriptions.api';

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '9rem 1fr', gap: 1, py: 0.25 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** A prescription on its own sheet, without the app around it, ready for the printer. */
export default function PrescriptionPrintPage() {
  const { id } = useParams();
  const found = usePrescription(id);
  const prescription = found.data;
  const patient = usePatient(prescription?.patientId);
  const client = useClient(prescription?.clientId);
  const location = useLocation(prescription?.locationId);
  const staffNames = useStaffNames();
  useDocumentTitle(prescription ? `Prescription: ${prescription.drug}` : 'Prescription');

  const ready = Boolean(prescription && patient.data && client.data && location.data && staffNames);
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    // Let the browser lay the sheet out before the print dialog freezes the page.
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [ready]);

  if (found.isLoading) return <PageLoader fullScreen />;
  if (!prescription)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{found.error?.message ?? 'This prescription could not be found.'}</Alert>
      </Box>
    );
  if (!ready) return <PageLoader fullScreen />;

  const p = patient.data!;
  const c = client.data!;
  const loc = location.data!;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 4 }, '@media print': { p: 0 } }}>
      <Stack direction="row" spacing={1} sx={{ mb: 3, justifyContent: 'flex-end', '@media print': { display: 'none' } }}>
        <Button onClick={() => window.close()}>Close</Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {loc.name}
      </Typography>
      {loc.address && <Typography variant="body2">{loc.address}</Typography>}
      {loc.phone && <Typography variant="body2">{loc.phone}</Typography>}
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        Prescription
      </Typography>
      <Line label="Patient" value={`${p.name} (${p.speciesName}${p.breed ? `, ${p.breed}` : ''}, ${SEX_LABELS[p.sex]})`} />
      <Line label="Date of birth" value={formatDate(p.dateOfBirth)} />
      <Line label="Weight" value={p.weightKg !== null ? `${p.weightKg} kg` : null} />
      <Line label="Client" value={`${c.firstName} ${c.lastName}`} />
      <Line label="Address" value={c.address} />
      <Line label="Phone" value={c.phone} />
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        {prescription.drug}
      </Typography>
      <Line label="Dose" value={prescription.dose} />
      <Line label="Frequency" value={prescription.frequency} />
      <Line label="Quantity" value={prescription.quantity} />
      <Line label="Refills" value={String(prescription.refills)} />
      <Line label="Prescribed on" value={formatDate(prescription.prescribedOn)} />
      <Line label="Expires on" value={formatDate(prescription.expiresOn)} />
      <Line label="Instructions" value={prescription.instructions} />
      <Divider sx={{ my: 2 }} />
      <Line label="Prescriber" value={prescription.prescriberId ? (staffNames!.get(prescription.prescriberId) ?? null) : null} />
      <Box sx={{ mt: 6, display: 'grid', gridTemplateColumns: '9rem 1fr', gap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Signature
        </Typography>
        <Box sx={{ borderBottom: 1, borderColor: 'text.primary', height: 32 }} />
      </Box>
    </Box>
  );
}
