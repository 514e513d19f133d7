import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', p: 2 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h4" component="h1">
          Page not found
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>The address you followed does not lead to a page.</Typography>
        <Button variant="contained" component={RouterLink} to="/">
          Back to Home
        </Button>
      </Stack>
    </Box>
  );
}
