// Answers to input a form would never send, and the headers every answer carries: a NUL
// character or half of a surrogate pair is a 400 naming the field (PostgreSQL text cannot hold
// one), so is a body nested deeper than any form, API answers are never cached, HTTPS is kept to
// once reached, an import takes the size it promises, a request the HTTP parser refuses (an
// address over 16 KB, a malformed line) still answers {error:{message}}, and behind a proxy the
// client's address is the one the proxy saw, not one the client wrote.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { BOOKING_LIMIT_PER_IP, BOOKING_TOO_MANY, MESSAGES } from '@willow/contracts';
import { issueBookingToken } from '../src/features/appointments/booking-token.js';
import { LOGIN_LIMITS } from '../src/features/auth/auth.service.js';
import { IMPORT_COLUMNS } from '../src/features/patients/client-import.service.js';
import { TokenSigner } from '../src/platform/tokens.js';
import { createAccount, createTestApp, errorOf, JWT_SECRET, TEST_PASSWORD, type TestAccount, type TestContext } from './harness.js';
import { at, newService } from './scheduling-records.js';

let ctx: TestContext;
let proxied: TestContext;
let home: TestAccount;
beforeAll(async () => {
  [ctx, proxied] = await Promise.all([createTestApp(), createTestApp({ trustProxy: 1 })]);
  home = await createAccount(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await proxied?.close();
});

const clientCount = async () =>
  ((await home.admin.call(api.listClients, { query: { locationId: home.locationId, limit: 1 } })).json() as { total: number }).total;

describe('a NUL character', () => {
  it('in a body field answers 400 naming the field, and nothing is written', async () => {
    const before = await clientCount();
    const res = await home.admin.call(api.createClient, { body: { data: { locationId: home.locationId, firstName: 'Ann\u0000', lastName: 'Lee' } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('firstName: must not contain a NUL character');
    expect(await clientCount()).toBe(before);
  });

  it('in a search or a nested field answers 400 too', async () => {
    const search = await home.admin.call(api.listClients, { query: { locationId: home.locationId, search: 'a\u0000b' } });
    expect(search.statusCode).toBe(400);
    expect(errorOf(search)).toBe('search: must not contain a NUL character');
    const alerts = await home.admin.call(api.createPatient, {
      body: { data: { clientId: home.locationId, name: 'Rex', speciesId: home.speciesId, alerts: ['ok', 'bi\u0000tes'] } },
    });
    expect(alerts.statusCode).toBe(400);
    expect(errorOf(alerts)).toBe('alerts.1: must not contain a NUL character');
  });

  it('is refused after the session check: without a session it is still 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/client?locationId=${home.locationId}&search=a%00b` });
    expect(res.statusCode).toBe(401);
  });
});

describe('half of a surrogate pair', () => {
  it('in a text, a list or a JSON column answers 400 naming the field, and nothing is written', async () => {
    const before = await clientCount();
    const client = await home.admin.call(api.createClient, { body: { data: { locationId: home.locationId, firstName: 'Ann\ud800', lastName: 'Lee' } } });
    expect(client.statusCode).toBe(400);
    expect(errorOf(client)).toBe('firstName: must be valid Unicode text');
    expect(await clientCount()).toBe(before);
    const category = (await home.admin.call(api.addOnCategoryOps.create, { body: { data: { locationId: home.locationId, name: 'Keepsakes' } } })).json();
    // Options are kept in a JSON column, where PostgreSQL refuses the escape outright.
    const addOn = await home.admin.call(api.addOnOps.create, {
      body: { data: { categoryId: category.id, name: 'Urn', price: 5, options: [{ name: 'Oak\udc00' }] } },
    });
    expect(addOn.statusCode).toBe(400);
    expect(errorOf(addOn)).toBe('options.0.name: must be valid Unicode text');
  });

  it('keeps a whole pair (an emoji) as it is', async () => {
    const res = await home.admin.call(api.createClient, { body: { data: { locationId: home.locationId, firstName: 'Ann 🐾', lastName: 'Lee' } } });
    expect(res.statusCode).toBe(201);
    expect(res.json().firstName).toBe('Ann 🐾');
  });
});

describe('a JSON body nested deeper than any form', () => {
  it('answers 400 from validation, not 500 from the NUL check running out of stack', async () => {
    for (const payload of [`{"data":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, `{"data":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/client',
        headers: { cookie: home.admin.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('still names a NUL character deep inside, in key order', async () => {
    const deep = { data: { locationId: home.locationId, firstName: 'Ann', lastName: 'Lee', notes: 'ok', x: { y: [['a', 'b\u0000']] } } };
    const res = await home.admin.call(api.createClient, { body: deep });
    expect(errorOf(res)).toBe('x.y.0.1: must not contain a NUL character');
  });
});

describe('a date outside the years a practice keeps', () => {
  it('answers 400 naming the field, in a body and in a range query', async () => {
    const born = await home.admin.call(api.createClient, { body: { data: { locationId: home.locationId, firstName: 'Old', lastName: 'Year' } } });
    const clientId = (born.json() as { id: string }).id;
    for (const dateOfBirth of ['0000-01-01', '0001-01-01', '3000-01-01']) {
      const res = await home.admin.call(api.createPatient, { body: { data: { clientId, name: 'Rex', speciesId: home.speciesId, dateOfBirth } } });
      expect(res.statusCode, dateOfBirth).toBe(400);
      expect(errorOf(res)).toBe('dateOfBirth: must be between 1900 and 2999');
    }
    const range = await home.admin.call(api.listSchedule, {
      query: { locationId: home.locationId, startDate: '0001-01-01T00:00:00Z', endDate: '0001-01-08T00:00:00Z' },
    });
    expect(range.statusCode).toBe(400);
    expect(errorOf(range)).toContain('must be between 1900 and 2999');
  });
});

describe('headers', () => {
  it('API answers are never cached; a download keeps its own rule', async () => {
    const res = await home.admin.call(api.listClients, { query: { locationId: home.locationId } });
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/client' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const csv = await home.admin.call(api.exportClients, { query: { locationId: home.locationId } });
    expect(csv.headers['cache-control']).toBe('private, no-store');
  });

  it('asks browsers to keep to HTTPS once a request came over it, and only then', async () => {
    const https = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the client import', () => {
  it('takes a CSV of several megabytes, past the 1 MiB every other request is held to', async () => {
    const row = ['Ann', 'Lee', 'ann@example.com', '555 0100', '', '1 Long Road', 'x'.repeat(300)];
    const lines = Array.from({ length: 6000 }, (_, i) => row.map((v, j) => (j === 2 ? `ann${i}@example.com` : v)).join(','));
    const csv = [IMPORT_COLUMNS.slice(0, row.length).join(','), ...lines].join('\r\n');
    expect(csv.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await home.admin.call(api.previewClientImport, { body: { data: { locationId: home.locationId, csv } } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const other = await home.admin.call(api.createClient, {
      body: { data: { locationId: home.locationId, firstName: 'Big', lastName: 'Body', notes: 'x'.repeat(2 * 1024 * 1024) } },
    });
    expect(other.statusCode).toBe(413);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  const PROXY = '10.9.8.7';
  let spoofCounter = 0;
  /** A made-up client address, different every time: what a client trying to escape a limit writes. */
  const spoofed = () => `192.0.2.${(spoofCounter++ % 250) + 1}`;
  /** A request through the one proxy: it appends the address it saw to what the client sent. */
  const viaProxy = (clientIp: string, url: string, payload: object) =>
    proxied.app.inject({ method: 'POST', url, payload, remoteAddress: PROXY, headers: { 'x-forwarded-for': `${spoofed()}, ${clientIp}` } });

  it('limits sign-in by the address the proxy saw, whatever X-Forwarded-For the client sent', async () => {
    const owner = await createAccount(proxied);
    const profile = (await owner.admin.call(api.getProfile)).json() as api.Profile;
    const client = '203.0.113.50';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      const res = await viaProxy(client, '/api/auth/login', { data: { email: `guess-${i}@test.example`, password: 'wrong-password-entirely' } });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await viaProxy(client, '/api/auth/login', { data: { email: profile.email, password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toBe(MESSAGES.tooManyAttempts);
    // Another client behind the same proxy is not held by it.
    expect((await viaProxy('203.0.113.51', '/api/auth/login', { data: { email: profile.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });

  it('limits booking requests by the address the proxy saw, whatever X-Forwarded-For the client sent', async () => {
    const practice = await createAccount(proxied);
    const service = await newService(practice.admin, practice.locationId, { type: 'Euthanasia', name: 'Home euthanasia', duration: 45 });
    const signer = new TokenSigner(JWT_SECRET);
    const request = (n: number) => ({
      data: {
        serviceId: service.id,
        preferredTimes: [at('10:00')],
        patient: { name: `Max ${n}`, speciesId: practice.speciesId, notes: null },
        owner: { firstName: 'Olive', lastName: 'Owner', email: `olive-${n}@example.com`, phone: '555 0142', address: null },
        website: '',
        formToken: issueBookingToken(signer, practice.locationId, Date.now() - 60_000),
      },
    });
    const url = `/api/booking/${practice.locationId}`;
    for (let i = 0; i < BOOKING_LIMIT_PER_IP; i++) expect((await viaProxy('203.0.113.60', url, request(i))).statusCode).toBe(201);
    const refused = await viaProxy('203.0.113.60', url, request(99));
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe(BOOKING_TOO_MANY);
    expect((await viaProxy('203.0.113.61', url, request(100))).statusCode).toBe(201);
  });

  it('takes the address of the peer itself when no proxy header came', async () => {
    const owner = await createAccount(proxied);
    const profile = (await owner.admin.call(api.getProfile)).json() as api.Profile;
    const direct = '198.18.0.9';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await proxied.app.inject({ method: 'POST', url: '/api/auth/login', payload: { data: { email: `guess-${i}@test.example`, password: 'wrong-password-entirely' } }, remoteAddress: direct });
    }
    const blocked = await proxied.app.inject({ method: 'POST', url: '/api/auth/login', payload: { data: { email: profile.email, password: TEST_PASSWORD } }, remoteAddress: direct });
    expect(blocked.statusCode).toBe(429);
  });
});

/** Sends raw bytes to the listening app and reads the answer until the server closes the connection. */
async function rawRequest(app: TestContext['app'], request: string) {
  const { port } = app.server.address() as AddressInfo;
  const raw = await new Promise<string>((resolve, reject) => {
    // Written without closing our side: a half-closed connection may be dropped before its answer.
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

// Node's HTTP parser refuses these before Fastify routes them: app.inject never meets it.
describe('a request the HTTP parser refuses', () => {
  beforeAll(() => ctx.app.listen({ port: 0, host: '127.0.0.1' }));

  it('answers 431 in the product shape for an address or a header section over 16 KB', async () => {
    const url = `/api/client?search=${'a'.repeat(17 * 1024)}`;
    const header = `x-filler: ${'b'.repeat(17 * 1024)}`;
    for (const request of [`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`, `GET /api/health HTTP/1.1\r\nHost: localhost\r\n${header}\r\n\r\n`]) {
      const res = await rawRequest(ctx.app, request);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({ error: { message: MESSAGES.headersTooLarge } });
      expect(res.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(res.body)),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-robots-tag': 'noindex, nofollow',
        'referrer-policy': 'same-origin',
      });
    }
  });

  it('answers 400 in the product shape for a malformed request line or header', async () => {
    for (const request of ['NOT A REQUEST\r\n\r\n', 'GET /api/health HTTP/1.1\r\nBad Header: x\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n']) {
      const res = await rawRequest(ctx.app, request);
      expect(res.status, request).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: { message: MESSAGES.unreadableRequest } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('still answers a readable request on the same server', async () => {
    const res = await rawRequest(ctx.app, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
