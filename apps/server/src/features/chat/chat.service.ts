// Two-way SMS chat (issue 31; SPEC §3 "Chat list items", §7 "Chat"): the texts a location sent
// through the outbox and the texts clients sent back through Twilio's webhook, read as
// conversations (a client at a location, or a number no client has), marked read, answered through
// the outbox, and an unknown number given to a client. Nothing is stored twice: the statements are
// the communications feature's (communicationsRepository, the tables' one owner).
import {
  CHAT_MESSAGES,
  chatConversationId,
  COMMUNICATION_MESSAGES,
  INTEGRATION_MESSAGES,
  withoutFormSecrets,
  type ChatConversation,
  type ChatConversationRef,
  type ChatLinkInput,
  type ChatList,
  type ChatListItem,
  type ChatListQuery,
  type ChatMessage,
  type ChatMessages,
  type ChatMessagesQuery,
  type ChatReplyInput,
  type ChatUnread,
  type MessageState,
} from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { clientsRepository, type ClientRow } from '../clients/index.js';
import { communicationsRepository, toE164, type ChatListRow, type ChatMessageRow, type CommunicationsService, type ConversationRef } from '../communications/index.js';
import { assertLocationVisible, locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';

type Ref = z.output<typeof ChatConversationRef>;

/** A conversation named by a request, checked: its location and client are the account's. */
interface Resolved {
  ref: ConversationRef;
  client: ClientRow | undefined;
}

export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly communications: CommunicationsService,
    /** tells 'sms.changed' (the live topic 'chat') when a reply is queued, texts read, a number linked */
    private readonly events: DomainEventBus,
  ) {}

  async list(auth: AuthContext, q: z.output<typeof ChatListQuery>): Promise<ChatList> {
    const { rows, allowed } = await communicationsRepository.chatList(this.db, auth, {
      ...q,
      require: q.locationId ? locationsRepository.allExistSql(auth, [q.locationId]) : undefined,
    });
    if (!allowed) throw notFound();
    return { chatList: (await this.replyOptOuts(this.db, auth, rows)).map(toItem) };
  }

  /**
   * A reply goes to the client's phone first (replyPhone), so the list says opted out of that
   * number, as the open conversation does; the list's statement checked the last text's number,
   * which is the same one unless the client texted from another. Those few are asked in one statement.
   */
  private async replyOptOuts(ex: Executor, auth: AuthContext, rows: ChatListRow[]): Promise<ChatListRow[]> {
    const elsewhere = rows.flatMap((r) => {
      const to = r.clientPhone ? toE164(r.clientPhone) : r.phone;
      return to === r.phone ? [] : [{ row: r, locationId: r.locationId, phone: to }];
    });
    if (elsewhere.length === 0) return rows;
    const stopped = await communicationsRepository.optedOutOf(ex, auth, elsewhere);
    const answer = new Map(elsewhere.map((e) => [e.row, stopped.has(`${e.locationId}:${e.phone}`)]));
    return rows.map((r) => (answer.has(r) ? { ...r, optedOut: answer.get(r)! } : r));
  }

  async messages(auth: AuthContext, q: z.output<typeof ChatMessagesQuery>): Promise<ChatMessages> {
    const { ref, client } = await this.resolve(this.db, auth, q);
    const [rows, conversation] = await Promise.all([
      communicationsRepository.chatMessages(this.db, auth, ref, { before: q.before, limit: q.limit }),
      this.header(this.db, auth, ref, client),
    ]);
    // An unknown number with no texts is no conversation; a text of another one is no cursor.
    if (!client && conversation.phone === null) throw notFound();
    if (q.before && rows.length === 0 && !(await communicationsRepository.inConversation(this.db, auth, ref, q.before))) throw notFound();
    return { messages: rows.slice(0, q.limit).reverse().map(toMessage), hasMore: rows.length > q.limit, conversation };
  }

  async read(auth: AuthContext, input: Ref): Promise<ChatUnread> {
    return this.db.transaction(async (tx) => {
      const { ref, client } = await this.resolve(tx, auth, input);
      if (!client && !(await this.lastPhone(tx, auth, ref))) throw notFound();
      if ((await communicationsRepository.markRead(tx, auth, ref, auth.userId)) > 0) await this.changed(tx, auth, ref, null);
      return { count: 0 };
    });
  }

  /**
   * A reply through the outbox, in one transaction with the conversation marked read: refused (400,
   * nothing queued) to a number that replied STOP; kept as not sent, with why, when the location
   * has no Twilio (the outbox's own behaviour, which the composer shows).
   */
  async reply(auth: AuthContext, input: z.output<typeof ChatReplyInput>): Promise<ChatMessage> {
    // Read before the transaction: the integration is read on the pool (PGlite has one connection).
    const [sentBy, ready] = await Promise.all([usersRepository.findSignedIn(this.db, auth), this.communications.smsReady(auth, input.locationId)]);
    return this.db.transaction(async (tx) => {
      const { ref, client } = await this.resolve(tx, auth, input);
      const to = await this.replyPhone(tx, auth, ref, client);
      if (!to) throw client ? badRequest(CHAT_MESSAGES.noPhone) : notFound();
      if (await communicationsRepository.optOut(tx, auth, ref.locationId, to)) throw badRequest(COMMUNICATION_MESSAGES.optedOut);
      const row = await this.communications.enqueue(tx, auth, {
        locationId: ref.locationId,
        clientId: ref.clientId,
        channel: 'sms',
        to,
        body: input.body,
        sentBy: sentBy ? { id: sentBy.id, name: `${sentBy.firstName} ${sentBy.lastName}` } : null,
        ...(!ready && { notSent: INTEGRATION_MESSAGES.smsNotSetUp }),
      });
      await communicationsRepository.markRead(tx, auth, ref, auth.userId);
      await this.changed(tx, auth, ref, row.id);
      return toMessage({
        id: row.id,
        direction: 'outbound',
        body: row.body,
        at: row.createdAt.toISOString(),
        state: row.state,
        deliveryStatus: row.deliveryStatus,
        reason: row.reason,
        sentById: row.sentById,
        sentByName: row.sentByName,
      });
    });
  }

  /** Gives an unknown number's texts at a location to a client of the account (404: no such texts, or another account's client). */
  async link(auth: AuthContext, input: z.output<typeof ChatLinkInput>): Promise<ChatListItem> {
    return this.db.transaction(async (tx) => {
      const { ref } = await this.resolve(tx, auth, { locationId: input.locationId, clientId: input.clientId });
      if ((await communicationsRepository.linkNumber(tx, auth, input.locationId, input.phone, input.clientId)) === 0) throw notFound();
      await this.changed(tx, auth, { locationId: input.locationId, clientId: null, phone: input.phone }, null);
      await this.changed(tx, auth, ref, null);
      const { rows } = await communicationsRepository.chatList(tx, auth, { locationId: input.locationId, only: ref, limit: 1 });
      return toItem(rows[0]!);
    });
  }

  async unreadCount(auth: AuthContext, q: { locationId?: string | undefined }): Promise<ChatUnread> {
    if (q.locationId) await assertLocationVisible(this.db, auth, q.locationId);
    return { count: await communicationsRepository.unreadCount(this.db, auth, q.locationId) };
  }

  /** The location and client a request names, each of the account (404 otherwise). */
  private async resolve(ex: Executor, auth: AuthContext, q: { locationId: string; clientId?: string | undefined; phone?: string | undefined }): Promise<Resolved> {
    const [, client] = await Promise.all([
      assertLocationVisible(ex, auth, q.locationId),
      q.clientId ? clientsRepository.findById(ex, auth, q.clientId) : undefined,
    ]);
    if (q.clientId && !client) throw notFound();
    return { ref: { locationId: q.locationId, clientId: q.clientId ?? null, phone: q.clientId ? null : (q.phone ?? null) }, client };
  }

  private async lastPhone(ex: Executor, auth: AuthContext, ref: ConversationRef): Promise<string | null> {
    return (await communicationsRepository.chatSummary(ex, auth, ref)).lastPhone;
  }

  /** Where a reply goes: the client's phone, else the number the conversation last used. */
  private async replyPhone(ex: Executor, auth: AuthContext, ref: ConversationRef, client: ClientRow | undefined): Promise<string | null> {
    if (client?.phone) return toE164(client.phone);
    return this.lastPhone(ex, auth, ref);
  }

  private async header(ex: Executor, auth: AuthContext, ref: ConversationRef, client: ClientRow | undefined): Promise<ChatConversation> {
    const summary = await communicationsRepository.chatSummary(ex, auth, ref);
    const phone = client?.phone ? toE164(client.phone) : summary.lastPhone;
    const optedOut = phone ? (await communicationsRepository.optOut(ex, auth, ref.locationId, phone)) !== undefined : false;
    return {
      id: chatConversationId(ref),
      locationId: ref.locationId,
      client: client ? { id: client.id, name: `${client.firstName} ${client.lastName}` } : null,
      phone,
      count: summary.unread,
      optedOut,
      replyProblem: optedOut ? COMMUNICATION_MESSAGES.optedOut : !phone ? CHAT_MESSAGES.noPhone : null,
    };
  }

  /** Tells the conversation's change in the transaction that makes it (the 'chat' live topic). */
  private async changed(tx: Executor, auth: AuthContext, ref: ConversationRef, messageId: string | null): Promise<void> {
    await this.events.publish(tx, auth, 'sms.changed', { ...ref, messageId });
  }
}

function toItem(r: ChatListRow): ChatListItem {
  return {
    id: r.key,
    locationId: r.locationId,
    client: r.clientId ? { id: r.clientId, name: r.clientName ?? '' } : null,
    phone: r.phone,
    // a form link's single-use secret never shows in a list (0190)
    lastMessage: { direction: r.direction, body: r.direction === 'outbound' ? withoutFormSecrets(r.body) : r.body, at: r.at, state: r.state as MessageState | null },
    count: r.unread,
    optedOut: r.optedOut,
  };
}

function toMessage(r: ChatMessageRow): ChatMessage {
  return {
    id: r.id,
    direction: r.direction,
    body: r.direction === 'outbound' ? withoutFormSecrets(r.body) : r.body,
    at: r.at,
    state: r.state as MessageState | null,
    deliveryStatus: r.deliveryStatus,
    reason: r.reason,
    sentBy: r.sentById ? { id: r.sentById, name: r.sentByName ?? '' } : null,
  };
}
