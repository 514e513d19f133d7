import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { getChatMessages, getChatUnreadCount, linkChat, listChats, markChatRead, replyToChat } from '@willow/contracts';
import type { ChatConversationRef, ChatLinkInput, ChatList, ChatListQuery, ChatMessages, ChatReplyInput } from '@willow/contracts';
import { usePollWhileLiveClosed } from '../../app/live-changes';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { chatKeys } from '../../lib/query-keys';
import { useSettings } from '../../lib/settings';

/**
 * How often the chat asks the server itself while the live stream is not open (decision 0205):
 * no slower than the 10 s the issue allows. With the stream open, the 'chat' topic refreshes it.
 */
export const CHAT_POLL_MS = 10_000;
/** A reply on its way (queued, sending) is looked at this often until it has an outcome. */
export const DELIVERY_POLL_MS = 2_000;

/** A conversation as the API names it: its location and its client, or an unknown number's phone. */
export interface ConversationRef {
  locationId: string;
  clientId?: string | undefined;
  phone?: string | undefined;
}

/**
 * The list's conversation key (chatConversationId: `<locationId>:client:<uuid>` or
 * `<locationId>:phone:<E.164>`) as a reference; null for anything else (a mistyped address).
 */
export function refOf(key: string): ConversationRef | null {
  const found = /^([^:]+):(client|phone):(.+)$/.exec(key);
  if (!found) return null;
  const [, locationId, kind, rest] = found as unknown as [string, string, string, string];
  return kind === 'client' ? { locationId, clientId: rest } : { locationId, phone: rest };
}

/** The address of a conversation on the chat page. */
export const conversationPath = (key: string) => `/chat/${encodeURIComponent(key)}`;

const wire = (ref: ConversationRef): ChatConversationRef => ({
  locationId: ref.locationId,
  ...(ref.clientId ? { clientId: ref.clientId } : { phone: ref.phone }),
});

const usePollInterval = () => usePollWhileLiveClosed(CHAT_POLL_MS);

/** Conversations asked for at a time; more come as the list is scrolled to its end. */
export const CHAT_LIST_PAGE = 50;

/** Where the next page of the chat list starts, in the contract's names (typed by it: a misspelt key would page by time alone and skip conversations sharing the boundary's instant). */
type ChatListPage = Required<Pick<ChatListQuery, 'before' | 'beforeKey'>>;

/** After a full page: the conversations older than its last one (its last text's time and its key). */
export function nextChatListPage(last: ChatList): ChatListPage | undefined {
  const end = last.chatList.at(-1);
  return last.chatList.length < CHAT_LIST_PAGE || !end ? undefined : { before: end.lastMessage.at, beforeKey: end.id };
}

/** One list of the pages' rows, made once per answer (a new `select` function each draw would make a new array each draw). */
const chatListRows = (data: InfiniteData<ChatList>) => data.pages.flatMap((p) => p.chatList);

/**
 * The conversations at the location (every location under 'All Locations'), newest first, a page
 * at a time: the next page starts after the last conversation shown (its last text's time and key).
 */
export function useChatList(locationId: string | null, search: string) {
  const poll = usePollInterval();
  return useInfiniteQuery({
    queryKey: chatKeys.list(locationId, search),
    initialPageParam: undefined as ChatListPage | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listChats, { query: { ...(locationId && { locationId }), ...(search && { search }), ...pageParam, limit: CHAT_LIST_PAGE }, signal }),
    getNextPageParam: nextChatListPage,
    select: chatListRows,
    placeholderData: keepPreviousData,
    refetchInterval: poll,
  });
}

const stillOnItsWay = (pages: readonly ChatMessages[] | undefined) =>
  pages?.some((p) => p.messages.some((m) => m.state === 'queued' || m.state === 'sending')) ?? false;

/**
 * A conversation's texts, paged backwards: the first page is the newest, each next page the one
 * before it. While a reply is still on its way it is looked at every 2 s, so its outcome shows.
 */
export function useChatMessages(ref: ConversationRef | null) {
  const poll = usePollInterval();
  return useInfiniteQuery({
    queryKey: ref ? chatKeys.messages(ref) : ['chat', 'messages', null],
    enabled: ref !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api(getChatMessages, { query: { ...wire(ref!), ...(pageParam && { before: pageParam }), limit: 50 }, signal }),
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    refetchInterval: (q) => (stillOnItsWay(q.state.data?.pages) ? DELIVERY_POLL_MS : poll),
  });
}

/** The navigation badge: texts not read yet at the location chosen in the navigation (every location under All Locations). */
export function useUnreadChatCount(): number | undefined {
  const { locationId } = useSettings();
  const poll = usePollInterval();
  return useQuery({
    queryKey: chatKeys.unreadCount(locationId),
    queryFn: ({ signal }) => api(getChatUnreadCount, { query: { ...(locationId && { locationId }) }, signal }),
    select: (answer) => answer.count,
    refetchInterval: poll,
  }).data;
}

/** Opening a conversation reads it: the list's count and the badge go down. */
export const useMarkChatRead = mutationOf(markChatRead, {
  request: (ref: ConversationRef) => ({ body: { data: wire(ref) } }),
  invalidates: [chatKeys.all],
});

export const useReplyToChat = mutationOf(replyToChat, {
  request: ({ ref, body }: { ref: ConversationRef; body: string }) => ({ body: { data: { ...wire(ref), body } satisfies ChatReplyInput } }),
  invalidates: [chatKeys.all],
});

export const useLinkChat = mutationOf(linkChat, {
  request: (data: ChatLinkInput) => ({ body: { data } }),
  invalidates: [chatKeys.all],
});
