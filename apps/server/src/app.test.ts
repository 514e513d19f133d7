// What every request gets from the app itself: error shapes, the 500 that hides its cause,
// the shutdown refusal, the security headers, health and the API description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import type { Operation } from '@willow/contracts';
import { closeDatabaseNow, createAccount, createTestApp, errorOf, type TestAccount, type TestContext } from '../test/harness.js';

let ctx: TestContext;
let practice: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx);
});
afterAll(() => ctx?.close());

const operations = (Object.values(api) as unknown[]).filter(
  (v): v is Operation => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v,
);

describe('errors', () => {
  it('answers an unknown /api path with 404 {error:{message}}', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no-such-thing', headers: { cookie: practice.admin.cookie } });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ error: { message: 'Not found' } });
    }
  });

  it('answers malformed JSON with 400 {error:{message}}', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"data": {"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { message: expect.any(String) } });
  });

  it('answers a body that is not wrapped in {data} with 400 naming data', async () => {
    const res = await practice.admin.call(api.createLocation, { body: { name: 'Unwrapped', timezone: 'UTC' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('data: is required');
  });

  it('answers an invalid id in the path with 400 naming it', async () => {
    const res = await practice.admin.call(api.getLocation, { params: { id: 'not-an-id' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('id: must be a valid id');
  });

  it('answers a failure inside with 500 and the product text, never the cause', async () => {
    const broken = await createTestApp();
    try {
      const account = await createAccount(broken);
      await closeDatabaseNow(broken);
      for (const res of [
        await broken.app.inject({ method: 'GET', url: '/api/health' }),
        await broken.app.inject({ method: 'GET', url: '/api/location', headers: { cookie: account.admin.cookie } }),
        await broken.app.inject({ method: 'POST', url: '/api/auth/login', payload: { data: { email: 'a@b.example', password: 'whatever' } } }),
      ]) {
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: { message: 'Something went wrong. Please try again later.' } });
      }
    } finally {
      await broken.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('refuses new requests with 503 {error:{message}} while draining', async () => {
    ctx.app.draining = true;
    try {
      const res = await practice.admin.call(api.getProfile);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { message: 'The server is restarting. Please try again in a moment.' } });
      expect(res.headers.connection).toBe('close');
    } finally {
      ctx.app.draining = false;
    }
    expect((await practice.admin.call(api.getProfile)).statusCode).toBe(200);
  });
});

describe('headers', () => {
  it('asks search engines not to index any answer', async () => {
    for (const res of [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/profile' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ]) {
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('GET /api/health', () => {
  it('answers ok without a session, never cached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/docs', () => {
  it('answers an OpenAPI document listing every /api path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const op of operations) {
      expect(doc.paths[op.path], `${op.method} ${op.path}`).toBeDefined();
      expect(doc.paths[op.path]![op.method.toLowerCase()], `${op.method} ${op.path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    expect(doc.paths['/api/docs']).toBeUndefined();
  });
});
