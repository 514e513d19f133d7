// SMS chat's reads and writes on the communications tables (spread into communicationsRepository,
// their one owner): the texts sent (outbox_messages, channel sms) and received (inbound_messages)
// read together as conversations, a client's at a location or an unknown number's. Each read is
// one statement over both tables: the chat list groups each table's texts of the location by
// conversation (hash aggregates over narrow rows, no bodies, no sort of the texts), pages the
// conversations by their last time, and finds each listed one's last text by index probes.
import { chatConversationId } from '@willow/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { holds, sameAccount, scopedTable, tenantRepository, type AccountKeyed, type Scope } from '../../platform/tenant-repository.js';
import { clients, clientSearch } from '../clients/index.js';
import { inboundMessages, outboxMessages, smsOptOuts } from './communications.table.js';

const outbox = tenantRepository(outboxMessages);
const inbound = tenantRepository(inboundMessages);
const optOuts = scopedTable(smsOptOuts);

/** A conversation: a client's at a location, or (clientId null) the texts of a number no client has. */
export interface ConversationRef {
  locationId: string;
  clientId: string | null;
  phone: string | null;
}

export interface ChatListRow {
  key: string;
  locationId: string;
  clientId: string | null;
  clientName: string | null;
  phone: string;
  direction: 'inbound' | 'outbound';
  body: string;
  at: string;
  state: string | null;
  unread: number;
  /** whether the last text's number replied STOP at the location */
  optedOut: boolean;
  /** the client's phone as stored (a reply goes there first: the list says opted out of that number, as the conversation does) */
  clientPhone: string | null;
}

export interface ChatMessageRow {
  id: string;
  direction: 'inbound' | 'outbound';
  body: string;
  at: string;
  state: string | null;
  deliveryStatus: string | null;
  reason: string | null;
  sentById: string | null;
  sentByName: string | null;
}

type Raw = Record<string, unknown>;
/** The rows of a statement run as written (the same shape on PGlite and node-postgres). */
async function rowsOf(ex: Executor, statement: SQL): Promise<Raw[]> {
  return ((await ex.execute(statement)) as unknown as { rows: Raw[] }).rows;
}
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * A row of the statement's own subquery named `name`, as the tenant builders' correlation takes it:
 * its account_id, carried from the scoped selects it was built from.
 */
const rowOf = (name: 'c' | 'top'): AccountKeyed => ({ accountId: sql.raw(`${name}.account_id`) }) as unknown as AccountKeyed;

/** An instant as the answers write it (ISO 8601, UTC, milliseconds), whichever driver reads it. */
const isoOf = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The conversation key (contracts' chatConversationId) of a row: its location and client, else its number. */
const keyOf = (locationId: AnyPgColumn, clientId: AnyPgColumn, phone: AnyPgColumn) =>
  sql`case when ${clientId} is not null then ${locationId}::text || ':client:' || ${clientId}::text else ${locationId}::text || ':phone:' || ${phone} end`;

const inboundOf = (c: ConversationRef): SQL =>
  and(eq(inboundMessages.locationId, c.locationId), c.clientId ? eq(inboundMessages.clientId, c.clientId) : and(isNull(inboundMessages.clientId), eq(inboundMessages.fromNumber, c.phone ?? '')))!;
const outboundOf = (c: ConversationRef): SQL =>
  and(
    eq(outboxMessages.channel, 'sms'),
    eq(outboxMessages.locationId, c.locationId),
    c.clientId ? eq(outboxMessages.clientId, c.clientId) : and(isNull(outboxMessages.clientId), eq(outboxMessages.toAddress, c.phone ?? '')),
  )!;

/** Every text both ways meeting the conditions, as one set of like rows (`m` of the statements below). */
function texts(ex: Executor, scope: Scope, inboundWhere: SQL | undefined, outboundWhere: SQL): SQL {
  const received = inbound.select(ex, scope, {
    accountId: inboundMessages.accountId,
    locationId: inboundMessages.locationId,
    clientId: inboundMessages.clientId,
    key: keyOf(inboundMessages.locationId, inboundMessages.clientId, inboundMessages.fromNumber).as('key'),
    phone: sql`${inboundMessages.fromNumber}`.as('phone'),
    direction: sql`'inbound'`.as('direction'),
    body: inboundMessages.body,
    at: sql`${inboundMessages.receivedAt}`.as('at'),
    state: sql`null::text`.as('state'),
    deliveryStatus: sql`null::text`.as('delivery_status'),
    reason: sql`null::text`.as('reason'),
    sentById: sql`null::uuid`.as('sent_by_id'),
    sentByName: sql`null::text`.as('sent_by_name'),
    unread: sql`(${inboundMessages.readAt} is null)::int`.as('unread'),
    id: inboundMessages.id,
  }, inboundWhere);
  const sent = outbox.select(ex, scope, {
    accountId: outboxMessages.accountId,
    locationId: outboxMessages.locationId,
    clientId: outboxMessages.clientId,
    key: keyOf(outboxMessages.locationId, outboxMessages.clientId, outboxMessages.toAddress).as('key'),
    phone: sql`${outboxMessages.toAddress}`.as('phone'),
    direction: sql`'outbound'`.as('direction'),
    body: outboxMessages.body,
    at: sql`${outboxMessages.createdAt}`.as('at'),
    state: sql`${outboxMessages.state}`.as('state'),
    deliveryStatus: sql`${outboxMessages.deliveryStatus}`.as('delivery_status'),
    reason: sql`${outboxMessages.reason}`.as('reason'),
    sentById: sql`${outboxMessages.sentById}`.as('sent_by_id'),
    sentByName: sql`${outboxMessages.sentByName}`.as('sent_by_name'),
    unread: sql`0`.as('unread'),
    id: outboxMessages.id,
  }, outboundWhere);
  return sql`${received} union all ${sent}`;
}

export interface ChatListOptions {
  locationId?: string | undefined;
  search?: string | undefined;
  before?: string | undefined;
  beforeKey?: string | undefined;
  limit: number;
  /** one conversation's item only */
  only?: ConversationRef | undefined;
  /** false: the list is refused (`allowed: false`), asked in the same statement */
  require?: SQL<boolean> | undefined;
}

export const smsConversations = {
  /**
   * The chat list in ONE statement: every text of the location (or account) grouped by
   * conversation with its last time and unread count, the page of conversations by last time
   * (newest first), each joined to its last text, its client's name and the number's STOP.
   */
  async chatList(ex: Executor, scope: Scope, q: ChatListOptions): Promise<{ rows: ChatListRow[]; allowed: boolean }> {
    const at = q.locationId;
    // Each table grouped by conversation on its own (hash aggregates over narrow rows, no bodies).
    const received = inbound
      .select(ex, scope, {
        accountId: inboundMessages.accountId,
        locationId: inboundMessages.locationId,
        clientId: inboundMessages.clientId,
        phone: sql`case when ${inboundMessages.clientId} is null then ${inboundMessages.fromNumber} end`.as('phone'),
        lastAt: sql`max(${inboundMessages.receivedAt})`.as('last_at'),
        unread: sql`count(*) filter (where ${inboundMessages.readAt} is null)`.as('unread'),
      }, at ? eq(inboundMessages.locationId, at) : undefined)
      .groupBy(sql`1, 2, 3, 4`);
    const sent = outbox
      .select(ex, scope, {
        accountId: outboxMessages.accountId,
        locationId: outboxMessages.locationId,
        clientId: outboxMessages.clientId,
        phone: sql`case when ${outboxMessages.clientId} is null then ${outboxMessages.toAddress} end`.as('phone'),
        lastAt: sql`max(${outboxMessages.createdAt})`.as('last_at'),
        unread: sql`0::bigint`.as('unread'),
      }, and(eq(outboxMessages.channel, 'sms'), at ? eq(outboxMessages.locationId, at) : undefined))
      .groupBy(sql`1, 2, 3, 4`);
    const filters: SQL[] = [];
    if (q.only) filters.push(sql`c.key = ${chatConversationId(q.only)}`);
    const search = q.search?.trim();
    if (search) {
      const digits = search.replace(/\D/g, '');
      const named = sql`exists (select 1 from ${clients} where ${sameAccount(scope, clients, rowOf('c'), and(eq(clients.id, sql.raw('c.client_id')), clientSearch(search)))})`;
      filters.push(digits ? sql`(${named} or (c.client_id is null and c.phone like ${`%${digits}%`}))` : named);
    }
    if (q.before) filters.push(q.beforeKey ? sql`(c.last_at, c.key) < (${q.before}::timestamptz, ${q.beforeKey})` : sql`c.last_at < ${q.before}::timestamptz`);
    const allowed = q.require ?? sql<boolean>`true`;
    // Each listed conversation's last text: an index probe per table and kind (a client's, a number's).
    const top = rowOf('top');
    const inboundLast = (where: SQL) =>
      sql`(select ${inboundMessages.fromNumber} as phone, 'inbound' as direction, ${inboundMessages.body} as body, ${inboundMessages.receivedAt} as at, null::text as state, ${inboundMessages.id} as id
        from ${inboundMessages} where ${sameAccount(scope, inboundMessages, top, and(eq(inboundMessages.locationId, sql.raw('top.location_id')), where))}
        order by ${inboundMessages.receivedAt} desc, ${inboundMessages.id} desc limit 1)`;
    const outboundLast = (where: SQL) =>
      sql`(select ${outboxMessages.toAddress} as phone, 'outbound' as direction, ${outboxMessages.body} as body, ${outboxMessages.createdAt} as at, ${outboxMessages.state} as state, ${outboxMessages.id} as id
        from ${outboxMessages} where ${sameAccount(scope, outboxMessages, top, and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.locationId, sql.raw('top.location_id')), where))}
        order by ${outboxMessages.createdAt} desc, ${outboxMessages.id} desc limit 1)`;
    const rows = await rowsOf(
      ex,
      sql`with a as (${received} union all ${sent}),
      c as (
        select account_id, location_id, client_id, phone, date_trunc('milliseconds', max(last_at)) as last_at, sum(unread)::int as unread,
          case when client_id is not null then location_id::text || ':client:' || client_id::text else location_id::text || ':phone:' || phone end as key
        from a group by account_id, location_id, client_id, phone
      ),
      top as (select * from c where ${filters.length ? and(...filters) : sql`true`} order by last_at desc, key desc limit ${q.limit})
      select top.key, top.location_id::text as location_id, top.client_id::text as client_id, top.unread,
        last.phone, last.direction, last.body, ${isoOf(sql`last.at`)} as at, last.state,
        (select ${clients.firstName} || ' ' || ${clients.lastName} from ${clients} where ${sameAccount(scope, clients, top, eq(clients.id, sql.raw('top.client_id')))}) as client_name,
        (select ${clients.phone} from ${clients} where ${sameAccount(scope, clients, top, eq(clients.id, sql.raw('top.client_id')))}) as client_phone,
        exists (select 1 from ${smsOptOuts} where ${sameAccount(scope, smsOptOuts, top, and(eq(smsOptOuts.locationId, sql.raw('top.location_id')), eq(smsOptOuts.phone, sql.raw('last.phone')), eq(smsOptOuts.optedOut, true)))}) as opted_out,
        (${allowed}) as allowed
      from top cross join lateral (
        select * from (
          ${inboundLast(eq(inboundMessages.clientId, sql.raw('top.client_id')))}
          union all ${inboundLast(sql`top.client_id is null and ${inboundMessages.clientId} is null and ${inboundMessages.fromNumber} = top.phone`)}
          union all ${outboundLast(eq(outboxMessages.clientId, sql.raw('top.client_id')))}
          union all ${outboundLast(sql`top.client_id is null and ${outboxMessages.clientId} is null and ${outboxMessages.toAddress} = top.phone`)}
        ) texts order by texts.at desc, texts.id desc limit 1
      ) last
      order by top.last_at desc, top.key desc`,
    );
    const first = rows[0];
    if (!first) return { rows: [], allowed: q.require ? await holds(ex, q.require) : true };
    return {
      allowed: Boolean(first.allowed),
      rows: rows.map((r) => ({
        key: String(r.key),
        locationId: String(r.location_id),
        clientId: text(r.client_id),
        clientName: text(r.client_name),
        phone: String(r.phone),
        direction: r.direction as ChatListRow['direction'],
        body: String(r.body),
        at: String(r.at),
        state: text(r.state),
        unread: Number(r.unread),
        optedOut: Boolean(r.opted_out),
        clientPhone: text(r.client_phone),
      })),
    };
  },

  /** A page of a conversation's texts, newest first, older than the text `before` (its id); `limit` + 1 asked, to tell whether there are more. */
  async chatMessages(ex: Executor, scope: Scope, c: ConversationRef, page: { before?: string | undefined; limit: number }): Promise<ChatMessageRow[]> {
    const m = texts(ex, scope, inboundOf(c), outboundOf(c));
    const older = page.before ? sql`where (m.at, m.id) < (select b.at, b.id from m b where b.id = ${page.before})` : sql``;
    const rows = await rowsOf(
      ex,
      sql`with m as (${m})
      select m.id::text as id, m.direction, m.body, ${isoOf(sql`m.at`)} as at, m.state, m.delivery_status, m.reason, m.sent_by_id::text as sent_by_id, m.sent_by_name
      from m ${older} order by m.at desc, m.id desc limit ${page.limit + 1}`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      direction: r.direction as ChatMessageRow['direction'],
      body: String(r.body),
      at: String(r.at),
      state: text(r.state),
      deliveryStatus: text(r.delivery_status),
      reason: text(r.reason),
      sentById: text(r.sent_by_id),
      sentByName: text(r.sent_by_name),
    }));
  },

  /** Whether a text (by id) is one of the conversation's. */
  async inConversation(ex: Executor, scope: Scope, c: ConversationRef, id: string): Promise<boolean> {
    const [a, b] = await Promise.all([inbound.exists(ex, scope, and(inboundOf(c), eq(inboundMessages.id, id))), outbox.exists(ex, scope, and(outboundOf(c), eq(outboxMessages.id, id)))]);
    return a || b;
  },

  /** A conversation's unread texts and the number it last used (either way), in one statement. */
  async chatSummary(ex: Executor, scope: Scope, c: ConversationRef): Promise<{ unread: number; lastPhone: string | null }> {
    const m = texts(ex, scope, inboundOf(c), outboundOf(c));
    const [row] = await rowsOf(
      ex,
      sql`with m as (${m}) select (select coalesce(sum(unread), 0)::int from m) as unread, (select phone from m order by at desc, id desc limit 1) as last_phone`,
    );
    return { unread: Number(row?.unread ?? 0), lastPhone: text(row?.last_phone) };
  },

  /** Marks a conversation's unread received texts read by `userId`; answers how many. */
  async markRead(ex: Executor, scope: Scope, c: ConversationRef, userId: string | null): Promise<number> {
    return inbound.updateWhere(ex, scope, and(inboundOf(c), isNull(inboundMessages.readAt)), { readAt: new Date(), readById: userId });
  },

  /** Received texts not read yet, at a location or at all of the account's. */
  async unreadCount(ex: Executor, scope: Scope, locationId: string | undefined): Promise<number> {
    return inbound.count(ex, scope, and(locationId ? eq(inboundMessages.locationId, locationId) : undefined, isNull(inboundMessages.readAt)));
  },

  /** Gives an unknown number's texts at a location (both ways, and its STOP) to a client; answers how many texts moved. */
  async linkNumber(ex: Executor, scope: Scope, locationId: string, phone: string, clientId: string): Promise<number> {
    const unknown = { locationId, clientId: null, phone };
    const received = await inbound.updateWhere(ex, scope, inboundOf(unknown), { clientId });
    const sent = await outbox.updateWhere(ex, scope, outboundOf(unknown), { clientId });
    await optOuts.updateWhere(ex, scope, and(eq(smsOptOuts.locationId, locationId), eq(smsOptOuts.phone, phone), isNull(smsOptOuts.clientId)), { clientId });
    return received + sent;
  },

  /** The client a number's texts at a location were linked to (the latest), for a text from it no client's phone matches. */
  async linkedClientOf(ex: Executor, scope: Scope, locationId: string, phone: string): Promise<string | undefined> {
    const [row] = await inbound
      .select(ex, scope, { clientId: inboundMessages.clientId }, and(eq(inboundMessages.locationId, locationId), eq(inboundMessages.fromNumber, phone), sql`${inboundMessages.clientId} is not null`))
      .orderBy(sql`${inboundMessages.receivedAt} desc`)
      .limit(1);
    return row?.clientId ?? undefined;
  },
};
