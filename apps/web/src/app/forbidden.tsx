import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/** Shown when the session does not name both a user and an account, so no page can be shown. */
export default function Forbidden() {
  useDocumentTitle('Access denied');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh', p: 2 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <Typography variant="h4" component="h1">
          Access denied
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Your session is not linked to a user and an account. Please sign in again.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/logout">
          Sign in again
        </Button>
      </Stack>
    </Box>
  );
}
