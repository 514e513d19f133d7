import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Location } from '@willow/contracts';
import { AppToaster } from '../lib/toasts';

/** One request the page made, as the server would see it. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface Answer {
  status?: number;
  body: unknown;
}

/**
 * Stands in for the API: `route` answers each request (undefined = 404), at once or when its
 * promise settles (an answer held back, as a slow server's), and every request is recorded so
 * tests can check what was sent.
 */
export function fakeServer(route: (call: Call) => Answer | Promise<Answer> | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const answer = (await route(call)) ?? { status: 404, body: { error: { message: 'Not found' } } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

/** jsdom has no matchMedia; the toaster and MUI's media queries ask it. */
export function stubMatchMedia(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}

/** Between tests: unmount, forget stubs, and drop toasts (their store outlives a render). */
export function resetAll(): void {
  cleanup();
  vi.unstubAllGlobals();
  toast.remove();
}

/**
 * Renders inside a query client, a router (at `path`, matched by `pattern`) and the toaster;
 * `also` names the pages the one under test may navigate to (path → what stands there).
 */
export function renderPage(
  ui: ReactElement,
  { path = '/', pattern = '*', also = {} }: { path?: string; pattern?: string; also?: Record<string, ReactElement> } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={ui} />
          {Object.entries(also).map(([to, element]) => (
            <Route key={to} path={to} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
      <AppToaster />
    </QueryClientProvider>,
  );
}

/** Opens an MUI autocomplete by its label and clicks the option named `option`. */
export async function pickOption(label: string, option: string): Promise<void> {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
}

export const NEW_YORK: Location = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Main Street Clinic',
  timezone: 'America/New_York',
  isActive: true,
  address: '1 Main Street',
  phone: '555-0100',
  species: [],
  integrations: [],
  hasLogo: false,
};

/** What the session calls answer for a signed-in user whose own location is `location`. */
export function sessionAnswer(call: Call, location: Location, permissions: string[] = []): Answer | undefined {
  if (call.path === '/api/profile')
    return {
      body: {
        id: '99999999-9999-4999-8999-999999999999',
        firstName: 'Vera',
        lastName: 'Vet',
        email: 'vet@example.test',
        account: { id: 'a', name: 'Demo' },
        location: { id: location.id, name: location.name },
      },
    };
  if (call.path === '/api/user/permissions') return { body: { permissions, roles: [] } };
  if (call.path === '/api/location') return { body: [location] };
  return undefined;
}
