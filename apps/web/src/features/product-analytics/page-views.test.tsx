import { afterEach, describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClientConfig } from '@willow/contracts';
import { buildRegistry } from '../../app/feature-registry';
import { RegistryContext } from '../../app/registry-context';
import { fakeServer, resetAll } from '../../test/test-support';
import { PageViewTracker } from './page-view-tracker';
import { pageViewEvent, routeTemplate } from './page-views';

const PATHS = ['/', '/clients', '/clients/:id', '/patients/:id', '/book/:locationId'];
const analytics = { projectKey: 'phc_project', path: '/ph' as const, distinctId: 'user-1' };

afterEach(resetAll);

describe('routeTemplate', () => {
  it('names a page by its route, never by the ids in its address', () => {
    expect(routeTemplate('/clients/3f0c1a52-0000-4000-8000-000000000001', PATHS)).toBe('/clients/:id');
    expect(routeTemplate('/clients', PATHS)).toBe('/clients');
    expect(routeTemplate('/', PATHS)).toBe('/');
    expect(routeTemplate('/Smith%20Family/secret', PATHS)).toBe('(not found)');
  });
});

describe('pageViewEvent', () => {
  it('is PostHog’s documented $pageview with the project key, the route template and no person profile', () => {
    expect(pageViewEvent(analytics, '/patients/:id', 'https://portal.example', new Date('2026-11-24T12:00:00Z'))).toEqual({
      api_key: 'phc_project',
      event: '$pageview',
      distinct_id: 'user-1',
      timestamp: '2026-11-24T12:00:00.000Z',
      properties: {
        $current_url: 'https://portal.example/patients/:id',
        $pathname: '/patients/:id',
        $lib: 'willow-web',
        $process_person_profile: false,
      },
    });
  });
});

/** The tracker at `path`; the portal's settings answer `config` (when it settles, if a promise). */
function renderAt(path: string, config: ClientConfig | Promise<ClientConfig>) {
  const calls = fakeServer((call) =>
    call.path === '/api/config/client' ? Promise.resolve(config).then((body) => ({ body })) : call.path === '/ph/i/v0/e/' ? { body: { status: 1 } } : undefined,
  );
  const registry = buildRegistry([
    { id: 'pages', routes: PATHS.map((p) => ({ path: p, element: () => null })) },
  ]);
  const router = createMemoryRouter([{ path: '*', element: <PageViewTracker /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RegistryContext value={registry}>
        <RouterProvider router={router} />
      </RegistryContext>
    </QueryClientProvider>,
  );
  return { calls, router };
}

describe('PageViewTracker', () => {
  it('sends a page view per page through /ph, without cookies and without the address’s ids or query', async () => {
    const { calls, router } = renderAt('/clients/3f0c1a52-0000-4000-8000-000000000001?search=Smith', {
      helpWidget: null,
      helpCenterUrl: null,
      analytics,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/ph/i/v0/e/')).toHaveLength(1));
    const [first] = calls.filter((c) => c.path === '/ph/i/v0/e/');
    expect(first!.method).toBe('POST');
    expect(first!.body).toMatchObject({ api_key: 'phc_project', event: '$pageview', properties: { $pathname: '/clients/:id' } });
    const sent = JSON.stringify(first!.body);
    expect(sent).not.toContain('3f0c1a52');
    expect(sent).not.toContain('Smith');
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls.find(([url]) => url === '/ph/i/v0/e/')![1];
    expect(init.credentials).toBe('omit');

    await router.navigate('/patients/0b6e0c1d-0000-4000-8000-000000000002');
    await waitFor(() => expect(calls.filter((c) => c.path === '/ph/i/v0/e/')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/ph/i/v0/e/')[1]!.body).toMatchObject({ properties: { $pathname: '/patients/:id' } });
  });

  it('sends the pages opened before the settings arrived, in order and with their own times, once they say analytics is on', async () => {
    let settle!: (config: ClientConfig) => void;
    const settings = new Promise<ClientConfig>((resolve) => (settle = resolve));
    const { calls, router } = renderAt('/clients/3f0c1a52-0000-4000-8000-000000000001', settings);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config/client')).toBe(true));
    const opened = Date.now();
    await router.navigate('/clients');
    expect(calls.filter((c) => c.path.startsWith('/ph'))).toHaveLength(0);

    settle({ helpWidget: null, helpCenterUrl: null, analytics });
    const views = () => calls.filter((c) => c.path === '/ph/i/v0/e/').map((c) => c.body as { timestamp: string; properties: { $pathname: string } });
    await waitFor(() => expect(views().map((v) => v.properties.$pathname)).toEqual(['/clients/:id', '/clients']));
    expect(Date.parse(views()[0]!.timestamp)).toBeLessThanOrEqual(opened);

    // Later pages go at once, and the waiting ones are not sent again.
    await router.navigate('/');
    await waitFor(() => expect(views().map((v) => v.properties.$pathname)).toEqual(['/clients/:id', '/clients', '/']));
  });

  it('sends nothing when analytics is not configured', async () => {
    const { calls } = renderAt('/clients', { helpWidget: null, helpCenterUrl: null, analytics: null });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config/client')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.path.startsWith('/ph'))).toHaveLength(0);
  });
});
