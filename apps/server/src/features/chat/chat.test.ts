// Two-way SMS chat (issue 31): a text arrives through Twilio's signed webhook, shows in the chat
// list, is read and answered through the outbox (to the fake Twilio, once); STOP, unknown numbers
// linked to a client, paging, and each call's validation, sign-in and another account's ids.
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { CHAT_MESSAGES, COMMUNICATION_MESSAGES, INTEGRATION_MESSAGES, MESSAGES } from '@willow/contracts';
import type { QueueWorker } from '../../platform/queue-worker.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { anonymous, createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fakes/fake-twilio.js';
import { newClient } from '../../../test/records.js';
import { communicationsRepository } from '../communications/index.js';
import { settled } from '../communications/communications.fixtures.js';
import { outboxWorker } from '../communications/outbox-worker.js';
import { inboundWebhookUrl } from '../communications/twilio-webhooks.service.js';

const SID = `AC${'fedcba9876543210'.repeat(2)}`;
const TOKEN = 'chat-auth-token';
const FROM = '+15550002222';
const PUBLIC_URL = 'https://portal.chat.test';

let ctx: TestContext;
let fake: FakeTwilio;
let worker: QueueWorker;
const told: DomainEvents['sms.changed'][] = [];

beforeAll(async () => {
  fake = await startFakeTwilio({ [SID]: TOKEN });
  ctx = await createTestApp({ providers: { twilio: fake.url, publicUrl: PUBLIC_URL }, outboxRetry: { baseMs: 20, maxMs: 100, maxAttempts: 3, leaseMs: 5000 } });
  worker = outboxWorker(ctx.app.container.outbox, { listen: ctx.database.listen, pollMs: 200 });
  await worker.start();
  ctx.app.container.events.on('sms.changed', 'test', async (_tx, _caller, event) => {
    told.push(event);
  });
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await fake?.close();
});

/** A practice whose first location texts through (the fake) Twilio. */
async function practice(): Promise<TestAccount> {
  const t = await createAccount(ctx);
  await ctx.app.container.integrations.create(t, { locationId: t.locationId, service: 'twilio', publicKey: SID, privateKey: TOKEN, settings: { fromNumber: FROM } });
  return t;
}

const phone = () => `(530) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
const e164 = (p: string) => `+1${p.replace(/\D/g, '')}`;

/** A text as Twilio posts it to the location's webhook, signed with the location's auth token. */
async function receive(t: TestAccount, from: string, body: string, token = TOKEN) {
  const url = inboundWebhookUrl(PUBLIC_URL, t.accountId, t.locationId);
  const params = { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, From: from, To: FROM, Body: body, AccountSid: SID };
  const res = await ctx.app.inject({
    method: 'POST',
    url: url.slice(PUBLIC_URL.length),
    payload: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(token, url, params) },
  });
  return res;
}

const list = async (who: Client, query: Record<string, string | number> = {}) => {
  const res = await who.call(api.listChats, { query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as api.ChatList).chatList;
};
const messages = async (who: Client, query: Record<string, string | number>) => {
  const res = await who.call(api.getChatMessages, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.ChatMessages;
};
const unread = async (who: Client, locationId?: string) => {
  const res = await who.call(api.getChatUnreadCount, { query: locationId ? { locationId } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as api.ChatUnread).count;
};
const reply = (who: Client, data: Record<string, unknown>) => who.call(api.replyToChat, { body: { data } });
const queued = (t: TestAccount) => communicationsRepository.count(ctx.database.db, t);

describe('a client texts the practice and is answered', () => {
  it('arrives through the signed webhook, shows with count 1, is read (0), answered, and the reply reaches Twilio once', async () => {
    const t = await practice();
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { firstName: 'Nora', lastName: 'Reed', phone: number });
    expect((await receive(t, e164(number), 'Is Max ready?', 'forged')).statusCode).toBe(403);
    expect(await list(t.admin, { locationId: t.locationId })).toEqual([]);

    expect((await receive(t, e164(number), 'Is Max ready?')).statusCode).toBe(200);
    const key = api.chatConversationId({ locationId: t.locationId, clientId: client.id, phone: null });
    const [item] = await list(t.admin, { locationId: t.locationId });
    expect(item).toMatchObject({
      id: key,
      locationId: t.locationId,
      client: { id: client.id, name: 'Nora Reed' },
      phone: e164(number),
      lastMessage: { direction: 'inbound', body: 'Is Max ready?', state: null },
      count: 1,
      optedOut: false,
    });
    expect(await unread(t.admin, t.locationId)).toBe(1);
    expect(await unread(t.admin)).toBe(1);

    const read = await t.admin.call(api.markChatRead, { body: { data: { locationId: t.locationId, clientId: client.id } } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ count: 0 });
    expect((await list(t.admin, { locationId: t.locationId }))[0]!.count).toBe(0);
    expect(await unread(t.admin, t.locationId)).toBe(0);

    const sent = await reply(t.admin, { locationId: t.locationId, clientId: client.id, body: 'Yes, come at 3.' });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json() as api.ChatMessage;
    expect(message).toMatchObject({ direction: 'outbound', body: 'Yes, come at 3.', state: 'queued', sentBy: { name: 'Ada Admin' } });
    expect(await settled(t, message.id)).toMatchObject({ state: 'sent', provider: 'twilio' });
    expect(fake.messages.filter((m) => m.idempotencyToken === message.id)).toEqual([expect.objectContaining({ to: e164(number), from: FROM, body: 'Yes, come at 3.' })]);
    expect(fake.messages.filter((m) => m.to === e164(number))).toHaveLength(1);

    const page = await messages(t.admin, { locationId: t.locationId, clientId: client.id });
    expect(page.messages.map((m) => [m.direction, m.body, m.state])).toEqual([
      ['inbound', 'Is Max ready?', null],
      ['outbound', 'Yes, come at 3.', 'sent'],
    ]);
    expect(page.hasMore).toBe(false);
    expect(page.conversation).toEqual({ id: key, locationId: t.locationId, client: { id: client.id, name: 'Nora Reed' }, phone: e164(number), count: 0, optedOut: false, replyProblem: null });
    expect((await list(t.admin, { locationId: t.locationId }))[0]!.lastMessage).toMatchObject({ direction: 'outbound', state: 'sent' });
    // The changes the pages hear of (the 'chat' live topic): the reply queued, then its state.
    expect(told.filter((e) => e.clientId === client.id).map((e) => e.messageId)).toEqual([null, message.id, message.id]);
  });

  it('a client who replied STOP shows opted out; a reply is refused (400) and nothing is queued', async () => {
    const t = await practice();
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { phone: number });
    await receive(t, e164(number), 'STOP');
    expect((await list(t.admin, { locationId: t.locationId }))[0]).toMatchObject({ optedOut: true, count: 1, lastMessage: { body: 'STOP' } });
    const page = await messages(t.admin, { locationId: t.locationId, clientId: client.id });
    expect(page.conversation).toMatchObject({ optedOut: true, replyProblem: COMMUNICATION_MESSAGES.optedOut });
    const before = await queued(t);
    const refused = await reply(t.admin, { locationId: t.locationId, clientId: client.id, body: 'Are you sure?' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(COMMUNICATION_MESSAGES.optedOut);
    expect(await queued(t)).toBe(before);
    // Still unread: the refused reply changed nothing.
    expect(await unread(t.admin, t.locationId)).toBe(1);

    await receive(t, e164(number), 'START');
    expect((await list(t.admin, { locationId: t.locationId }))[0]!.optedOut).toBe(false);
    expect((await reply(t.admin, { locationId: t.locationId, clientId: client.id, body: 'Welcome back' })).statusCode).toBe(200);
  });

  it('a STOP from a client’s second number: the list and the conversation agree, by the number a reply goes to', async () => {
    const t = await practice();
    const [main, second] = [phone(), phone()];
    const client = await newClient(t.admin, t.locationId, { phone: main, alternatePhone: second });
    await receive(t, e164(second), 'STOP');
    const [item] = await list(t.admin, { locationId: t.locationId });
    const page = await messages(t.admin, { locationId: t.locationId, clientId: client.id });
    // A reply goes to the main number, which never said STOP.
    expect(page.conversation).toMatchObject({ phone: e164(main), optedOut: false, replyProblem: null });
    expect(item).toMatchObject({ client: { id: client.id }, lastMessage: { body: 'STOP' }, optedOut: false });

    await receive(t, e164(main), 'STOP');
    expect((await list(t.admin, { locationId: t.locationId }))[0]).toMatchObject({ optedOut: true });
    expect((await messages(t.admin, { locationId: t.locationId, clientId: client.id })).conversation).toMatchObject({ optedOut: true });
  });

  it('a reply over 1000 characters is refused with the SPEC’s words, nothing queued', async () => {
    const t = await practice();
    const client = await newClient(t.admin, t.locationId, { phone: phone() });
    const before = await queued(t);
    const long = await reply(t.admin, { locationId: t.locationId, clientId: client.id, body: 'x'.repeat(1000) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toBe(MESSAGES.messageTooLong);
    expect(errorOf(long)).toBe('Message must be less than 1000 characters');
    expect(await queued(t)).toBe(before);
    expect((await reply(t.admin, { locationId: t.locationId, clientId: client.id, body: 'x'.repeat(999) })).statusCode).toBe(200);
  });

  it('a location without Twilio keeps the reply as not sent, with why', async () => {
    const t = await createAccount(ctx);
    const client = await newClient(t.admin, t.locationId, { phone: phone() });
    // A client not texted yet: an empty conversation, its header saying where a reply goes.
    const empty = await messages(t.admin, { locationId: t.locationId, clientId: client.id });
    expect(empty).toMatchObject({ messages: [], hasMore: false, conversation: { phone: e164(client.phone!), count: 0, replyProblem: null } });
    const res = await reply(t.admin, { locationId: t.locationId, clientId: client.id, body: 'Hello' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'notSent', reason: INTEGRATION_MESSAGES.smsNotSetUp });
    // A client without a phone: nowhere to reply.
    const silent = await newClient(t.admin, t.locationId, {});
    expect((await messages(t.admin, { locationId: t.locationId, clientId: silent.id })).conversation.replyProblem).toBe(CHAT_MESSAGES.noPhone);
    const nowhere = await reply(t.admin, { locationId: t.locationId, clientId: silent.id, body: 'Hello' });
    expect(nowhere.statusCode).toBe(400);
    expect(errorOf(nowhere)).toBe(CHAT_MESSAGES.noPhone);
  });
});

describe('an unknown number', () => {
  it('is its own conversation until linked to a client; its later texts are the client’s', async () => {
    const t = await practice();
    const stranger = '+15305550123';
    await receive(t, stranger, 'Hi, this is Jo, Rex’s owner');
    const [item] = await list(t.admin, { locationId: t.locationId });
    expect(item).toMatchObject({ id: `${t.locationId}:phone:${stranger}`, client: null, phone: stranger, count: 1 });
    const answered = await reply(t.admin, { locationId: t.locationId, phone: stranger, body: 'Hi Jo!' });
    expect(answered.statusCode, answered.body).toBe(200);
    await settled(t, answered.json().id);
    expect((await messages(t.admin, { locationId: t.locationId, phone: stranger })).messages.map((m) => m.body)).toEqual(['Hi, this is Jo, Rex’s owner', 'Hi Jo!']);

    const jo = await newClient(t.admin, t.locationId, { firstName: 'Jo', lastName: 'March' });
    const linked = await t.admin.call(api.linkChat, { body: { data: { locationId: t.locationId, phone: stranger, clientId: jo.id } } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: `${t.locationId}:client:${jo.id}`, client: { id: jo.id, name: 'Jo March' }, phone: stranger, count: 0 });
    expect((await list(t.admin, { locationId: t.locationId })).map((i) => i.id)).toEqual([`${t.locationId}:client:${jo.id}`]);
    expect((await messages(t.admin, { locationId: t.locationId, clientId: jo.id })).messages).toHaveLength(2);
    // The number's conversation is gone: nothing to link or read again.
    expect((await t.admin.call(api.linkChat, { body: { data: { locationId: t.locationId, phone: stranger, clientId: jo.id } } })).statusCode).toBe(404);
    expect((await t.admin.call(api.getChatMessages, { query: { locationId: t.locationId, phone: stranger } })).statusCode).toBe(404);

    await receive(t, stranger, 'Thanks!');
    expect(await list(t.admin, { locationId: t.locationId })).toEqual([expect.objectContaining({ id: `${t.locationId}:client:${jo.id}`, count: 1, lastMessage: expect.objectContaining({ body: 'Thanks!' }) })]);
  });
});

describe('lists and pages', () => {
  it('pages a conversation backwards and the list by last message; searches names and numbers', async () => {
    const t = await practice();
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { firstName: 'Pia', lastName: 'Paging', phone: number });
    for (const n of [1, 2, 3, 4, 5]) await receive(t, e164(number), `Text ${n}`);
    const newest = await messages(t.admin, { locationId: t.locationId, clientId: client.id, limit: 2 });
    expect(newest.messages.map((m) => m.body)).toEqual(['Text 4', 'Text 5']);
    expect(newest.hasMore).toBe(true);
    const older = await messages(t.admin, { locationId: t.locationId, clientId: client.id, limit: 2, before: newest.messages[0]!.id });
    expect(older.messages.map((m) => m.body)).toEqual(['Text 2', 'Text 3']);
    const oldest = await messages(t.admin, { locationId: t.locationId, clientId: client.id, limit: 2, before: older.messages[0]!.id });
    expect(oldest).toMatchObject({ messages: [expect.objectContaining({ body: 'Text 1' })], hasMore: false });

    await receive(t, '+15305550991', 'first stranger');
    await receive(t, '+15305550992', 'second stranger');
    const all = await list(t.admin, { locationId: t.locationId });
    expect(all.map((i) => i.lastMessage.body)).toEqual(['second stranger', 'first stranger', 'Text 5']);
    const first = await list(t.admin, { locationId: t.locationId, limit: 1 });
    const next = await list(t.admin, { locationId: t.locationId, limit: 2, before: first[0]!.lastMessage.at, beforeKey: first[0]!.id });
    expect([...first, ...next].map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect((await list(t.admin, { locationId: t.locationId, search: 'pia pag' })).map((i) => i.client?.id)).toEqual([client.id]);
    expect((await list(t.admin, { locationId: t.locationId, search: '0991' })).map((i) => i.phone)).toEqual(['+15305550991']);
    // Every location when none is named.
    expect(await list(t.admin)).toHaveLength(3);
    expect(await unread(t.admin)).toBe(7);
  });
});

describe('bad input, sign-in and another account', () => {
  it('answers 400 naming the field', async () => {
    const t = await practice();
    const bad = async (res: Promise<{ statusCode: number; json(): unknown }>, field: RegExp) => {
      const r = await res;
      expect(r.statusCode).toBe(400);
      expect((r.json() as { error: { message: string } }).error.message).toMatch(field);
    };
    await bad(t.admin.call(api.listChats, { query: { locationId: 'nope' } }), /^locationId/);
    await bad(t.admin.call(api.listChats, { query: { before: 'yesterday' } }), /^before/);
    await bad(t.admin.call(api.getChatMessages, { query: { locationId: t.locationId } }), /^clientId/);
    await bad(t.admin.call(api.getChatMessages, { query: { locationId: t.locationId, phone: '555' } }), /^phone/);
    await bad(t.admin.call(api.getChatUnreadCount, { query: { locationId: 'nope' } }), /^locationId/);
    await bad(t.admin.call(api.markChatRead, { body: { data: { clientId: crypto.randomUUID() } } }), /^locationId/);
    await bad(reply(t.admin, { locationId: t.locationId, clientId: crypto.randomUUID(), body: '  ' }), /^body/);
    await bad(t.admin.call(api.linkChat, { body: { data: { locationId: t.locationId, phone: '+15305550000' } } }), /^clientId/);
  });

  it('answers 401 signed out', async () => {
    const t = await practice();
    const out = anonymous(ctx);
    const conversation = { locationId: t.locationId, clientId: crypto.randomUUID() };
    for (const res of [
      await out.call(api.listChats, { query: { locationId: t.locationId } }),
      await out.call(api.getChatMessages, { query: conversation }),
      await out.call(api.getChatUnreadCount, {}),
      await out.call(api.markChatRead, { body: { data: conversation } }),
      await out.call(api.replyToChat, { body: { data: { ...conversation, body: 'Hi' } } }),
      await out.call(api.linkChat, { body: { data: { locationId: t.locationId, phone: '+15305550000', clientId: crypto.randomUUID() } } }),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('any staff member may chat (no permission beyond signing in)', async () => {
    const t = await practice();
    const desk = await createUser(ctx, t, [], { role: 'Front Desk' });
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { phone: number });
    await receive(t, e164(number), 'Hello?');
    expect(await list(desk, { locationId: t.locationId })).toHaveLength(1);
    expect((await reply(desk, { locationId: t.locationId, clientId: client.id, body: 'Hi!' })).statusCode).toBe(200);
  });

  it('answers 404 for another account’s location, client or conversation, and writes nothing', async () => {
    const [home, other] = await Promise.all([practice(), practice()]);
    const theirNumber = phone();
    const theirs = await newClient(other.admin, other.locationId, { phone: theirNumber });
    await receive(other, e164(theirNumber), 'Private');
    await receive(other, '+15305550777', 'Unknown to them');
    const mine = await newClient(home.admin, home.locationId, { phone: phone() });
    const before = await queued(other);

    const notFound = async (res: Promise<{ statusCode: number }>) => expect((await res).statusCode).toBe(404);
    await notFound(home.admin.call(api.listChats, { query: { locationId: other.locationId } }));
    await notFound(home.admin.call(api.getChatUnreadCount, { query: { locationId: other.locationId } }));
    await notFound(home.admin.call(api.getChatMessages, { query: { locationId: other.locationId, clientId: theirs.id } }));
    await notFound(home.admin.call(api.getChatMessages, { query: { locationId: home.locationId, clientId: theirs.id } }));
    await notFound(home.admin.call(api.getChatMessages, { query: { locationId: other.locationId, phone: '+15305550777' } }));
    const [theirText] = (await messages(other.admin, { locationId: other.locationId, clientId: theirs.id })).messages;
    await notFound(home.admin.call(api.getChatMessages, { query: { locationId: home.locationId, clientId: mine.id, before: theirText!.id } }));
    await notFound(home.admin.call(api.markChatRead, { body: { data: { locationId: other.locationId, clientId: theirs.id } } }));
    await notFound(home.admin.call(api.markChatRead, { body: { data: { locationId: home.locationId, clientId: theirs.id } } }));
    await notFound(reply(home.admin, { locationId: other.locationId, clientId: theirs.id, body: 'Hi' }));
    await notFound(reply(home.admin, { locationId: home.locationId, clientId: theirs.id, body: 'Hi' }));
    await notFound(reply(home.admin, { locationId: other.locationId, phone: '+15305550777', body: 'Hi' }));
    await notFound(home.admin.call(api.linkChat, { body: { data: { locationId: other.locationId, phone: '+15305550777', clientId: mine.id } } }));
    await notFound(home.admin.call(api.linkChat, { body: { data: { locationId: home.locationId, phone: '+15305550777', clientId: theirs.id } } }));

    // Nothing of theirs changed: still unread, nothing queued, the number still unknown.
    expect(await unread(other.admin, other.locationId)).toBe(2);
    expect(await queued(other)).toBe(before);
    expect(await queued(home)).toBe(0);
    expect((await list(other.admin, { locationId: other.locationId })).map((i) => i.client?.id ?? null).sort()).toEqual([theirs.id, null].sort());
    expect(await list(home.admin)).toEqual([]);
  });
});
