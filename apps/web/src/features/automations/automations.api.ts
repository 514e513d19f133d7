import { useMemo } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, UseMutationResult } from '@tanstack/react-query';
import {
  countPendingQueueItems,
  emailAutomationOps,
  emailQueueItemOps,
  emailTemplateOps,
  smsAutomationOps,
  smsQueueItemOps,
  smsTemplateOps,
  taskAutomationOps,
  taskQueueItemOps,
} from '@willow/contracts';
import type {
  AutomationKind,
  EmailAutomation,
  EmailQueueItem,
  EmailTemplate,
  SmsAutomation,
  SmsQueueItem,
  SmsTemplate,
  TaskAutomation,
  TaskQueueItem,
} from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import type { Page } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { auditKeys, automationKeys, automationQueueKeys, taskKeys, templateKeys } from '../../lib/query-keys';
import { useSettings } from '../../lib/settings';
import { usePollWhileLiveClosed } from '../../app/live-changes';

/** One automation of any kind, tagged with its kind (the one list shows the three together). */
export type AnyAutomation = (EmailAutomation & { kind: 'email' }) | (SmsAutomation & { kind: 'sms' }) | (TaskAutomation & { kind: 'task' });
export interface AutomationOf {
  email: EmailAutomation;
  sms: SmsAutomation;
  task: TaskAutomation;
}
export interface QueueItemOf {
  email: EmailQueueItem;
  sms: SmsQueueItem;
  task: TaskQueueItem;
}
export type AnyQueueItem = QueueItemOf[AutomationKind];

/** The body's wrapper of each kind (`{emailAutomationData}`…), put on in one place. */
export const WRAPPERS = { email: 'emailAutomationData', sms: 'smsAutomationData', task: 'taskAutomationData' } as const satisfies Record<AutomationKind, string>;
export const AUTOMATION_OPS = { email: emailAutomationOps, sms: smsAutomationOps, task: taskAutomationOps } as const;
export const QUEUE_OPS = { email: emailQueueItemOps, sms: smsQueueItemOps, task: taskQueueItemOps } as const;

/*
 * A change to an automation changes its row and its waiting items (a deleted one suppresses them,
 * a paused one holds them) and is kept in the history; a change to a queue item changes the
 * queue, the menu's counts and its automation's pending count.
 */
const AUTOMATION_CHANGES = [automationKeys.all, automationQueueKeys.all, auditKeys.all];
const QUEUE_CHANGES = [automationQueueKeys.all, automationKeys.all];

const automationHooksOf = <K extends AutomationKind>(kind: K) =>
  crudHooks({ ops: AUTOMATION_OPS[kind], keys: { all: [...automationKeys.all, kind], list: (q) => automationKeys.list(kind, q) }, invalidates: AUTOMATION_CHANGES });
const AUTOMATION_HOOKS = { email: automationHooksOf('email'), sms: automationHooksOf('sms'), task: automationHooksOf('task') };

/** The most automations a practice is expected to have of one kind: the one list asks for them all at once (decision 0216). */
export const AUTOMATIONS_PER_KIND = 200;

/**
 * Every automation of the three kinds at a location (its own and those of every location; all of
 * them under All Locations), in one list by name. Loading, a failure and Retry are the three
 * lists' together.
 */
export function useAllAutomations(locationId: string | null) {
  const query = { limit: AUTOMATIONS_PER_KIND, offset: 0, ...(locationId && { locationId }) };
  const results = useQueries({
    queries: (['email', 'sms', 'task'] as const).map((kind) => ({
      queryKey: automationKeys.list(kind, query),
      queryFn: ({ signal }: { signal: AbortSignal }) => api(AUTOMATION_OPS[kind].list, { query, signal }) as Promise<Page<AutomationOf[typeof kind]>>,
    })),
  });
  const [email, sms, task] = results.map((r) => r.data) as [Page<EmailAutomation>?, Page<SmsAutomation>?, Page<TaskAutomation>?];
  // Made once per answer: the dialog follows its row, and a new object each render would refill it.
  const rows = useMemo<AnyAutomation[] | undefined>(
    () =>
      email && sms && task
        ? [
            ...email.items.map((a) => ({ ...a, kind: 'email' as const })),
            ...sms.items.map((a) => ({ ...a, kind: 'sms' as const })),
            ...task.items.map((a) => ({ ...a, kind: 'task' as const })),
          ].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
        : undefined,
    [email, sms, task],
  );
  return {
    rows,
    isLoading: results.some((r) => r.isLoading),
    isFetching: results.some((r) => r.isFetching),
    error: results.find((r) => r.error)?.error ?? null,
    refetch: () => Promise.all(results.filter((r) => r.error).map((r) => r.refetch())),
  };
}

type Body = Record<string, unknown>;

/** A kind's create, update and delete; the fields go under the kind's wrapper here. */
export function useAutomationMutations(kind: AutomationKind) {
  const hooks = AUTOMATION_HOOKS[kind];
  const create = (hooks.useCreate as unknown as () => UseMutationResult<AnyAutomation, Error, Body>)();
  const update = (hooks.useUpdate as unknown as () => UseMutationResult<AnyAutomation, Error, { id: string; data: Body }>)();
  const remove = hooks.useRemove();
  const wrap = (data: object) => ({ [WRAPPERS[kind]]: data });
  return {
    create: {
      isPending: create.isPending,
      mutate: (data: object, options: Parameters<typeof create.mutate>[1]) => create.mutate(wrap(data), options),
    },
    update: {
      isPending: update.isPending,
      mutate: ({ id, data }: { id: string; data: object }, options: Parameters<typeof update.mutate>[1]) => update.mutate({ id, data: wrap(data) }, options),
      mutateAsync: ({ id, data }: { id: string; data: object }) => update.mutateAsync({ id, data: wrap(data) }),
    },
    remove,
  };
}

/** The three kinds' mutations at once, for a list acting on rows of every kind (pause, delete). */
export function useEveryKindMutations() {
  return { email: useAutomationMutations('email'), sms: useAutomationMutations('sms'), task: useAutomationMutations('task') };
}

/** The email or SMS templates of the account an automation may send: a location's, or every location's for one of every location. */
export function useMessageTemplates(kind: 'email' | 'sms', locationId: string | null) {
  const query = locationId ? { locationId } : {};
  return useQuery({
    queryKey: templateKeys.list(kind, query),
    queryFn: ({ signal }) => (kind === 'email' ? api(emailTemplateOps.list, { query, signal }) : api(smsTemplateOps.list, { query, signal })) as Promise<(EmailTemplate | SmsTemplate)[]>,
  });
}

// ---- queue items ----

/**
 * How often the queues and the menu's counts ask while the live stream is closed (the Tasks and
 * SMS badges' pace); while it is open the 'automationQueue' topic refreshes them (decision 0217).
 */
export const QUEUE_POLL_MS = 10_000;

export interface QueueListQuery {
  locationId?: string;
  view: 'waiting' | 'done';
  limit: number;
  offset: number;
}

export function useQueueItems<K extends AutomationKind>(kind: K, query: QueueListQuery, options: { enabled: boolean; placeholderData?: never } | object) {
  const poll = usePollWhileLiveClosed(QUEUE_POLL_MS);
  return useQuery({
    ...options,
    queryKey: automationQueueKeys.list(kind, query),
    queryFn: ({ signal }) => api(QUEUE_OPS[kind].list, { query, signal }) as Promise<Page<QueueItemOf[K]>>,
    // the 'automationQueue' live topic keeps it fresh; while the stream is closed it asks every 10 s
    refetchInterval: poll,
  });
}

const queueUpdateOf = (kind: AutomationKind) =>
  mutationOf(QUEUE_OPS[kind].update, { request: ({ id, data }: { id: string; data: Body }) => ({ params: { id }, body: { data } as never }), invalidates: QUEUE_CHANGES });
const goNowOf = (kind: AutomationKind) => {
  const op = kind === 'task' ? taskQueueItemOps.trigger : kind === 'sms' ? smsQueueItemOps.send : emailQueueItemOps.send;
  return mutationOf(op, {
    request: (id: string) => ({ params: { id } }),
    // A task triggered is a task in the lists; an email or text goes through the outbox.
    invalidates: kind === 'task' ? [...QUEUE_CHANGES, taskKeys.all] : QUEUE_CHANGES,
  });
};
const QUEUE_UPDATES = { email: queueUpdateOf('email'), sms: queueUpdateOf('sms'), task: queueUpdateOf('task') };
const GO_NOW = { email: goNowOf('email'), sms: goNowOf('sms'), task: goNowOf('task') };

/** Edit or skip an item of a kind (`{skip: true}`). */
export function useUpdateQueueItem(kind: AutomationKind) {
  return QUEUE_UPDATES[kind]() as UseMutationResult<AnyQueueItem, Error, { id: string; data: Body }>;
}

/** Send (email, SMS) or trigger (task) an item now. */
export function useSendQueueItem(kind: AutomationKind) {
  return GO_NOW[kind]() as UseMutationResult<AnyQueueItem, Error, string>;
}

/**
 * After a refusal (409: a condition found at send time, or the item gone meanwhile) the item as
 * it now stands replaces its row in the lists on screen, so the row says why rather than vanish;
 * the counts and the other lists are asked again.
 */
export function useShowRefusedItem(kind: AutomationKind) {
  const queryClient = useQueryClient();
  return (id: string) => showRefusedItem(queryClient, kind, id);
}

export async function showRefusedItem(queryClient: QueryClient, kind: AutomationKind, id: string): Promise<void> {
  const item = (await api(QUEUE_OPS[kind].get, { params: { id } }).catch(() => null)) as AnyQueueItem | null;
  if (item)
    queryClient.setQueriesData<Page<AnyQueueItem>>({ queryKey: [...automationQueueKeys.all, kind, 'list'] }, (page) =>
      page ? { ...page, items: page.items.map((row) => (row.id === id ? item : row)) } : page,
    );
  // The lists are stale (refreshed when next shown); the row just written stays on screen.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...automationQueueKeys.all, kind, 'list'], refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: automationQueueKeys.count(null).slice(0, 2) }),
    queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  ]);
}

function usePendingCounts() {
  const { locationId } = useSettings();
  return useQuery({
    queryKey: automationQueueKeys.count(locationId),
    queryFn: ({ signal }) => api(countPendingQueueItems, { query: locationId ? { locationId } : {}, signal }),
    // the 'automationQueue' live topic keeps the badges fresh; while the stream is closed they ask every 10 s
    refetchInterval: usePollWhileLiveClosed(QUEUE_POLL_MS),
  }).data;
}

/** The menu's badges: items awaiting approval at the location chosen in the navigation (all under All Locations). */
export const usePendingEmailCount = (): number | undefined => usePendingCounts()?.email;
export const usePendingSmsCount = (): number | undefined => usePendingCounts()?.sms;
export const usePendingTaskCount = (): number | undefined => usePendingCounts()?.task;
