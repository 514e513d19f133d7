import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_RESYNC_EVENT, LIVE_TOPICS, LiveChange, liveChanges, type LiveTopic } from '@willow/contracts';
import { automationKeys, automationQueueKeys, cardPaymentKeys, chatKeys, estimateKeys, invoiceKeys, paymentKeys, taskKeys } from '../lib/query-keys';

/**
 * What each live topic refreshes (decision 0189): the queries that show it, on every screen. An
 * invoice's change reaches its lists, its dialog, the appointment's billing and the balances
 * (all under invoiceKeys.all); a client's balance only that client's; a task every task list and
 * the Tasks badge; a queue item the three queues, the menu's badges and the automations' pending counts.
 */
export const LIVE_INVALIDATIONS: Record<LiveTopic, (id: string) => QueryKey[]> = {
  invoice: () => [invoiceKeys.all],
  payment: () => [paymentKeys.all, cardPaymentKeys.all],
  estimate: () => [estimateKeys.all],
  clientBalance: (id) => [invoiceKeys.balance(id)],
  // A text received, a reply queued, its delivery state, a conversation read or linked: the list,
  // the open conversation and the SMS badge all read the same few rows, so all of them (decision 0205).
  chat: () => [chatKeys.all],
  // A task's change reaches every list of tasks and the navigation badge (all under taskKeys.all).
  task: () => [taskKeys.all],
  // An item made by a firing, sent by the sender job, edited, skipped or suppressed: every queue and
  // the menu's counts (under automationQueueKeys.all), and its automation's pending count.
  automationQueue: () => [automationQueueKeys.all, automationKeys.all],
};

/*
 * Whether the live stream is open now. What counts on it alone (the SMS badge, the chat) asks the
 * server itself every few seconds while it is not (decision 0205): refused, reconnecting, or never
 * opened (a browser without EventSource).
 */
let connected = false;
const listeners = new Set<() => void>();
function setConnected(next: boolean) {
  if (connected === next) return;
  connected = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The live stream is open now: changes arrive without asking. */
export const liveConnected = (): boolean => connected;

/** The live stream is open, as a component sees it (it re-renders when that changes). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(subscribe, liveConnected, () => false);
}

/**
 * A query's refetch interval when the live stream keeps it fresh: none while the stream is open,
 * every `ms` while it is closed (refused, reconnecting), so a badge never goes stale until a reload.
 */
export function usePollWhileLiveClosed(ms: number): number | false {
  return useLiveConnected() ? false : ms;
}

/** Changes arriving together (a payment's invoice, payment and balance) refresh once. */
const GATHER_MS = 50;
/** A stream the server refused or ended for good is opened again after this, doubling to the most. */
const REOPEN_MS = { first: 2_000, most: 60_000 };

/** The queries the changes name, each once. */
export function keysOf(changes: readonly LiveChange[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const c of changes) for (const key of LIVE_INVALIDATIONS[c.topic](c.id)) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

/** Every query a topic refreshes: after changes may have been missed. */
const everything = (): LiveChange[] => LIVE_TOPICS.filter((t) => t !== 'clientBalance').map((topic) => ({ topic, id: '' }));

/**
 * Opens the account's live changes (`GET /api/live`, server-sent events) and refreshes the
 * queries each change names, so a payment recorded anywhere shows on every screen without a
 * reload. EventSource reconnects by itself after a network failure; a stream the server refused
 * (signed out, a restart's 503) is opened again with a growing delay. After any reconnection the
 * topics' queries are refreshed: changes may have happened while it was closed.
 */
export function useLiveChanges(): void {
  const queryClient = useQueryClient();
  useEffect(() => openLiveChanges(queryClient), [queryClient]);
}

/** The stream and its refreshes; answers how to close it. */
export function openLiveChanges(queryClient: QueryClient, url: string = liveChanges.path): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | undefined;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let gather: ReturnType<typeof setTimeout> | undefined;
  let delay = REOPEN_MS.first;
  let opened = false;
  let closed = false;
  const pending: LiveChange[] = [];

  const flush = () => {
    gather = undefined;
    const keys = keysOf(pending.splice(0));
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const heard = (changes: LiveChange[]) => {
    pending.push(...changes);
    gather ??= setTimeout(flush, GATHER_MS);
  };

  const open = () => {
    const es = new EventSource(url, { withCredentials: true });
    source = es;
    es.onopen = () => {
      delay = REOPEN_MS.first;
      setConnected(true);
      if (opened) heard(everything());
      opened = true;
    };
    es.onmessage = (event: MessageEvent<string>) => {
      const change = LiveChange.safeParse(safeJson(event.data));
      if (change.success) heard([change.data]);
    };
    es.addEventListener(LIVE_RESYNC_EVENT, () => heard(everything()));
    es.onerror = () => {
      setConnected(false);
      // CONNECTING: the browser is reconnecting by itself. CLOSED: it gave up; try again later.
      if (es.readyState !== EventSource.CLOSED || closed) return;
      reopen = setTimeout(open, delay);
      delay = Math.min(delay * 2, REOPEN_MS.most);
    };
  };
  open();

  return () => {
    closed = true;
    setConnected(false);
    clearTimeout(reopen);
    clearTimeout(gather);
    source?.close();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
