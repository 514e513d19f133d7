import { Box, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { PatientRef } from '@willow/contracts';
import { DeceasedChip } from './patient-chips';
import { usePatient } from './patients.api';

/** A patient in a grid cell, from the record's own patient reference (prescriptions, vaccinations). */
export function PatientRefCell({ patient: p, showClient = true }: { patient: PatientRef; showClient?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 64, lineHeight: 1.2 }}>
        <Link component={RouterLink} to={`/patients/${p.id}`} onClick={(e) => e.stopPropagation()} variant="body2" sx={{ display: 'block' }} noWrap>
          {p.name}
        </Link>
        {showClient && (
          <Link
            component={RouterLink}
            to={`/clients/${p.clientId}`}
            onClick={(e) => e.stopPropagation()}
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block' }}
            noWrap
          >
            {p.clientName}
          </Link>
        )}
      </Box>
      {/* the chip gives way (its label ends in an ellipsis) rather than spilling over the next column */}
      <Box sx={{ display: 'flex', flexShrink: 1, minWidth: 0 }}>
        <DeceasedChip deceasedOn={p.deceasedOn} />
      </Box>
    </Box>
  );
}

/**
 * A patient named only by id (documents carry only ids). Each visible cell asks for its
 * patient; the query cache shares one request per patient.
 */
export function PatientCell({ patientId, showClient = true }: { patientId: string; showClient?: boolean }) {
  const patient = usePatient(patientId);
  if (patient.isLoading) return <Skeleton width={120} />;
  if (!patient.data) return <Typography variant="body2">Unknown patient</Typography>;
  return <PatientRefCell patient={patient.data} showClient={showClient} />;
}
