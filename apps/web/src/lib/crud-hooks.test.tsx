import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { authenticated, crudOperations } from '@willow/contracts';
import { z } from 'zod';
import { fakeServer } from '../test/test-support';
import type { Call } from '../test/test-support';
import { crudHooks } from './crud-hooks';

const Widget = z.object({ id: z.string(), name: z.string() });
const WidgetInput = z.object({ name: z.string(), size: z.number().default(1) });
const widgetOps = crudOperations({
  path: '/api/widget',
  tag: 'widgets',
  noun: 'widget',
  entity: Widget,
  list: { query: z.object({ locationId: z.string().optional() }) },
  create: { input: WidgetInput },
  update: { input: WidgetInput.partial() },
  remove: {},
  read: authenticated,
  write: authenticated,
});

const widgetKeys = { all: ['widgets'] as const };
const historyKeys = { all: ['history'] as const };
const widgets = crudHooks({ ops: widgetOps, keys: widgetKeys, invalidates: [widgetKeys.all, historyKeys.all] });

const W1 = { id: 'w1', name: 'Sprocket' };

/** Answers the widget routes as the server would; records every request. */
function serveWidgets() {
  return fakeServer((call) => {
    if (call.path === '/api/widget') return call.method === 'GET' ? { body: [W1] } : { status: 201, body: W1 };
    if (call.path === '/api/widget/w1') return { body: call.method === 'DELETE' ? { ok: true } : W1 };
    return undefined;
  });
}

/** Serves the widgets, but holds every GET after the first until released. */
function holdRefetches() {
  serveWidgets();
  const served = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { held: 0, release: () => release() };
  let gets = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET' && ++gets > 1) {
      state.held++;
      await gate;
    }
    return served(url, init);
  });
  return state;
}

const said = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}${c.query.size ? `?${c.query}` : ''}`);

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('crudHooks', () => {
  it('lists with the query under the list key, [...all, "list", query] unless the keys say otherwise', async () => {
    const calls = serveWidgets();
    const { client, wrapper } = setup();
    const { result } = renderHook(() => widgets.useList({ locationId: 'L1' }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([W1]));
    expect(said(calls)).toEqual(['GET /api/widget?locationId=L1']);
    expect(client.getQueryData(['widgets', 'list', { locationId: 'L1' }])).toEqual([W1]);
    expect(widgets.keys.list({ locationId: 'L1' })).toEqual(['widgets', 'list', { locationId: 'L1' }]);

    const custom = crudHooks({ ops: widgetOps, keys: { all: ['widgets'], list: (q) => ['widgets', 'mine', q.locationId ?? null] } });
    const other = renderHook(() => custom.useList({}, { select: (list) => list.length }), { wrapper });
    await waitFor(() => expect(other.result.current.data).toBe(1));
    expect(client.getQueryData(['widgets', 'mine', null])).toEqual([W1]);
  });

  it('passes the query options on: a disabled list asks nothing', async () => {
    const calls = serveWidgets();
    const { wrapper } = setup();
    const { result } = renderHook(() => widgets.useList({}, { enabled: false }), { wrapper });
    await act(() => Promise.resolve());
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('a create posts the data and refreshes the groups it declares, nothing else', async () => {
    const calls = serveWidgets();
    const { client, wrapper } = setup();
    client.setQueryData(['widgets', 'list', { locationId: 'other' }], []);
    client.setQueryData(['history', 'widget', 'w1'], []);
    client.setQueryData(['unrelated'], []);
    const { result } = renderHook(() => ({ list: widgets.useList({}), create: widgets.useCreate() }), { wrapper });
    await waitFor(() => expect(result.current.list.data).toEqual([W1]));

    let answer: unknown;
    await act(async () => {
      answer = await result.current.create.mutateAsync({ name: 'Sprocket' });
    });
    expect(answer).toEqual(W1);
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/widget', body: { data: { name: 'Sprocket' } } });
    // The list on screen is fetched again; the others are marked stale.
    await waitFor(() => expect(said(calls)).toEqual(['GET /api/widget', 'POST /api/widget', 'GET /api/widget']));
    expect(invalidated(client, ['widgets', 'list', { locationId: 'other' }])).toBe(true);
    expect(invalidated(client, ['history', 'widget', 'w1'])).toBe(true);
    expect(invalidated(client, ['unrelated'])).toBe(false);
  });

  it('an update posts { data } to the id, a remove deletes the id; both refresh', async () => {
    const calls = serveWidgets();
    const { client, wrapper } = setup();
    const { result } = renderHook(() => ({ update: widgets.useUpdate(), remove: widgets.useRemove() }), { wrapper });

    client.setQueryData(['history', 'widget', 'w1'], []);
    await act(() => result.current.update.mutateAsync({ id: 'w1', data: { name: 'Cog' } }));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/widget/w1', body: { data: { name: 'Cog' } } });
    expect(invalidated(client, ['history', 'widget', 'w1'])).toBe(true);

    client.setQueryData(['widgets', 'list', {}], [W1]);
    await act(() => result.current.remove.mutateAsync('w1'));
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/widget/w1', body: undefined });
    expect(invalidated(client, ['widgets', 'list', {}])).toBe(true);
    expect(said(calls)).toEqual(['POST /api/widget/w1', 'DELETE /api/widget/w1']);
  });

  it('invalidates what it declares, in order; its own key alone when it declares nothing', async () => {
    serveWidgets();
    const { client, wrapper } = setup();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const plain = crudHooks({ ops: widgetOps, keys: widgetKeys });
    const { result } = renderHook(() => ({ declared: widgets.useRemove(), plain: plain.useRemove() }), { wrapper });
    await act(() => result.current.declared.mutateAsync('w1'));
    await act(() => result.current.plain.mutateAsync('w1'));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['widgets'], ['history'], ['widgets']]);
    expect(widgets.invalidates).toEqual([['widgets'], ['history']]);
  });

  it('a failed change refreshes nothing and hands the error on', async () => {
    fakeServer(() => ({ status: 400, body: { error: { message: 'name: is required' } } }));
    const { client, wrapper } = setup();
    client.setQueryData(['widgets', 'list', {}], [W1]);
    const { result } = renderHook(() => widgets.useCreate(), { wrapper });
    await act(() => expect(result.current.mutateAsync({ name: '' })).rejects.toThrow('name: is required'));
    expect(invalidated(client, ['widgets', 'list', {}])).toBe(false);
  });

  it('makes only the hooks of the operations given', () => {
    const notes = crudHooks({ ops: { create: widgetOps.create, remove: widgetOps.remove }, keys: widgetKeys });
    expect(Object.keys(notes).sort()).toEqual(['invalidates', 'keys', 'useCreate', 'useRemove']);
    // @ts-expect-error no list operation, no useList
    void notes.useList;
    // @ts-expect-error no update operation, no useUpdate
    void notes.useUpdate;
  });

  it('settles at once, or with awaitInvalidation once the lists on screen came back', async () => {
    const awaiting = crudHooks({ ops: { create: widgetOps.create }, keys: widgetKeys, awaitInvalidation: true });
    for (const [hooks, waits] of [
      [widgets, false],
      [awaiting, true],
    ] as const) {
      const refetch = holdRefetches();
      const { wrapper } = setup();
      const { result, unmount } = renderHook(() => ({ list: widgets.useList({}), create: hooks.useCreate() }), { wrapper });
      await waitFor(() => expect(result.current.list.data).toEqual([W1]));
      let settled = false;
      let pending: Promise<unknown> = Promise.resolve();
      act(() => {
        pending = result.current.create.mutateAsync({ name: 'Sprocket' }).then(() => (settled = true));
      });
      await waitFor(() => expect(refetch.held).toBe(1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(settled).toBe(!waits);
      await act(async () => {
        refetch.release();
        await pending;
      });
      expect(settled).toBe(true);
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('types the variables from the contract', () => {
    const typed = () => {
      const create = widgets.useCreate();
      // @ts-expect-error the create data needs a name
      create.mutate({ size: 2 });
      const update = widgets.useUpdate();
      update.mutate({ id: 'w1', data: { size: 2 } });
      // @ts-expect-error an update names the id
      update.mutate({ data: { size: 2 } });
      const remove = widgets.useRemove();
      // @ts-expect-error a remove takes the id
      remove.mutate({ id: 'w1' });
      // @ts-expect-error the list query is the contract's
      widgets.useList({ clientId: 'c1' });
    };
    expect(typeof typed).toBe('function');
  });

  it('sends a header with its items under the contract’s keys, and reads one record', async () => {
    const orderOps = crudOperations({
      path: '/api/order',
      tag: 'orders',
      noun: 'order',
      entity: Widget,
      read: authenticated,
      write: authenticated,
      get: {},
      create: { input: z.object({ name: z.string() }) },
      update: { input: z.object({ name: z.string() }).partial() },
      wrapper: 'orderData',
      items: { key: 'orderItems', input: z.object({ amount: z.number() }) },
    });
    const orders = crudHooks({ ops: orderOps, keys: { all: ['orders'] } });
    const server = fakeServer((call) => {
      if (call.path === '/api/order') return { status: 201, body: W1 };
      if (call.path === '/api/order/w1') return { body: W1 };
      return undefined;
    });
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ one: orders.useGet('w1'), create: orders.useCreate(), update: orders.useUpdate() }), { wrapper });
    await waitFor(() => expect(result.current.one.data).toEqual(W1));
    await act(() => result.current.create.mutateAsync({ orderData: { name: 'Urn' }, orderItems: [{ amount: 5 }] }));
    await act(() => result.current.update.mutateAsync({ id: 'w1', data: { orderData: { name: 'Box' } } }));
    expect(server.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { orderData: { name: 'Urn' }, orderItems: [{ amount: 5 }] },
      { orderData: { name: 'Box' } },
    ]);
  });
});
