import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import type { Client } from '@willow/contracts';

/**
 * What the front desk needs of the client while booking: how to call them back, and what is noted
 * about them (the client's alerts: "hard of hearing", "call the daughter"), in a warning as the
 * patients' alerts are. Decision 0180.
 */
export function AppointmentClientCard({ client }: { client: Pick<Client, 'firstName' | 'lastName' | 'phone' | 'alternatePhone' | 'notes'> }) {
  const phones = [client.phone, client.alternatePhone].filter((p): p is string => Boolean(p));
  const notes = client.notes?.trim();
  return (
    <Stack spacing={1} data-testid="appointment-client">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <PhoneIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden />
        {phones.length ? (
          phones.map((phone) => (
            <Link key={phone} href={`tel:${phone}`} aria-label={`Call ${client.firstName} ${client.lastName} on ${phone}`}>
              {phone}
            </Link>
          ))
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No phone on record
          </Typography>
        )}
      </Box>
      {notes && (
        <Alert severity="info" aria-label="Client alerts">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {notes}
          </Typography>
        </Alert>
      )}
    </Stack>
  );
}
