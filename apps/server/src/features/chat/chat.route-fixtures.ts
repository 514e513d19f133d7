// SMS chat's part of the route table test (test/route-table.test.ts): no {id} routes, but the
// valid requests its id fields are tried on, and a text of the account (a `before` cursor).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as api from '@willow/contracts';
import type { TestAccount, TestContext } from '../../../test/harness.js';
import type { RouteFixtures } from '../../../test/route-fixtures.js';
import { communicationsRepository } from '../communications/index.js';

export const routeFixtures: RouteFixtures = {};

/** A text the account sent a client of its first location (kept as not sent: no Twilio in the test). */
export async function makeChatMessage(t: TestAccount, clientId: string): Promise<string> {
  const res = await t.admin.call(api.sendClientSms, { body: { data: { clientId, body: 'Max is ready' } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const withData = (data: Record<string, unknown>) => ({ body: { data } });
const randomPhone = () => `+1530${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;

/** The valid requests of this account the chat's id fields are tried on (`METHOD path` → request). */
export const chatBaseRequests = (ctx: () => TestContext) => ({
  'GET /api/chat/messages': (w: { location: string; client: string }) => ({ query: { locationId: w.location, clientId: w.client } }),
  'POST /api/chat/read': (w: { location: string; client: string }) => withData({ locationId: w.location, clientId: w.client }),
  'POST /api/chat/reply': async (w: { location: string }, t: TestAccount) => {
    const res = await t.admin.call(api.createClient, { body: { data: { locationId: w.location, firstName: 'Tex', lastName: 'Ter', phone: randomPhone() } } });
    return withData({ locationId: w.location, clientId: res.json().id, body: 'Hello' });
  },
  // A number no client has texted the location (stored as the webhook stores it).
  'POST /api/chat/link': async (w: { location: string; client: string }, t: TestAccount) => {
    const phone = randomPhone();
    await communicationsRepository.storeInbound(ctx().database.db, t, { locationId: w.location, clientId: null, fromNumber: phone, toNumber: '+15550001111', body: 'Hi', providerMessageId: `SM${randomUUID()}` });
    return withData({ locationId: w.location, phone, clientId: w.client });
  },
});
