// The staff's side of communications: a client's channels, sending an email or an SMS, the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { anonymous, createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { newClient } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

const tag = () => Math.random().toString(36).slice(2, 8);

describe('a location without email or SMS', () => {
  it('says so before anyone types, and keeps a sent attempt as not sent', async () => {
    const client = await newClient(staff, home.locationId, { email: `cora-${tag()}@example.com`, phone: '(530) 555-0142' });
    const channels = await staff.call(api.getClientChannels, { query: { clientId: client.id } });
    expect(channels.statusCode, channels.body).toBe(200);
    expect(channels.json()).toEqual({
      email: { ready: false, reason: 'Email is not set up for this location', to: client.email },
      sms: { ready: false, reason: 'SMS is not set up for this location', to: '(530) 555-0142' },
    });

    const email = await staff.call(api.sendClientEmail, { body: { data: { clientId: client.id, subject: 'Reminder', body: 'Max is due.' } } });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json()).toMatchObject({
      channel: 'email',
      client: { id: client.id, name: 'Cora Client' },
      to: client.email,
      state: 'notSent',
      reason: 'Email is not set up for this location',
      subject: 'Reminder',
    });
    const sms = await staff.call(api.sendClientSms, { body: { data: { clientId: client.id, body: 'See you soon' } } });
    expect(sms.json()).toMatchObject({ channel: 'sms', to: '+15305550142', state: 'notSent', reason: 'SMS is not set up for this location' });

    const log = await staff.call(api.listMessages, { query: { clientId: client.id } });
    expect(log.statusCode).toBe(200);
    expect(log.json().total).toBe(2);
    expect((log.json().items as api.Message[]).map((m) => m.channel)).toEqual(['sms', 'email']);

    // An appointment's messages: those written since an instant (decision 0195).
    const since = await staff.call(api.listMessages, { query: { clientId: client.id, since: sms.json().createdAt } });
    expect(since.statusCode, since.body).toBe(200);
    expect((since.json().items as api.Message[]).map((m) => m.id)).toEqual([sms.json().id]);
    const later = await staff.call(api.listMessages, { query: { clientId: client.id, since: new Date(Date.parse(sms.json().createdAt) + 1).toISOString() } });
    expect(later.json().total).toBe(0);
    const badSince = await staff.call(api.listMessages, { query: { clientId: client.id, since: 'yesterday' } });
    expect(badSince.statusCode).toBe(400);
    expect(errorOf(badSince)).toMatch(/^since: /);
  });
});

describe('validation', () => {
  it('refuses a message of 1000 characters or more, and an empty one, naming the field', async () => {
    const client = await newClient(staff, home.locationId, { email: `long-${tag()}@example.com` });
    const long = await staff.call(api.sendClientSms, { body: { data: { clientId: client.id, body: 'x'.repeat(1000) } } });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toBe('Message must be less than 1000 characters');
    const empty = await staff.call(api.sendClientEmail, { body: { data: { clientId: client.id, subject: 'Hi', body: '  ' } } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('body: is required');
    const noSubject = await staff.call(api.sendClientEmail, { body: { data: { clientId: client.id, subject: '', body: 'x' } } });
    expect(errorOf(noSubject)).toBe('subject: is required');
    const badFilter = await staff.call(api.listMessages, { query: { channel: 'fax' } });
    expect(badFilter.statusCode).toBe(400);
    expect(errorOf(badFilter)).toMatch(/^channel: /);
    const ok = await staff.call(api.sendClientSms, { body: { data: { clientId: client.id, body: 'x'.repeat(999) } } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('who may', () => {
  it('refuses the signed-out', async () => {
    const client = await newClient(staff, home.locationId);
    for (const [op, opts] of [
      [api.listMessages, {}],
      [api.getClientChannels, { query: { clientId: client.id } }],
      [api.sendClientEmail, { body: { data: { clientId: client.id, subject: 's', body: 'b' } } }],
      [api.sendClientSms, { body: { data: { clientId: client.id, body: 'b' } } }],
    ] as const) {
      expect((await anonymous(ctx).call(op, opts)).statusCode).toBe(401);
    }
  });

  it('answers 404 for another account’s clients and locations, and shows none of their messages', async () => {
    const theirs = await newClient(other.admin, other.locationId, { email: `theirs-${tag()}@example.com` });
    await other.admin.call(api.sendClientEmail, { body: { data: { clientId: theirs.id, subject: 's', body: 'b' } } });
    expect((await staff.call(api.getClientChannels, { query: { clientId: theirs.id } })).statusCode).toBe(404);
    expect((await staff.call(api.sendClientEmail, { body: { data: { clientId: theirs.id, subject: 's', body: 'b' } } })).statusCode).toBe(404);
    expect((await staff.call(api.sendClientSms, { body: { data: { clientId: theirs.id, body: 'b' } } })).statusCode).toBe(404);
    expect((await staff.call(api.listMessages, { query: { clientId: theirs.id } })).statusCode).toBe(404);
    expect((await staff.call(api.listMessages, { query: { locationId: other.locationId } })).statusCode).toBe(404);
    const mine = (await staff.call(api.listMessages, {})).json().items as api.Message[];
    expect(mine.some((m) => m.client?.id === theirs.id)).toBe(false);
    // Their own log has it.
    expect((await other.admin.call(api.listMessages, { query: { clientId: theirs.id } })).json().total).toBe(1);
  });
});

describe('the log', () => {
  it('pages newest first and filters by location, channel and state', async () => {
    const client = await newClient(staff, home.locationId, { email: `paged-${tag()}@example.com` });
    for (let i = 0; i < 3; i++) await staff.call(api.sendClientEmail, { body: { data: { clientId: client.id, subject: `Mail ${i}`, body: 'b' } } });
    const first = await staff.call(api.listMessages, { query: { clientId: client.id, limit: 2, offset: 0 } });
    expect(first.json().total).toBe(3);
    expect((first.json().items as api.Message[]).map((m) => m.subject)).toEqual(['Mail 2', 'Mail 1']);
    const second = await staff.call(api.listMessages, { query: { clientId: client.id, limit: 2, offset: 2 } });
    expect((second.json().items as api.Message[]).map((m) => m.subject)).toEqual(['Mail 0']);
    const byState = await staff.call(api.listMessages, { query: { locationId: home.locationId, channel: 'email', state: 'notSent' } });
    expect(byState.json().total).toBeGreaterThanOrEqual(3);
    expect((await staff.call(api.listMessages, { query: { clientId: client.id, state: 'sent' } })).json().total).toBe(0);
  });
});
