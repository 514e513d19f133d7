// A location's SMS through Twilio (a local fake checking basic auth and the required fields), the
// signed delivery-status callback and inbound texts, and STOP/START (each stored text published
// as message.received).
import type { QueueWorker } from '../../platform/queue-worker.js';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { COMMUNICATION_MESSAGES, INTEGRATION_MESSAGES, SUPPRESSION_RULES } from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../../../test/harness.js';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fakes/fake-twilio.js';
import { newClient } from '../../../test/records.js';
import { communicationsRepository } from './communications.repository.js';
import { settled } from './communications.fixtures.js';
import { inboundWebhookUrl } from './twilio-webhooks.service.js';
import { outboxWorker } from './outbox-worker.js';
import { sendSms } from '../../platform/message-providers.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { conflict } from '../../platform/errors.js';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token';
const FROM = '+15550001111';
const PUBLIC_URL = 'https://portal.clinic.test';

let ctx: TestContext;
let fake: FakeTwilio;
let worker: QueueWorker;

beforeAll(async () => {
  fake = await startFakeTwilio({ [SID]: TOKEN });
  ctx = await createTestApp({ providers: { twilio: fake.url, publicUrl: PUBLIC_URL }, outboxRetry: { baseMs: 20, maxMs: 100, maxAttempts: 3, leaseMs: 5000 } });
  worker = outboxWorker(ctx.app.container.outbox, { listen: ctx.database.listen, pollMs: 200 });
  await worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await fake?.close();
});

async function practice(token = TOKEN): Promise<TestAccount> {
  const t = await createAccount(ctx);
  await ctx.app.container.integrations.create(t, { locationId: t.locationId, service: 'twilio', publicKey: SID, privateKey: token, settings: { fromNumber: FROM } });
  return t;
}

const phone = () => `(530) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
const e164 = (p: string) => `+1${p.replace(/\D/g, '')}`;

async function text(t: TestAccount, clientId: string, body = 'Max is ready for pick-up.') {
  const res = await t.admin.call(api.sendClientSms, { body: { data: { clientId, body } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.Message;
}


/** Posts a form as Twilio does, signed with `token` (or with the given signature). */
function twilioPost(path: string, params: Record<string, string>, token = TOKEN, signature?: string) {
  const url = `${PUBLIC_URL}${path}`;
  return ctx.app.inject({
    method: 'POST',
    url: path,
    payload: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(token, url, params),
    },
  });
}
const inboundPath = (t: TestAccount) => inboundWebhookUrl(PUBLIC_URL, t.accountId, t.locationId).slice(PUBLIC_URL.length);

describe('sending', () => {
  it('texts the client’s number in international form, with the status callback, keeping Twilio’s id', async () => {
    const t = await practice();
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { phone: number });
    const channels = (await t.admin.call(api.getClientChannels, { query: { clientId: client.id } })).json();
    expect(channels.sms).toEqual({ ready: true, reason: null, to: number });
    const message = await text(t, client.id);
    const done = await settled(t, message.id);
    const sent = fake.messages.find((m) => m.idempotencyToken === message.id)!;
    expect(sent).toMatchObject({ to: e164(number), from: FROM, body: 'Max is ready for pick-up.' });
    expect(sent.statusCallback).toBe(`${PUBLIC_URL}/api/communications/twilio/status?account=${t.accountId}&message=${message.id}`);
    expect(done).toMatchObject({ state: 'sent', provider: 'twilio', providerMessageId: sent.sid, to: e164(number) });
  });

  it('texts a message once per idempotency key, however often it is handed over', async () => {
    const envelope = { id: crypto.randomUUID(), to: '+15305550100', body: 'Once', statusCallback: null };
    const settings = { accountSid: SID, authToken: TOKEN, fromNumber: FROM };
    const [a, b] = [await sendSms(settings, fake.url, envelope), await sendSms(settings, fake.url, envelope)];
    expect(a).toEqual(b);
    expect(fake.messages.filter((m) => m.idempotencyToken === envelope.id)).toHaveLength(1);
  });

  it('a refused auth token fails the message as not set up correctly', async () => {
    const t = await practice('wrong-token');
    const client = await newClient(t.admin, t.locationId, { phone: phone() });
    expect(await settled(t, (await text(t, client.id)).id)).toMatchObject({ state: 'failed', reason: INTEGRATION_MESSAGES.notSetUpCorrectly });
  });

  it('a number Twilio knows unsubscribed is suppressed with Twilio’s reason', async () => {
    const t = await practice();
    const number = phone();
    fake.unsubscribed.add(e164(number));
    const client = await newClient(t.admin, t.locationId, { phone: number });
    expect(await settled(t, (await text(t, client.id)).id)).toMatchObject({ state: 'suppressed', reason: 'Attempt to send to unsubscribed recipient' });
  });
});

describe('the delivery status callback', () => {
  it('signed with the location’s token: updates the message; a wrong signature: 403 and nothing changes', async () => {
    const t = await practice();
    const client = await newClient(t.admin, t.locationId, { phone: phone() });
    const message = await settled(t, (await text(t, client.id)).id);
    const path = `/api/communications/twilio/status?account=${t.accountId}&message=${message.id}`;
    const form = { MessageSid: message.providerMessageId!, MessageStatus: 'delivered', AccountSid: SID };

    const forged = await twilioPost(path, form, 'not-the-token');
    expect(forged.statusCode).toBe(403);
    expect((await settled(t, message.id)).deliveryStatus).toBeNull();
    expect((await twilioPost(path, form, TOKEN, '')).statusCode).toBe(403);
    // Another account's message, or one that does not exist: refused alike.
    const stranger = await practice();
    expect((await twilioPost(`/api/communications/twilio/status?account=${stranger.accountId}&message=${message.id}`, form)).statusCode).toBe(403);

    const ok = await twilioPost(path, form);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/xml/);
    expect(await settled(t, message.id)).toMatchObject({ state: 'sent', deliveryStatus: 'delivered' });

    // A late 'sent' after 'delivered' changes nothing.
    await twilioPost(path, { ...form, MessageStatus: 'sent' });
    expect((await settled(t, message.id)).deliveryStatus).toBe('delivered');

    await twilioPost(path, { ...form, MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect(await settled(t, message.id)).toMatchObject({ state: 'failed', deliveryStatus: 'undelivered', reason: 'Not delivered (Twilio error 30003)' });
  });

  it('the form is read only on Twilio’s paths: elsewhere a form is still 415', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
  });
});

describe('inbound texts and STOP', () => {
  it('stores a signed text, matched to the client by phone; a wrong signature is 403 and stores nothing', async () => {
    const t = await practice();
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { phone: number });
    const form = { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, From: e164(number), To: FROM, Body: 'Can we come at 3?', AccountSid: SID };
    expect((await twilioPost(inboundPath(t), form, 'forged')).statusCode).toBe(403);
    expect(await communicationsRepository.inboundOf(ctx.database.db, t, t.locationId)).toEqual([]);

    expect((await twilioPost(inboundPath(t), form)).statusCode).toBe(200);
    // Twilio retrying the same webhook: stored once.
    expect((await twilioPost(inboundPath(t), form)).statusCode).toBe(200);
    const stored = await communicationsRepository.inboundOf(ctx.database.db, t, t.locationId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ clientId: client.id, fromNumber: e164(number), body: 'Can we come at 3?', providerMessageId: form.MessageSid });
  });

  it('a client who replied STOP is never texted (suppressed with the rule) until they reply START', async () => {
    const t = await practice();
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { phone: number });
    const reply = (body: string) => twilioPost(inboundPath(t), { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, From: e164(number), To: FROM, Body: body });

    expect((await reply('Stop')).statusCode).toBe(200);
    const channels = (await t.admin.call(api.getClientChannels, { query: { clientId: client.id } })).json();
    expect(channels.sms).toMatchObject({ ready: false, reason: COMMUNICATION_MESSAGES.optedOut });
    const before = fake.messages.length;
    const stopped = await settled(t, (await text(t, client.id)).id);
    expect(stopped).toMatchObject({ state: 'suppressed', reason: SUPPRESSION_RULES.optedOut });
    expect(fake.messages.length).toBe(before);

    await reply('START');
    expect((await t.admin.call(api.getClientChannels, { query: { clientId: client.id } })).json().sms.ready).toBe(true);
    expect(await settled(t, (await text(t, client.id)).id)).toMatchObject({ state: 'sent' });
  });

  it('reads Twilio’s other keywords, and nothing else, as consent', () => {
    expect(api.smsConsentKeyword(' unsubscribe ')).toEqual({ optedOut: true, keyword: 'UNSUBSCRIBE' });
    expect(api.smsConsentKeyword('Stop all')).toEqual({ optedOut: true, keyword: 'STOP ALL' });
    expect(api.smsConsentKeyword('yes')).toEqual({ optedOut: false, keyword: 'YES' });
    expect(api.smsConsentKeyword('Please stop by at 3')).toBeNull();
  });
});

describe('message.received', () => {
  const seen: DomainEvents['message.received'][] = [];
  const REFUSAL = 'Not while the test says no';
  beforeAll(() => {
    // Refuses only the texts that ask for it: the rest of this file's texts are told and kept.
    ctx.app.container.events.on('message.received', 'test', async (_tx, _caller, event) => {
      if (event.body === 'refuse me') throw conflict(REFUSAL);
      seen.push(event);
    });
  });

  it('tells a text stored once, with the client matched by phone and what it said of consent; a retried webhook is not told again', async () => {
    const t = await practice();
    const number = phone();
    const client = await newClient(t.admin, t.locationId, { phone: number });
    const form = { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, From: e164(number), To: FROM, Body: 'STOP' };
    expect((await twilioPost(inboundPath(t), form)).statusCode).toBe(200);
    expect((await twilioPost(inboundPath(t), form)).statusCode).toBe(200);
    const [stored] = await communicationsRepository.inboundOf(ctx.database.db, t, t.locationId);
    const told = seen.filter((e) => e.locationId === t.locationId);
    expect(told).toEqual([
      {
        messageId: stored!.id,
        channel: 'sms',
        locationId: t.locationId,
        clientId: client.id,
        from: e164(number),
        to: FROM,
        body: 'STOP',
        consent: { optedOut: true, keyword: 'STOP' },
        receivedAt: stored!.receivedAt,
      },
    ]);

    // A number no client has: told without one.
    const stranger = { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, From: '+15305559999', To: FROM, Body: 'Who is this?' };
    expect((await twilioPost(inboundPath(t), stranger)).statusCode).toBe(200);
    expect(seen.filter((e) => e.locationId === t.locationId).at(-1)).toMatchObject({ clientId: null, from: '+15305559999', body: 'Who is this?', consent: null });
  });

  it('runs in the transaction that stores it: a refusal stores nothing', async () => {
    const t = await practice();
    const form = { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, From: e164(phone()), To: FROM, Body: 'refuse me' };
    expect((await twilioPost(inboundPath(t), form)).statusCode).toBe(409);
    expect(await communicationsRepository.inboundOf(ctx.database.db, t, t.locationId)).toEqual([]);
  });
});
