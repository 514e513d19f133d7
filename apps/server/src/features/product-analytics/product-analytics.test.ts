// The /ph proxy against a fake analytics host and a fake assets host on loopback, which check
// what PostHog checks (a JSON event with its project key) and record everything they receive.
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, errorOf, type TestAccount, type TestContext } from '../../../test/harness.js';
import { parseOutboundSettings } from '../client-config/client-config.settings.js';
import { ANALYTICS_BODY_LIMIT, ANALYTICS_UNAVAILABLE } from './product-analytics.routes.js';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

async function fakeServer(name: string, seen: Seen[]): Promise<{ app: FastifyInstance; origin: string }> {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addHook('onRequest', async (req) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.alloc(0) });
  });
  app.addHook('preHandler', async (req) => {
    seen.at(-1)!.body = (req.body as Buffer | undefined) ?? Buffer.alloc(0);
  });
  // PostHog's capture: a JSON event naming its project key, answered {status: 1}.
  const capture = async (req: { headers: Record<string, unknown>; body: unknown }, reply: import('fastify').FastifyReply) => {
    let raw = req.body as Buffer;
    if (req.headers['content-encoding'] === 'gzip') raw = (await import('node:zlib')).gunzipSync(raw);
    let event: { api_key?: string; event?: string; distinct_id?: string };
    try {
      event = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply.status(400).send({ type: 'validation_error', detail: 'Malformed request data' });
    }
    if (event.api_key !== 'phc_project') return reply.status(401).send({ type: 'authentication_error', detail: 'Project API key invalid' });
    if (!event.event || !event.distinct_id) return reply.status(400).send({ type: 'validation_error', detail: 'missing fields' });
    reply.header('set-cookie', 'ph_tracker=1; Path=/');
    return { status: 1 };
  };
  for (const path of ['/i/v0/e/', '/e/', '/capture/', '/batch/']) app.post(path, capture);
  app.get('/static/array.js', async (_req, reply) => reply.type('application/javascript').header('cache-control', 'public, max-age=3600').send(`/*${name}*/`));
  app.all('/*', async (_req, reply) => reply.status(418).send(`${name} should never be asked this`));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: address };
}

const event = { api_key: 'phc_project', event: '$pageview', distinct_id: 'user-1', properties: { $pathname: '/clients/:id' } };

describe('/ph when analytics is not configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('answers 404 in the product’s shape, whatever is asked', async () => {
    for (const [method, url] of [
      ['POST', '/ph/i/v0/e/'],
      ['GET', '/ph/static/array.js'],
      ['GET', '/ph'],
      ['POST', '/ph/e/'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, ...(method === 'POST' && { payload: event }) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res)).toBe('Not found');
    }
  });
});

describe('/ph when analytics is configured', () => {
  let ctx: TestContext;
  let practice: TestAccount;
  const ingest: Seen[] = [];
  const assets: Seen[] = [];
  let ingestServer: Awaited<ReturnType<typeof fakeServer>>;
  let assetsServer: Awaited<ReturnType<typeof fakeServer>>;
  let stranger: Awaited<ReturnType<typeof fakeServer>>;
  const strangerSeen: Seen[] = [];

  beforeAll(async () => {
    ingestServer = await fakeServer('ingest', ingest);
    assetsServer = await fakeServer('assets', assets);
    stranger = await fakeServer('stranger', strangerSeen);
    ctx = await createTestApp({
      outbound: parseOutboundSettings({ ANALYTICS_HOST: ingestServer.origin, ANALYTICS_ASSETS_HOST: assetsServer.origin, ANALYTICS_KEY: 'phc_project' }),
    });
    practice = await createAccount(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await ingestServer?.app.close();
    await assetsServer?.app.close();
    await stranger?.app.close();
  });

  it('forwards a capture to the analytics host with the upstream’s Host and none of the staff member’s cookies or credentials', async () => {
    ingest.length = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/ph/i/v0/e/?ver=1.0&_=1700000000&ip=1&returnUrl=/clients/123',
      headers: {
        'content-type': 'application/json',
        cookie: `${practice.admin.cookie}; other=1`,
        'x-access-token': 'leaked-token',
        authorization: 'Bearer leaked',
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'WillowTest/1.0',
      },
      payload: JSON.stringify(event),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1 });
    // the analytics host's cookie stays there
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(ingest).toHaveLength(1);
    const seen = ingest[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/i/v0/e/?ver=1.0&_=1700000000');
    expect(seen.headers.host).toBe(new URL(ingestServer.origin).host);
    for (const name of ['cookie', 'x-access-token', 'authorization', 'x-forwarded-for', 'origin', 'referer']) expect(seen.headers[name], name).toBeUndefined();
    expect(seen.headers['user-agent']).toBe('WillowTest/1.0');
    expect(JSON.parse(seen.body.toString())).toEqual(event);
  });

  it('passes compressed and batched events as they came', async () => {
    ingest.length = 0;
    const gz = gzipSync(JSON.stringify(event));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/ph/e/?compression=gzip-js',
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
      payload: gz,
    });
    expect(res.statusCode).toBe(200);
    expect(ingest[0]!.body.equals(gz)).toBe(true);
    expect(ingest[0]!.url).toBe('/e/?compression=gzip-js');
    const batch = await ctx.app.inject({ method: 'POST', url: '/ph/batch/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(batch.statusCode).toBe(200);
  });

  it('hands back what the analytics host refuses', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/ph/capture/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...event, api_key: 'wrong' }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves the library’s static files from the assets host', async () => {
    assets.length = 0;
    const res = await ctx.app.inject({ method: 'GET', url: '/ph/static/array.js', headers: { cookie: practice.admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('/*assets*/');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(assets).toHaveLength(1);
    expect(assets[0]!.headers.host).toBe(new URL(assetsServer.origin).host);
    expect(assets[0]!.headers.cookie).toBeUndefined();
  });

  it('forwards nothing else: other paths, other methods, recordings, flags, and anything aimed at another host', async () => {
    ingest.length = 0;
    assets.length = 0;
    const strangerHost = new URL(stranger.origin).host;
    const refused: [string, string][] = [
      ['POST', '/ph/s/'], // session recordings carry what is on the page
      ['POST', '/ph/flags/'],
      ['POST', '/ph/decide/'],
      ['GET', '/ph/i/v0/e/'],
      ['POST', '/ph/static/array.js'],
      ['GET', '/ph/api/projects/'],
      ['GET', '/ph/static/../capture/'],
      ['GET', '/ph/static/%2e%2e/capture/'],
      ['GET', '/ph/static/..%2F..%2Fetc'],
      [`GET`, `/ph//${strangerHost}/static/array.js`],
      ['GET', `/ph/static/@${strangerHost}`],
      ['POST', `/ph/http://${strangerHost}/e/`],
      ['POST', `/ph/%2F%2F${strangerHost}/e/`],
      ['POST', `/ph/e/@${strangerHost}`],
    ];
    for (const [method, url] of refused) {
      const res = await ctx.app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' && { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) }) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res), `${method} ${url}`).toBe('Not found');
    }
    expect(ingest).toHaveLength(0);
    expect(assets).toHaveLength(0);
    expect(strangerSeen).toHaveLength(0);
  });

  it('limits the body size', async () => {
    ingest.length = 0;
    const big = JSON.stringify({ ...event, properties: { padding: 'x'.repeat(ANALYTICS_BODY_LIMIT) } });
    const res = await ctx.app.inject({ method: 'POST', url: '/ph/i/v0/e/', headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toBeTruthy();
    expect(ingest).toHaveLength(0);
  });

  it('says analytics is not available when its host does not answer', async () => {
    const down = await fakeServer('down', []);
    const address = down.origin;
    await down.app.close();
    const offline = await createTestApp({ outbound: parseOutboundSettings({ ANALYTICS_HOST: address, ANALYTICS_KEY: 'phc_project' }) });
    try {
      const res = await offline.app.inject({ method: 'POST', url: '/ph/i/v0/e/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
      expect(res.statusCode).toBe(502);
      expect(errorOf(res)).toBe(ANALYTICS_UNAVAILABLE);
    } finally {
      await offline.close();
    }
  });
});
