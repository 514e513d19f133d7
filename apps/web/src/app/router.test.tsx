import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SvgIconComponent } from '@mui/icons-material';
import { createQueryClient } from '../lib/query-client';
import { buildRegistry } from './feature-registry';
import type { FeatureModule } from './feature-registry';
import { RegistryContext } from './registry-context';
import { buildRoutes, SignedInRoutes } from './router';

const icon = (() => null) as unknown as SvgIconComponent;
const testFeature: FeatureModule = {
  id: 'test',
  routes: [
    { path: '/reports', element: () => <p>Reports page</p>, permissions: ['reports.export'] },
    { path: '/open', element: () => <p>Open page</p> },
  ],
  menu: [{ section: 'Business', label: 'Reports', path: '/reports', icon, permissions: ['reports.export'], order: 1 }],
};

function mockApi(permissions: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.startsWith('/api/user/permissions')
        ? { permissions, roles: [] }
        : url.startsWith('/api/profile')
          ? { id: 'u', firstName: 'A', lastName: 'B', email: 'a@b.c', account: { id: 'a', name: 'Acc' }, location: null }
          : [];
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function renderAt(path: string) {
  const registry = buildRegistry([testFeature]);
  const signedIn = (
    <RegistryContext value={registry}>
      <SignedInRoutes />
    </RegistryContext>
  );
  const router = createMemoryRouter(buildRoutes([], signedIn), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('session guard and page permissions', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the 401 page in place when the user lacks the page permission', async () => {
    mockApi([]);
    renderAt('/reports');
    expect(await screen.findByText('You are not authorized!')).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.queryByText('Reports page')).toBeNull();
  });

  it('shows the page and its menu entry when the user holds the permission', async () => {
    mockApi(['reports.export']);
    renderAt('/reports');
    expect(await screen.findByText('Reports page')).toBeTruthy();
    expect(screen.getAllByText('Reports').length).toBeGreaterThan(0);
  });

  it('sends / to the first visible menu entry while no feature owns it', async () => {
    mockApi(['system.admin']);
    const router = renderAt('/');
    await screen.findByText('Reports page');
    expect(router.state.location.pathname).toBe('/reports');
  });
});
