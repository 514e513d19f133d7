import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppToaster } from '../lib/toasts';
import { buildRegistry } from './feature-registry';
import { features } from './features';
import { RegistryContext } from './registry-context';
import { AppRoutes } from './router';
import { theme } from './theme';

const registry = buildRegistry(features);
const queryClient = createQueryClient();

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RegistryContext value={registry}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </RegistryContext>
      </QueryClientProvider>
      <AppToaster />
    </ThemeProvider>
  );
}
