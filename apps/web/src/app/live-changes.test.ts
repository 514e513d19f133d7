import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { liveConnected, openLiveChanges, usePollWhileLiveClosed } from './live-changes';

/** The browser's EventSource as far as the hook uses it: the test plays the server. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  private named = new Map<string, () => void>();
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    this.named.set(name, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  // the server's side
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(change: unknown) {
    this.onmessage?.({ data: JSON.stringify(change) });
  }
  emit(name: string) {
    this.named.get(name)?.();
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

let queryClient: QueryClient;
let close: () => void;
/** Every query key invalidated, as JSON. */
let invalidated: string[];
beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  invalidated = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(JSON.stringify(filters?.queryKey));
  });
  close = openLiveChanges(queryClient);
});
afterEach(() => {
  close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
const stream = () => FakeEventSource.opened.at(-1)!;

describe('live changes', () => {
  it('opens the account’s stream with the session cookie', () => {
    expect(stream().url).toBe('/api/live');
    expect(stream().init).toEqual({ withCredentials: true });
  });

  it('refreshes the queries of each topic that arrives, once for changes arriving together', () => {
    stream().open();
    stream().send({ topic: 'payment', id: 'p1' });
    stream().send({ topic: 'invoice', id: 'i1' });
    stream().send({ topic: 'invoice', id: 'i2' });
    stream().send({ topic: 'clientBalance', id: 'c1' });
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(invalidated.sort()).toEqual(['["cardPaymentRequests"]', '["invoices","balance","c1"]', '["invoices"]', '["payments"]']);
    invalidated.length = 0;
    stream().send({ topic: 'estimate', id: 'e1' });
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual(['["estimates"]']);
    invalidated.length = 0;
    stream().send({ topic: 'task', id: 't1' });
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual(['["tasks"]']);
  });

  it('refreshes the automation queues, the menu’s counts and the automations’ pending counts when a queue item changes', () => {
    stream().open();
    stream().send({ topic: 'automationQueue', id: 'q1' });
    stream().send({ topic: 'automationQueue', id: 'q2' });
    vi.advanceTimersByTime(100);
    expect(invalidated.sort()).toEqual(['["automationQueue"]', '["automations"]']);
  });

  it('refreshes the SMS chat (list, conversations, badge) when a conversation changes', () => {
    stream().open();
    stream().send({ topic: 'chat', id: 'phone:+15305550142' });
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual(['["chat"]']);
  });

  it('tells whether the stream is open, for what polls while it is not (decision 0205)', () => {
    expect(liveConnected()).toBe(false);
    stream().open();
    expect(liveConnected()).toBe(true);
    stream().onerror?.(); // the browser is reconnecting by itself
    expect(liveConnected()).toBe(false);
    stream().open();
    expect(liveConnected()).toBe(true);
    close();
    expect(liveConnected()).toBe(false);
  });

  it('has the badges poll only while the stream is closed', () => {
    const { result } = renderHook(() => usePollWhileLiveClosed(10_000));
    expect(result.current).toBe(10_000);
    act(() => stream().open());
    expect(result.current).toBe(false);
    act(() => stream().onerror?.());
    expect(result.current).toBe(10_000);
  });

  it('ignores what it does not understand', () => {
    stream().open();
    stream().send({ topic: 'horoscope', id: 't1' });
    stream().onmessage?.({ data: 'not json' });
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([]);
  });

  it('refreshes every topic after a reconnection or when the server says changes were missed', () => {
    stream().open();
    vi.advanceTimersByTime(100);
    expect(invalidated).toEqual([]);
    stream().open(); // the browser reconnected by itself
    vi.advanceTimersByTime(100);
    expect(invalidated.sort()).toEqual(['["automationQueue"]', '["automations"]', '["cardPaymentRequests"]', '["chat"]', '["estimates"]', '["invoices"]', '["payments"]', '["tasks"]']);
    invalidated.length = 0;
    stream().emit('resync');
    vi.advanceTimersByTime(100);
    expect(invalidated.sort()).toEqual(['["automationQueue"]', '["automations"]', '["cardPaymentRequests"]', '["chat"]', '["estimates"]', '["invoices"]', '["payments"]', '["tasks"]']);
  });

  it('opens a refused stream again later, waiting longer each time, and stops when closed', () => {
    stream().refuse();
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    stream().refuse();
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    close();
    stream().refuse();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(stream().readyState).toBe(FakeEventSource.CLOSED);
  });
});
