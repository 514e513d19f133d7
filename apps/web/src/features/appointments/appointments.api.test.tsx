import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { settingsStore } from '../../lib/settings';
import { usePendingAppointmentCount, useScheduleSidebar } from './appointments.api';
import { fakeServer } from '../../test/test-support';
import { LOCATION_ID, providers, services } from './test-support';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Counts per location as the server would give them; no locationId = the whole account. */
function serveCounts() {
  return fakeServer((call) =>
    call.path === '/api/appointment/pendingCount'
      ? { body: { count: call.query.get('locationId') === LOCATION_ID ? 2 : 7 } }
      : undefined,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => settingsStore.update({ locationId: null, locationName: null }));
});

describe('pending appointments badge', () => {
  it('counts the selected location only', async () => {
    act(() => settingsStore.update({ locationId: LOCATION_ID, locationName: 'Riverside' }));
    const calls = serveCounts();
    const { result } = renderHook(() => usePendingAppointmentCount(), { wrapper });
    await waitFor(() => expect(result.current).toBe(2));
    expect(calls.map((c) => `${c.path}?${c.query}`)).toEqual([`/api/appointment/pendingCount?locationId=${LOCATION_ID}`]);
  });

  it('counts every location under All Locations, and follows a switch', async () => {
    const calls = serveCounts();
    const { result } = renderHook(() => usePendingAppointmentCount(), { wrapper });
    await waitFor(() => expect(result.current).toBe(7));
    expect(calls[0]!.query.has('locationId')).toBe(false);

    act(() => settingsStore.update({ locationId: LOCATION_ID, locationName: 'Riverside' }));
    await waitFor(() => expect(result.current).toBe(2));
  });
});

describe('schedule sidebar', () => {
  it('is asked for with the x-pwa header', async () => {
    const calls = fakeServer((call) => (call.path === '/api/scheduleSlot/sidebar' ? { body: { providers, services } } : undefined));
    const { result } = renderHook(() => useScheduleSidebar(LOCATION_ID), { wrapper });
    await waitFor(() => expect(result.current.data?.providers).toHaveLength(1));
    expect(calls[0]!.headers['x-pwa']).toBe('true');
    expect(calls[0]!.query.get('locationId')).toBe(LOCATION_ID);
  });
});
