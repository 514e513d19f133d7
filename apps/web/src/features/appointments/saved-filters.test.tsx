import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Service, SidebarProvider } from '@willow/contracts';
import { scheduleKeys } from '../../lib/query-keys';
import { settingsStore } from '../../lib/settings';
import { fakeServer } from '../../test/test-support';
import { CONSULT_ID, LOCATION_ID, NAILS_ID, providers, services, VET_ID } from './test-support';
import { useSavedScheduleFilters, withoutStaleSelections } from './saved-filters';

const GONE_ID = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000ff';
/** a provider and a service of another location, offered only in the account-wide lists */
const ELSEWHERE_VET_ID = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000e1';
const ELSEWHERE_SERVICE_ID = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000e2';
const elsewhereVet: SidebarProvider = { ...providers[0]!, id: ELSEWHERE_VET_ID, firstName: 'Otto' };
const elsewhereService: Service = { ...services[0]!, id: ELSEWHERE_SERVICE_ID, locationId: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000e0' };

const offered = { providers: [{ id: 'p1' }, { id: 'p2' }], services: [{ id: 's1' }] };

describe('withoutStaleSelections', () => {
  it('is null when every saved id is still offered, or nothing is saved', () => {
    expect(withoutStaleSelections({ selectedProviders: ['p2', 'p1'], selectedServices: ['s1'] }, offered)).toBeNull();
    expect(withoutStaleSelections({ selectedProviders: [], selectedServices: [] }, offered)).toBeNull();
  });

  it('drops the providers and services no longer offered, keeping the rest in their saved order', () => {
    expect(withoutStaleSelections({ selectedProviders: ['p2', 'gone', 'p1'], selectedServices: ['s1'] }, offered)).toEqual({
      selectedProviders: ['p2', 'p1'],
      selectedServices: ['s1'],
    });
    expect(withoutStaleSelections({ selectedProviders: ['p1'], selectedServices: ['s1', 'removed'] }, offered)).toEqual({
      selectedProviders: ['p1'],
      selectedServices: ['s1'],
    });
  });

  it('leaves a filter empty (all of them) when none of its ids is offered any more', () => {
    expect(withoutStaleSelections({ selectedProviders: ['gone'], selectedServices: ['removed'] }, offered)).toEqual({
      selectedProviders: [],
      selectedServices: [],
    });
  });

  it('does not change what it was given', () => {
    const saved = { selectedProviders: ['gone', 'p1'], selectedServices: [] };
    withoutStaleSelections(saved, offered);
    expect(saved.selectedProviders).toEqual(['gone', 'p1']);
  });
});

describe('useSavedScheduleFilters', () => {
  let client: QueryClient;
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  }
  /** The sidebar as the server answers it: one location's lists, or the whole account's without a location. */
  function serveSidebar(extra: { providers?: SidebarProvider[]; services?: Service[] } = {}) {
    return fakeServer((call) => {
      if (call.path !== '/api/scheduleSlot/sidebar') return undefined;
      const all = !call.query.has('locationId');
      return {
        body: {
          providers: [...providers, ...(all ? [elsewhereVet] : []), ...(extra.providers ?? [])],
          services: [...services, ...(all ? [elsewhereService] : []), ...(extra.services ?? [])],
        },
      };
    });
  }
  const sidebarCalls = (calls: { path: string; query: URLSearchParams }[]) =>
    calls.filter((c) => c.path === '/api/scheduleSlot/sidebar').map((c) => c.query.get('locationId'));

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    act(() => settingsStore.update({ locationId: null, locationName: null, selectedProviders: [], selectedServices: [] }));
  });

  it('under All Locations checks against the whole account: ids of another location stay, deleted ones go', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() =>
      settingsStore.update({ selectedProviders: [ELSEWHERE_VET_ID, GONE_ID, VET_ID], selectedServices: [GONE_ID, ELSEWHERE_SERVICE_ID] }),
    );
    const calls = serveSidebar();
    const { result } = renderHook(() => useSavedScheduleFilters(), { wrapper });
    expect(result.current.ready).toBe(false);

    await waitFor(() => expect(settingsStore.get().selectedProviders).toEqual([ELSEWHERE_VET_ID, VET_ID]));
    expect(settingsStore.get().selectedServices).toEqual([ELSEWHERE_SERVICE_ID]);
    expect(result.current).toMatchObject({ ready: true, providers: [ELSEWHERE_VET_ID, VET_ID], services: [ELSEWHERE_SERVICE_ID] });
    expect(sidebarCalls(calls)).toEqual([null]);
  });

  it("with a location selected checks against that location's lists", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() =>
      settingsStore.update({ locationId: LOCATION_ID, locationName: 'Riverside', selectedProviders: [GONE_ID], selectedServices: [CONSULT_ID, NAILS_ID] }),
    );
    const calls = serveSidebar();
    const { result } = renderHook(() => useSavedScheduleFilters(), { wrapper });

    await waitFor(() => expect(settingsStore.get().selectedProviders).toEqual([]));
    expect(settingsStore.get().selectedServices).toEqual([CONSULT_ID, NAILS_ID]);
    expect(result.current.providers).toEqual([]);
    expect(sidebarCalls(calls)).toEqual([LOCATION_ID]);
  });

  it('asks nothing while no provider or service is saved', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const calls = serveSidebar();
    const { result } = renderHook(() => useSavedScheduleFilters(), { wrapper });
    expect(result.current).toMatchObject({ ready: true, providers: [], services: [] });
    await new Promise((r) => setTimeout(r, 20));
    expect(sidebarCalls(calls)).toEqual([]);
  });

  it('keeps the saved ids when the lists fail to load', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() => settingsStore.update({ selectedProviders: [GONE_ID] }));
    fakeServer((call) => (call.path === '/api/scheduleSlot/sidebar' ? { status: 500, body: { error: { message: 'Something went wrong.' } } } : undefined));
    const { result } = renderHook(() => useSavedScheduleFilters(), { wrapper });

    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.providers).toEqual([GONE_ID]);
    expect(settingsStore.get().selectedProviders).toEqual([GONE_ID]);
  });

  it('asks again before dropping an id missing from lists cached before the choice (chosen in another tab)', async () => {
    // Cached lists stay fresh here, as they do for minutes in the app.
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(scheduleKeys.sidebar(null, true), { providers, services }, { updatedAt: Date.now() - 60_000 });
    const newVet: SidebarProvider = { ...providers[0]!, id: GONE_ID.replace('ff', 'aa'), firstName: 'Nina' };
    act(() => settingsStore.update({ selectedProviders: [newVet.id, GONE_ID] }));
    const calls = serveSidebar({ providers: [newVet] });
    renderHook(() => useSavedScheduleFilters(), { wrapper });

    await waitFor(() => expect(settingsStore.get().selectedProviders).toEqual([newVet.id]));
    expect(sidebarCalls(calls)).toEqual([null]);
  });

  it('recheck asks for the lists again, and drops what has been deleted since they were loaded', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    act(() => settingsStore.update({ selectedProviders: [VET_ID], selectedServices: [NAILS_ID] }));
    let deleted = false;
    fakeServer((call) =>
      call.path === '/api/scheduleSlot/sidebar'
        ? { body: { providers: deleted ? [] : providers, services: deleted ? services.filter((s) => s.id !== NAILS_ID) : services } }
        : undefined,
    );
    const { result } = renderHook(() => useSavedScheduleFilters(), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(settingsStore.get().selectedProviders).toEqual([VET_ID]);

    deleted = true;
    act(() => result.current.recheck());
    await waitFor(() => expect(settingsStore.get().selectedServices).toEqual([]));
    expect(settingsStore.get().selectedProviders).toEqual([]);
  });
});
