import type { ReactNode } from 'react';
import { Box, Container, Paper } from '@mui/material';

/** The public booking pages' frame: a card on a plain background, no navigation. */
export function BookingFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ bgcolor: 'grey.100', minHeight: '100vh', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="sm">
        <Paper sx={{ p: { xs: 2, sm: 4 } }}>{children}</Paper>
      </Container>
    </Box>
  );
}
