import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getClientChannels, listMessages, sendClientEmail, sendClientSms } from '@willow/contracts';
import type { EmailInput, OpQuery, SmsInput } from '@willow/contracts';
import type { z } from 'zod';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';

const communicationKeys = { all: ['communications'] as const };
const channelsKey = (clientId: string) => [...communicationKeys.all, 'channels', clientId] as const;

/** The log under ['communications', 'list', query]; a message sent refreshes it and the client's channels. */
const hooks = crudHooks({ ops: { list: listMessages }, keys: communicationKeys });

/** While a message shown is still on its way (queued, sending), the list looks again every few seconds. */
export function useMessages(query: OpQuery<typeof listMessages>, options: { enabled?: boolean; placeholderData?: typeof keepPreviousData } = {}) {
  return hooks.useList(query, {
    ...options,
    refetchInterval: (q) => (q.state.data?.items.some((m) => m.state === 'queued' || m.state === 'sending') ? 2000 : false),
  });
}

/** Whether the client can be emailed and texted, and why not: the composer says it before anyone types. */
export function useClientChannels(clientId: string) {
  return useQuery({ queryKey: channelsKey(clientId), queryFn: ({ signal }) => api(getClientChannels, { query: { clientId }, signal }) });
}

export const useSendEmail = mutationOf(sendClientEmail, {
  request: (data: z.input<typeof EmailInput>) => ({ body: { data } }),
  invalidates: [communicationKeys.all],
});

export const useSendSms = mutationOf(sendClientSms, { request: (data: z.input<typeof SmsInput>) => ({ body: { data } }), invalidates: [communicationKeys.all] });
