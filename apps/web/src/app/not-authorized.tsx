import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/** Shown at /401 and in place of any page whose permissions the user lacks. */
export function NotAuthorized() {
  useDocumentTitle('Not authorized');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', p: 2 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <Typography variant="h4" component="h1">
          You are not authorized!
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>You don't have permission to access this page.</Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" component={RouterLink} to="/">
            Back to Home
          </Button>
          <Button variant="outlined" component={RouterLink} to="/logout">
            Logout
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export default NotAuthorized;
