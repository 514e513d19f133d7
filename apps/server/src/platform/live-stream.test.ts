// The live changes' stream (decision 0189): a change that commits reaches the open streams of its
// account, and only those; a change rolled back reaches none; no session, no stream. Against a
// listening server, as a browser's EventSource reads it.
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { anonymous, createAccount, createTestApp, createUser, type Client, type TestAccount, type TestContext } from '../../test/harness.js';
import { insertInvoice } from '../../test/billing-records.js';
import { newClient } from '../../test/records.js';
import { NO_OUTBOUND } from '../features/client-config/client-config.settings.js';
import { contentSecurityPolicy } from '../web/content-security-policy.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let desk: Client;
let manager: Client;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  desk = await createUser(ctx, home, [], { role: 'Front Desk' });
  manager = await createUser(ctx, home, ['billing.manage']);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

interface Stream {
  res: IncomingMessage;
  /** every event so far: `message` (a change) or a named one */
  events: { event: string; data: string }[];
  /** the first change (from `from` on) that `match` accepts, once it has arrived */
  next(match: (change: api.LiveChange) => boolean, from?: number): Promise<{ change: api.LiveChange; at: number }>;
  close(): void;
}

/** A stream opened the way EventSource opens it, read event by event. */
function openStream(cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/live', headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } }, (res) => {
      const events: Stream['events'] = [];
      const waiting = new Set<() => void>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
          if (data.length === 0) continue;
          events.push({ event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message', data: data.join('\n') });
        }
        for (const wake of [...waiting]) wake();
      });
      const next: Stream['next'] = (match, from = 0) =>
        new Promise((found) => {
          const look = () => {
            for (let at = from; at < events.length; at++) {
              const e = events[at]!;
              if (e.event !== 'message') continue;
              const change = api.LiveChange.parse(JSON.parse(e.data));
              if (match(change)) {
                waiting.delete(look);
                return found({ change, at });
              }
            }
          };
          waiting.add(look);
          look();
        });
      resolve({ res, events, next, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

const changes = (s: Stream) => s.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as api.LiveChange);

async function unpaidInvoice(t: TestAccount, total = 8_500) {
  const { id: clientId } = await newClient(t.admin, t.locationId);
  return { clientId, invoiceId: await insertInvoice(ctx, { accountId: t.accountId, locationId: t.locationId, clientId }, { total }) };
}
async function cashOf(caller: Client) {
  return ((await caller.call(api.paymentTypeOps.list)).json() as api.PaymentType[]).find((p) => p.name === 'Cash')!;
}
async function pay(caller: Client, t: TestAccount, of: { clientId: string; invoiceId: string }, amount: number) {
  const cash = await cashOf(caller);
  return caller.call(api.paymentOps.create, {
    body: { data: { locationId: t.locationId, clientId: of.clientId, paymentTypeId: cash.id, amount, allocations: [{ invoiceId: of.invoiceId, amount }] } },
  });
}

describe('GET /api/live', () => {
  it('is an event stream, neither compressed nor cached, that the pages’ policy lets them open', async () => {
    const stream = await openStream(desk.cookie);
    try {
      expect(stream.res.statusCode).toBe(200);
      expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.res.headers['content-encoding']).toBeUndefined();
      expect(stream.res.headers['cache-control']).toContain('no-store');
      expect(stream.res.headers['x-accel-buffering']).toBe('no');
      expect(stream.res.headers['x-content-type-options']).toBe('nosniff');
      // EventSource is a fetch of connect-src: the portal's own origin.
      expect(contentSecurityPolicy(NO_OUTBOUND)).toMatch(/connect-src 'self'[;\s]/);
    } finally {
      stream.close();
    }
  });

  it('refuses without a session (401), as every API route does', async () => {
    const res = await anonymous(ctx).call(api.liveChanges);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('tells a payment recorded in the account to its streams, and another account’s streams nothing', async () => {
    const [mine, theirs] = await Promise.all([openStream(desk.cookie), openStream(other.admin.cookie)]);
    try {
      const billed = await unpaidInvoice(home);
      const res = await pay(desk, home, billed, 8_500);
      expect(res.statusCode, res.body).toBe(201);
      const payment = res.json() as api.Payment;
      await mine.next((c) => c.topic === 'clientBalance' && c.id === billed.clientId);
      expect(changes(mine)).toEqual(
        expect.arrayContaining([
          { topic: 'payment', id: payment.id },
          { topic: 'invoice', id: billed.invoiceId },
          { topic: 'clientBalance', id: billed.clientId },
        ]),
      );
      // Notices arrive in commit order: once the other account hears its own change, it has heard
      // everything before it, and nothing of this account's is among it.
      const theirBill = await unpaidInvoice(other);
      expect((await pay(other.admin, other, theirBill, 1_000)).statusCode).toBe(201);
      await theirs.next((c) => c.topic === 'invoice' && c.id === theirBill.invoiceId);
      const heard = changes(theirs).map((c) => c.id);
      expect(heard).not.toContain(billed.invoiceId);
      expect(heard).not.toContain(payment.id);
      expect(heard).not.toContain(billed.clientId);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('tells nothing of a change that was refused and rolled back', async () => {
    const stream = await openStream(desk.cookie);
    try {
      const billed = await unpaidInvoice(home, 2_000);
      // More than the invoice owes: refused, nothing written, nothing told.
      expect((await pay(desk, home, billed, 5_000)).statusCode).toBe(422);
      expect((await pay(desk, home, billed, 2_000)).statusCode).toBe(201);
      const { at } = await stream.next((c) => c.topic === 'invoice' && c.id === billed.invoiceId);
      const before = changes(stream).slice(0, at);
      expect(before.filter((c) => c.id === billed.invoiceId)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('tells a refund, a deleted refund and a void of the invoice they touch', async () => {
    const stream = await openStream(desk.cookie);
    try {
      const billed = await unpaidInvoice(home, 3_000);
      const payment = (await pay(desk, home, billed, 3_000)).json() as api.Payment;
      let from = (await stream.next((c) => c.id === payment.id)).at + 1;
      const refund = await manager.call(api.refundPayment, { params: { id: payment.id }, body: { data: { amount: 1_000, reason: 'Overpaid' } } });
      expect(refund.statusCode, refund.body).toBe(201);
      from = (await stream.next((c) => c.topic === 'invoice' && c.id === billed.invoiceId, from)).at + 1;
      expect((await home.admin.call(api.paymentOps.remove, { params: { id: refund.json().id } })).statusCode).toBe(200);
      from = (await stream.next((c) => c.topic === 'invoice' && c.id === billed.invoiceId, from)).at + 1;

      const voided = await unpaidInvoice(home, 1_500);
      expect((await desk.call(api.voidInvoice, { params: { id: voided.invoiceId }, body: { data: { reason: 'Billed the wrong family' } } })).statusCode).toBe(200);
      await stream.next((c) => c.topic === 'invoice' && c.id === voided.invoiceId, from);
    } finally {
      stream.close();
    }
  });

  it('ends its streams when the server closes, so closing never waits on them', async () => {
    const own = await createTestApp();
    try {
      const t = await createAccount(own);
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const ownPort = (own.app.server.address() as AddressInfo).port;
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        request({ host: '127.0.0.1', port: ownPort, path: '/api/live', headers: { cookie: t.admin.cookie } }, resolve).on('error', reject).end(),
      );
      expect(res.statusCode).toBe(200);
      const ended = new Promise<void>((done) => res.on('end', () => done()).resume());
      await own.app.close();
      await ended;
    } finally {
      await own.close();
    }
  });
});
