import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, JWT_SECRET, signIn, type TestAccount, type TestContext } from '../../test/harness.js';
import { newClient } from '../../test/records.js';
import { PUBLIC_PAGES } from './pages.routes.js';

const INDEX = '<!doctype html><html><body><div id="root">willow-test-shell</div></body></html>';
const SCRIPT = 'console.log("willow-test-asset");';
const SECRET_TEXT = 'a-file-outside-the-web-folder';
const BIG_CSS = Array.from({ length: 200 }, (_, i) => `.c${i}{color:#${String(i).padStart(6, '0')}}`).join('\n');

let root: string;
let ctx: TestContext;
let practice: TestAccount;
const responses: LightMyRequestResponse[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'willow-web-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'assets', 'app.js'), SCRIPT);
  // What the build writes beside each asset; the marker proves the precompressed copy was sent
  // rather than the file compressed again on the fly.
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync(`${SCRIPT}//br`));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync(`${SCRIPT}//gz`));
  writeFileSync(join(dist, 'assets', 'big.css'), BIG_CSS);
  writeFileSync(join(root, 'secret.txt'), SECRET_TEXT);
  mkdirSync(join(root, 'dist-private'));
  writeFileSync(join(root, 'dist-private', 'secret.txt'), SECRET_TEXT);
  ctx = await createTestApp({ webDist: dist });
  practice = await createAccount(ctx);
});
afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

async function get(url: string, cookie?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, ...(cookie && { headers: { cookie } }) });
  responses.push(res);
  return res;
}
const signToken = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(randomUUID())
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET));
const clearsCookie = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'x-access-token');
  return cookie !== undefined && cookie.value === '' && (cookie.expires?.getTime() ?? Infinity) < Date.now();
};

describe('the page guard', () => {
  it('sends a visitor without a token to /login with the page as returnUrl', async () => {
    const res = await get('/users');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?returnUrl=%2Fusers');
    const withQuery = await get('/users?tab=roles');
    expect(withQuery.headers.location).toBe(`/login?returnUrl=${encodeURIComponent('/users?tab=roles')}`);
    expect((await get('/')).headers.location).toBe('/login?returnUrl=%2F');
  });

  it('removes an undecodable token and sends the visitor to /logout', async () => {
    const res = await get('/users', 'x-access-token=garbage');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/logout');
    expect(clearsCookie(res)).toBe(true);
  });

  it('removes a token signed with another secret', async () => {
    const forged = await new SignJWT({ authenticatedUserId: randomUUID(), accountId: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(`${JWT_SECRET}-other`));
    const res = await get('/users', `x-access-token=${forged}`);
    expect(res.headers.location).toBe('/logout');
    expect(clearsCookie(res)).toBe(true);
  });

  it('sends a token lacking the account id or the user id to /403', async () => {
    const noAccount = await get('/users', `x-access-token=${await signToken({ authenticatedUserId: randomUUID() })}`);
    expect(noAccount.statusCode).toBe(302);
    expect(noAccount.headers.location).toBe('/403');
    const noUser = await get('/users', `x-access-token=${await signToken({ accountId: randomUUID() })}`);
    expect(noUser.headers.location).toBe('/403');
    // Decodable and unexpired, but with neither an account id nor a session id: still /403.
    const bare = await new SignJWT({ authenticatedUserId: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await get('/users', `x-access-token=${bare}`)).headers.location).toBe('/403');
  });

  it('treats a revoked token like an expired one', async () => {
    const client = await signIn(ctx, (await practice.admin.call(api.getProfile)).json().email);
    await client.call(api.logout);
    const res = await get('/users', client.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/logout');
    expect(clearsCookie(res)).toBe(true);
  });

  it('serves the app to a signed-in user, uncached and unframeable', async () => {
    const res = await get('/users', practice.admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect((await get('/', practice.admin.cookie)).statusCode).toBe(200);
  });

  it('serves the public pages without a session', async () => {
    for (const page of PUBLIC_PAGES) {
      const res = await get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.body).toBe(INDEX);
    }
    expect((await get('/login?returnUrl=%2Fusers')).statusCode).toBe(200);
    // A location's public booking page.
    expect((await get(`/book/${randomUUID()}`)).statusCode).toBe(200);
    // A form sent to a client.
    expect((await get(`/form/${randomUUID()}/${randomUUID()}?t=secret`)).statusCode).toBe(200);
  });
});

describe('static files', () => {
  it('serves the built assets, cached for good', async () => {
    const res = await get('/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SCRIPT);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves a file outside the web folder', async () => {
    for (const url of [
      '/..%2F..%2Fetc/passwd',
      '/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/assets/..%2F..%2F..%2Fetc%2Fpasswd',
      '/..%2Fsecret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/..%5Csecret.txt',
      '/..%2Fdist-private%2Fsecret.txt',
      '/assets/../../secret.txt',
    ]) {
      const res = await get(url);
      expect(res.body, url).not.toContain(SECRET_TEXT);
      expect(res.body, url).not.toMatch(/root:/);
      expect([200, 302, 404], url).toContain(res.statusCode);
    }
  });

  it('answers a malformed path with 400 {error:{message}}', async () => {
    for (const url of ['/%E0%A4%A', '/assets/%', '/%', '/api/location/%']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { message: expect.any(String) } });
    }
  });

  it('answers a missing file (the browser asking for /favicon.ico) with 404, leaving a lost session alone', async () => {
    const client = await signIn(ctx, (await practice.admin.call(api.getProfile)).json().email);
    await client.call(api.logout);
    for (const url of ['/favicon.ico', '/assets/gone-1234.js', '/robots.txt']) {
      const res = await get(url, client.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(clearsCookie(res), url).toBe(false);
    }
  });

  it('answers an unknown /api path with JSON 404, not the app', async () => {
    const res = await get('/api/nothing-here', practice.admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { message: 'Not found' } });
  });
});

describe('compression', () => {
  const getWith = (url: string, encoding: string | undefined, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...(encoding && { 'accept-encoding': encoding }), ...(cookie && { cookie }) } });

  it('compresses API JSON with brotli or gzip, as the browser asks', async () => {
    const plain = await getWith('/api/docs', undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await getWith('/api/docs', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzipped = await getWith('/api/docs', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    // A signed-in list answer too.
    for (let i = 0; i < 8; i++) await newClient(practice.admin, practice.locationId, { lastName: `Compressed ${i}` });
    const url = `/api/client?locationId=${practice.locationId}`;
    const rolesPlain = await getWith(url, undefined, practice.admin.cookie);
    expect(rolesPlain.statusCode).toBe(200);
    expect(rolesPlain.rawPayload.length).toBeGreaterThan(1024);
    const roles = await getWith(url, 'br', practice.admin.cookie);
    expect(roles.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(roles.rawPayload).toString())).toEqual(rolesPlain.json());
  });

  it('leaves small answers and errors of a few bytes uncompressed', async () => {
    const res = await getWith('/api/nothing-here', 'br, gzip', practice.admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ error: { message: 'Not found' } });
  });

  it('sends the precompressed copy of a built asset, keeping its type and caching', async () => {
    const brotli = await getWith('/assets/app.js', 'gzip, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(`${SCRIPT}//br`);
    const gzipped = await getWith('/assets/app.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(`${SCRIPT}//gz`);
    const plain = await getWith('/assets/app.js', undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses a file without a precompressed copy on the fly', async () => {
    const res = await getWith('/assets/big.css', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_CSS);
  });

  it('sends the page (index.html) compressed, behind the guard as before', async () => {
    const res = await getWith('/users', 'gzip, br', practice.admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    expect((await getWith('/users', 'br')).statusCode).toBe(302);
  });
});

describe('headers', () => {
  it('asks search engines not to index any of the answers above', async () => {
    const more = [await get('/users'), await get('/login'), await get('/assets/app.js'), await get('/no/such/file.png')];
    for (const res of [...responses, ...more]) expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
