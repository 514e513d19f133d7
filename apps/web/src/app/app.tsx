import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { setSessionLostNavigator } from '../lib/http-client';
import { createQueryClient } from '../lib/query-client';
import { AppToaster } from '../lib/toasts';
import { buildRegistry } from './feature-registry';
import { features } from './features';
import { RegistryContext } from './registry-context';
import { createAppRouter } from './router';
import { theme } from './theme';

const registry = buildRegistry(features);
const router = createAppRouter(registry);
const queryClient = createQueryClient();

// Session loss found by any API call moves the user within the app, keeping the toast queue.
setSessionLostNavigator((to) => void router.navigate(to, { replace: true }));

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RegistryContext value={registry}>
          <RouterProvider router={router} />
        </RegistryContext>
      </QueryClientProvider>
      <AppToaster />
    </ThemeProvider>
  );
}
