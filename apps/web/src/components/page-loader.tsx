import { Box, CircularProgress } from '@mui/material';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullScreen ? '100vh' : 240 }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
