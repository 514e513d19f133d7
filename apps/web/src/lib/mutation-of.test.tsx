import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { authenticated, IdParams, operation, wrapped } from '@willow/contracts';
import { z } from 'zod';
import { fakeServer } from '../test/test-support';
import { mutationOf, mutationWith, useInvalidate } from './mutation-of';

const Widget = z.object({ id: z.string(), name: z.string() });
const renameWidget = operation({
  method: 'POST',
  path: '/api/widget/{id}/rename',
  access: authenticated,
  tag: 'widgets',
  summary: 'Rename a widget',
  params: IdParams,
  body: wrapped(z.object({ name: z.string() })),
  response: Widget,
});

/** What a rename refreshes: the widgets, the history, and the gadget the answer names. */
const useRename = mutationOf(renameWidget, {
  request: ({ id, name }: { id: string; name: string }) => ({ params: { id }, body: { data: { name } } }),
  invalidates: [['widgets'], { queryKey: ['history'], exact: true }, (variables, answer) => [['gadgets', variables.id, answer.name]]],
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  for (const key of [['widgets', 'list'], ['history'], ['history', 'w1'], ['gadgets', 'w1', 'Cog'], ['gadgets', 'w2', 'Cog'], ['unrelated']])
    client.setQueryData(key, []);
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);
  return { client, wrapper, stale };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('mutationOf', () => {
  it('sends the request made from the variables and, on success, invalidates exactly the declared groups', async () => {
    const calls = fakeServer(() => ({ body: { id: 'w1', name: 'Cog' } }));
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useRename(), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ id: 'w1', name: 'Cog' });
    });
    expect(answer).toEqual({ id: 'w1', name: 'Cog' });
    expect(calls).toMatchObject([{ method: 'POST', path: '/api/widget/w1/rename', body: { data: { name: 'Cog' } } }]);
    // A key takes everything under it; filters as they say (exact: not the history of w1); a function the keys it answers.
    expect(stale()).toEqual([['widgets', 'list'], ['history'], ['gadgets', 'w1', 'Cog']]);
  });

  it('a failure invalidates nothing and hands the error on', async () => {
    fakeServer(() => ({ status: 409, body: { error: { message: 'The name is taken' } } }));
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useRename(), { wrapper });
    await act(() => expect(result.current.mutateAsync({ id: 'w1', name: 'Cog' })).rejects.toThrow('The name is taken'));
    expect(stale()).toEqual([]);
  });

  it('without a request the variables are the request; onSuccess writes the answer first', async () => {
    const calls = fakeServer(() => ({ body: { id: 'w2', name: 'Gear' } }));
    const useRenameAs = mutationOf(renameWidget, {
      invalidates: [['widgets']],
      onSuccess: (answer, _variables, queryClient) => queryClient.setQueryData(['widget', answer.id], answer),
    });
    const { client, wrapper, stale } = setup();
    const { result } = renderHook(() => useRenameAs(), { wrapper });
    await act(() => result.current.mutateAsync({ params: { id: 'w2' }, body: { data: { name: 'Gear' } }, headers: { 'Idempotency-Key': 'k1' } }));
    expect(calls[0]).toMatchObject({ path: '/api/widget/w2/rename', headers: { 'Idempotency-Key': 'k1' } });
    expect(client.getQueryData(['widget', 'w2'])).toEqual({ id: 'w2', name: 'Gear' });
    expect(stale()).toEqual([['widgets', 'list']]);
  });

  it('mutationWith: the hook’s arguments reach the call and the declaration', async () => {
    const seen: unknown[] = [];
    const useSave = mutationWith(async (name: string, scope: 'account' | 'system') => ({ name, scope }), {
      invalidates: [(_name, _answer, scope) => (scope === 'system' ? [['history']] : [])],
    });
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => ({ account: useSave('account'), system: useSave('system') }), { wrapper });
    await act(async () => {
      seen.push(await result.current.account.mutateAsync('a'));
    });
    expect(stale()).toEqual([]);
    await act(async () => {
      seen.push(await result.current.system.mutateAsync('b'));
    });
    expect(seen).toEqual([
      { name: 'a', scope: 'account' },
      { name: 'b', scope: 'system' },
    ]);
    expect(stale()).toEqual([['history'], ['history', 'w1']]);
  });

  it('useInvalidate: refreshes the declared groups when asked', async () => {
    const { wrapper, stale } = setup();
    const groups = [['gadgets', 'w2']] as const;
    const { result } = renderHook(() => useInvalidate(groups), { wrapper });
    await act(() => result.current());
    await waitFor(() => expect(stale()).toEqual([['gadgets', 'w2', 'Cog']]));
  });

  it('types the variables and the answer from the operation', () => {
    const typed = () => {
      const rename = useRename();
      // @ts-expect-error the variables are the request's
      rename.mutate({ id: 'w1' });
      mutationOf(renameWidget, {
        // @ts-expect-error the body is the operation's
        request: (name: string) => ({ params: { id: 'w1' }, body: { data: { title: name } } }),
        // @ts-expect-error the answer is the operation's response
        invalidates: [(_v, answer) => [['gadgets', answer.size]]],
      });
    };
    expect(typeof typed).toBe('function');
  });
});
