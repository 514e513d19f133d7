import { z } from 'zod';
import { MESSAGE_STATES } from './communications.js';
import { authenticated, operation } from './operation.js';
import { idField, instantField, messageField, wrapped } from './rules.js';

/**
 * Two-way SMS chat (SPEC §3 "Chat list items", §7 "Chat"; issue 31): the texts a location sent a
 * client through the outbox and the texts clients sent back through Twilio's webhook, read as
 * conversations. A conversation is a client at a location, or a number no client has (an unknown
 * number) at a location. Nothing here is stored twice: sent texts are the outbox's rows (with their
 * delivery state), received texts the webhook's.
 */
export const CHAT_MESSAGES = {
  listError: 'Error getting Chats',
  messagesError: 'Error getting messages',
  smsSent: 'SMS sent',
  smsError: 'Error sending SMS',
  linked: 'Number linked to the client',
  linkError: 'Error linking the number',
  /** a client conversation whose client has no phone to reply to */
  noPhone: 'This client has no phone number',
  /** either a client or a phone names the conversation */
  conversationRequired: 'is required (a client or a phone number)',
} as const;

export const CHAT_DIRECTIONS = ['inbound', 'outbound'] as const;
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];

/** A phone number in E.164, as Twilio writes it and the chat list answers it (e.g. +15305550142). */
export const e164Field = () => z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, e.g. +15305550142');

/**
 * The conversation key of the list, unique across the account's locations (a client may be texted
 * from two): `<locationId>:client:<uuid>` for a client, `<locationId>:phone:<E.164>` for an unknown
 * number. The 'chat' live topic names conversations by it.
 */
export const chatConversationId = (c: { locationId: string; clientId: string | null; phone: string | null }): string =>
  c.clientId ? `${c.locationId}:client:${c.clientId}` : `${c.locationId}:phone:${c.phone}`;

const ChatClient = z.object({ id: z.string(), name: z.string() });

export const ChatLastMessage = z.object({
  direction: z.enum(CHAT_DIRECTIONS),
  body: z.string(),
  at: z.string(),
  /** a sent text's outbox state (queued, sent, failed…); null for a received one */
  state: z.enum(MESSAGE_STATES).nullable(),
});
export type ChatLastMessage = z.infer<typeof ChatLastMessage>;

/** One conversation of the chat list (SPEC §3: each has a count and locationId). */
export const ChatListItem = z.object({
  /** stable conversation key (chatConversationId): `<locationId>:client:<uuid>` or `<locationId>:phone:<E.164>` */
  id: z.string(),
  locationId: z.string(),
  /** null: a number no client has (link it to one with POST /api/chat/link) */
  client: ChatClient.nullable(),
  /** the number last used in the conversation, either way (E.164) */
  phone: z.string(),
  lastMessage: ChatLastMessage,
  /** received texts not read yet */
  count: z.number().int(),
  /** the number replied STOP to the location (and not START since): it receives no texts */
  optedOut: z.boolean(),
});
export type ChatListItem = z.infer<typeof ChatListItem>;

export const ChatListQuery = z.object({
  /** absent: every location of the account */
  locationId: idField().optional(),
  /** a client's name or part of a phone number */
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** the next page: conversations whose last message is older than this (the last item's lastMessage.at) */
  before: instantField().optional(),
  /** with `before`: the last item's id, for conversations whose last messages share that instant */
  beforeKey: z.string().max(200).optional(),
});
export type ChatListQuery = z.input<typeof ChatListQuery>;

export const ChatList = z.object({ chatList: z.array(ChatListItem) });
export type ChatList = z.infer<typeof ChatList>;

export const listChats = operation({
  method: 'GET',
  path: '/api/chat',
  access: authenticated,
  tag: 'chat',
  summary: 'The conversations of a location (or of every location), newest last message first, with their unread counts',
  query: ChatListQuery,
  response: ChatList,
});

/**
 * A conversation named by its location and its client or, for an unknown number, its phone: one
 * of the two (a client's conversation holds every number they texted from or were texted at).
 */
const conversationFields = { locationId: idField(), clientId: idField().optional(), phone: e164Field().optional() };
type ConversationFields = { clientId?: string | undefined; phone?: string | undefined };
const oneOfClientOrPhone = (v: ConversationFields, ctx: z.RefinementCtx) => {
  if (!v.clientId && !v.phone) ctx.addIssue({ code: 'custom', path: ['clientId'], message: CHAT_MESSAGES.conversationRequired });
  if (v.clientId && v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'must be left out when clientId is given' });
};

export const ChatConversationRef = z.object(conversationFields).superRefine(oneOfClientOrPhone);
export type ChatConversationRef = z.input<typeof ChatConversationRef>;

export const ChatMessage = z.object({
  id: z.string(),
  direction: z.enum(CHAT_DIRECTIONS),
  body: z.string(),
  /** received, or written (a sent text: when staff queued it) */
  at: z.string(),
  /** a sent text's outbox state; null for a received one */
  state: z.enum(MESSAGE_STATES).nullable(),
  /** the provider's latest word on delivery (Twilio's status callbacks: delivered, undelivered…) */
  deliveryStatus: z.string().nullable(),
  /** why a sent text failed, was suppressed or not sent (the provider's reason) */
  reason: z.string().nullable(),
  /** who wrote a sent text; null for a received one or one an automation sent */
  sentBy: ChatClient.nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** A conversation's header: as a chat list item, without a last message (a client not texted yet has none). */
export const ChatConversation = ChatListItem.omit({ lastMessage: true, phone: true }).extend({
  /** where a reply goes: the client's phone, else the number last used; null when there is none */
  phone: z.string().nullable(),
  /** why a reply would be refused (STOP, no phone); null when one can be written */
  replyProblem: z.string().nullable(),
});
export type ChatConversation = z.infer<typeof ChatConversation>;

export const ChatMessagesQuery = z
  .object({
    ...conversationFields,
    /** the older page: messages before this one (the id of the oldest message shown) */
    before: idField().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(oneOfClientOrPhone);
export type ChatMessagesQuery = z.input<typeof ChatMessagesQuery>;

export const ChatMessages = z.object({
  /** oldest first within the page (newest at the bottom) */
  messages: z.array(ChatMessage),
  /** older messages exist: ask again with `before` = messages[0].id */
  hasMore: z.boolean(),
  conversation: ChatConversation,
});
export type ChatMessages = z.infer<typeof ChatMessages>;

export const getChatMessages = operation({
  method: 'GET',
  path: '/api/chat/messages',
  access: authenticated,
  tag: 'chat',
  summary: 'A conversation’s texts both ways, paged backwards, with its header (client, STOP, unread count)',
  query: ChatMessagesQuery,
  response: ChatMessages,
});

export const ChatUnread = z.object({ count: z.number().int() });
export type ChatUnread = z.infer<typeof ChatUnread>;

export const markChatRead = operation({
  method: 'POST',
  path: '/api/chat/read',
  access: authenticated,
  tag: 'chat',
  summary: 'Mark a conversation’s received texts read (by the caller); answers its unread count (0)',
  body: wrapped(ChatConversationRef),
  response: ChatUnread,
});

export const ChatReplyInput = z
  .object({ ...conversationFields, body: messageField().pipe(z.string().trim().min(1, 'is required')) })
  .superRefine(oneOfClientOrPhone);
export type ChatReplyInput = z.input<typeof ChatReplyInput>;

export const replyToChat = operation({
  method: 'POST',
  path: '/api/chat/reply',
  access: authenticated,
  tag: 'chat',
  summary:
    'Text the conversation’s number through the outbox (400 when it replied STOP; kept as not sent, with why, when the location has no Twilio); marks the conversation read',
  body: wrapped(ChatReplyInput),
  response: ChatMessage,
});

export const ChatLinkInput = z.object({ locationId: idField(), phone: e164Field(), clientId: idField() });
export type ChatLinkInput = z.input<typeof ChatLinkInput>;

export const linkChat = operation({
  method: 'POST',
  path: '/api/chat/link',
  access: authenticated,
  tag: 'chat',
  summary: 'Give an unknown number’s texts at a location to a client; answers the client’s conversation',
  body: wrapped(ChatLinkInput),
  response: ChatListItem,
});

export const getChatUnreadCount = operation({
  method: 'GET',
  path: '/api/chat/unreadCount',
  access: authenticated,
  tag: 'chat',
  summary: 'Received texts not read yet at a location (every location when absent): the SMS badge (SPEC §9)',
  query: z.object({ locationId: idField().optional() }),
  response: ChatUnread,
});
