// A state-changing request a browser sent from another site, sibling subdomains included, is
// refused before the session is read (decision 0053); the portal's own pages (sign-in, the public
// booking form, a document upload) and clients that are not browsers keep working.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { MESSAGES } from '@willow/contracts';
import { issueBookingToken } from '../src/features/appointments/booking-token.js';
import { parseAllowedOrigins } from '../src/platform/origin-check.js';
import { TokenSigner } from '../src/platform/tokens.js';
import { createAccount, createTestApp, JWT_SECRET, PDF_BYTES, TEST_PASSWORD, type TestAccount, type TestContext } from './harness.js';
import { addLocation } from './records.js';
import { at, newService } from './scheduling-records.js';

let ctx: TestContext;
let proxied: TestContext;
let behindProxy: TestContext;
let home: TestAccount;
beforeAll(async () => {
  [ctx, proxied, behindProxy] = await Promise.all([
    createTestApp(),
    createTestApp({ trustProxy: 1 }),
    createTestApp({ allowedOrigins: parseAllowedOrigins('https://portal.clinic.example') }),
  ]);
  home = await createAccount(ctx);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), proxied?.close(), behindProxy?.close()]);
});

const PORTAL = 'portal.clinic.example';
const refused = { error: { message: MESSAGES.crossOrigin } };

/** Creates a client as the browser would, with the given request headers; the portal is at PORTAL. */
function createClient(headers: Record<string, string>, app = ctx.app) {
  return app.inject({
    method: 'POST',
    url: '/api/client',
    headers: { host: PORTAL, cookie: home.admin.cookie, ...headers },
    payload: { data: { locationId: home.locationId, firstName: 'Cross', lastName: `Origin ${randomUUID().slice(0, 6)}` } },
  });
}
const clientCount = async () =>
  ((await home.admin.call(api.listClients, { query: { locationId: home.locationId, limit: 1 } })).json() as { total: number }).total;

describe('a write from another site', () => {
  it('is refused with 403 for a foreign, sibling-subdomain or null Origin, and nothing is written', async () => {
    const before = await clientCount();
    for (const origin of ['https://evil.example', `https://attacker.clinic.example`, 'https://portal.clinic.example.evil.example', 'null', 'not a url']) {
      const res = await createClient({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual(refused);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(await clientCount()).toBe(before);
  });

  it('is refused by Sec-Fetch-Site cross-site or same-site when the browser sends no Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await createClient({ 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json()).toEqual(refused);
    }
  });

  it('is refused for every write method, a multipart or text/plain body, and a delete', async () => {
    const evil = { host: PORTAL, origin: 'https://evil.example', cookie: home.admin.cookie };
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { ...evil, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n'), PDF_BYTES, Buffer.from('\r\n--x--\r\n')]),
    });
    expect(upload.statusCode).toBe(403);
    const text = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...evil, 'content-type': 'text/plain' }, payload: 'x' });
    expect(text.statusCode).toBe(403);
    // The session survived the forged sign-out.
    expect((await home.admin.call(api.getProfile)).statusCode).toBe(200);
    const remove = await ctx.app.inject({ method: 'DELETE', url: `/api/client/${randomUUID()}`, headers: evil });
    expect(remove.statusCode).toBe(403);
  });

  it('signing in from another site is refused too (no one is signed in to an attacker’s account)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: PORTAL, origin: 'https://evil.example' },
      payload: { data: { email: 'someone@test.example', password: TEST_PASSWORD } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toEqual([]);
  });
});

describe('a write from the portal’s own pages', () => {
  it('goes through with the portal’s Origin, on the default port or another, and Sec-Fetch-Site same-origin', async () => {
    for (const [host, origin] of [
      [PORTAL, `https://${PORTAL}`],
      [`${PORTAL}:443`, `https://${PORTAL}`],
      ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
      [PORTAL.toUpperCase(), `https://${PORTAL}`],
    ] as const) {
      const res = await createClient({ host, origin, 'sec-fetch-site': 'same-origin' });
      expect(res.statusCode, `${host} ${origin}: ${res.body}`).toBe(201);
    }
    expect((await createClient({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await createClient({ 'sec-fetch-site': 'none' })).statusCode).toBe(201);
  });

  it('goes through without Origin or Sec-Fetch-Site: a script or app that is not a browser', async () => {
    expect((await createClient({})).statusCode).toBe(201);
  });

  it('signs in and sends the public booking form from the portal’s own pages', async () => {
    const own = { host: PORTAL, origin: `https://${PORTAL}`, 'sec-fetch-site': 'same-origin' };
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: own,
      payload: { data: { email: 'nobody@test.example', password: TEST_PASSWORD } },
    });
    // Reached the sign-in itself: the credentials are wrong, the origin was fine.
    expect(signIn.statusCode).toBe(401);

    const locationId = await addLocation(ctx, home, { species: ['Dog'], name: `Branch ${randomUUID().slice(0, 6)}` });
    const service = await newService(home.admin, locationId, { type: 'Euthanasia', name: 'Home euthanasia', duration: 45 });
    const data = {
      formToken: issueBookingToken(new TokenSigner(JWT_SECRET), locationId, Date.now() - 60_000),
      serviceId: service.id,
      preferredTimes: [at('10:00')],
      patient: { name: 'Max', speciesId: home.speciesId },
      owner: { firstName: 'Olive', lastName: 'Owner', email: `olive-${randomUUID()}@example.com`, phone: '555 0142' },
    };
    const send = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: `/api/booking/${locationId}`, headers, payload: { data }, remoteAddress: '198.51.100.77' });
    const foreign = await send({ host: PORTAL, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const booked = await send(own);
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('reads are never refused: another site cannot read the answer anyway', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: PORTAL, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('behind a proxy', () => {
  it('compares with X-Forwarded-Host only when the proxy is trusted', async () => {
    const headers = { host: '10.0.0.5:3000', 'x-forwarded-host': PORTAL, origin: `https://${PORTAL}` };
    const trusted = await createClient(headers, proxied.app);
    // Reached the session check: the other app has no such session.
    expect(trusted.statusCode).toBe(401);
    const untrusted = await createClient(headers, ctx.app);
    expect(untrusted.statusCode).toBe(403);
  });

  it('takes the origins in ALLOWED_ORIGINS when the proxy passes neither Host nor X-Forwarded-Host', async () => {
    const own = await createClient({ host: '10.0.0.5:3000', origin: `https://${PORTAL}` }, behindProxy.app);
    expect(own.statusCode).toBe(401);
    const other = await createClient({ host: '10.0.0.5:3000', origin: 'https://evil.example' }, behindProxy.app);
    expect(other.statusCode).toBe(403);
  });

  it('ALLOWED_ORIGINS takes bare origins and refuses anything else at start', () => {
    expect(parseAllowedOrigins(undefined)).toEqual([]);
    expect(parseAllowedOrigins(' https://Portal.Example/ , http://localhost:5173,https://a.example:443')).toEqual([
      'https://portal.example',
      'http://localhost:5173',
      'https://a.example',
    ]);
    for (const bad of ['portal.example', 'https://portal.example/app', 'ftp://portal.example', 'https://portal.example?x=1']) {
      expect(() => parseAllowedOrigins(bad), bad).toThrow(/ALLOWED_ORIGINS/);
    }
  });
});
