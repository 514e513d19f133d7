import { appendFileSync, existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_MAX_BYTES, MESSAGES } from '@willow/contracts';
import type { TrustProxy } from './config.js';
import { OutboundGuard } from './platform/outbound-address.js';
import { DEFAULT_PROVIDERS, type Providers } from './platform/providers.js';
import { SecretBox } from './platform/secret-box.js';
import { createContainer, type Container } from './container.js';
import type { Database, Db } from './db/client.js';
import { queriesSoFar, statementsSoFar, tallyQueries } from './db/query-tally.js';
import { authRepository } from './features/auth/auth.repository.js';
import { SESSION_NOTICES, SessionCache } from './features/auth/session-cache.js';
import type { RetryPolicy } from './platform/queue-worker.js';
import type { GoogleClientSettings } from './features/auth/google-sign-in.service.js';
import type { ProductMailSettings } from './features/product-mail/product-mail.service.js';
import type { DocumentStorage } from './platform/document-storage.js';
import { features } from './features/index.js';
import { fromDatabaseError, HttpError } from './platform/errors.js';
import { withLogSerializers } from './platform/log-serializers.js';
import { crossOriginRefusal } from './platform/origin-check.js';
import { LIVE_CHANNEL } from './platform/live-changes.repository.js';
import { LiveHub, liveStreamRoutes } from './platform/live-stream.js';
import { Router } from './platform/router.js';
import { TokenSigner } from './platform/tokens.js';
import { validatorCompiler } from './platform/validation.js';
import { responseSerializerCompiler } from './platform/response-serializer.js';
import { pageRoutes } from './web/pages.routes.js';
import { contentSecurityPolicy } from './web/content-security-policy.js';
import { analyticsProxyRoutes } from './features/product-analytics/product-analytics.routes.js';
import { clientConfigRoutes } from './features/client-config/client-config.routes.js';
import { NO_OUTBOUND, type OutboundSettings } from './features/client-config/client-config.settings.js';

export interface AppOptions {
  db: Db;
  /** where document files go (DATA_DIR/documents by default) */
  storage: DocumentStorage;
  jwtSecret: string;
  /** the 32-byte key integration secrets are sealed with (ENCRYPTION_KEY or DATA_DIR/encryption-key) */
  encryptionKey: Uint8Array;
  /** the providers' base URLs and the public address (the real providers when omitted) */
  providers?: Providers;
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** whose X-Forwarded-* to believe: no proxy, a number of hops or the proxies' addresses (config.ts) */
  trustProxy?: TrustProxy;
  /**
   * The database's notices: with them, checked sessions are cached until a change to them is
   * heard (decision 0061). Without them every request checks its session in the database.
   */
  listen?: Database['listen'];
  /**
   * every answer is also parsed by its zod schema and must be written exactly as zod would write
   * it (the tests; platform/response-serializer.ts)
   */
  checkResponses?: boolean;
  /** answer every API request with `x-query-count`, the SQL statements it ran (benchmarks) */
  countQueries?: boolean;
  /**
   * with countQueries, a file each API request appends its statements' texts to, one JSON line
   * `{method, url, statements}` (QUERY_TEXTS; bench:hand-written compares them with its own)
   */
  queryTexts?: string | undefined;
  /** origins besides the request's own host whose pages may write (ALLOWED_ORIGINS, decision 0053) */
  allowedOrigins?: readonly string[];
  /** the product's own mail (SMTP_URL or SENDGRID_API_KEY, MAIL_FROM); without it, that mail says email is not set up */
  mail?: ProductMailSettings;
  /** the product's Google sign-in client (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET), for practices without their own (decision 0144); none by default */
  googleClient?: GoogleClientSettings | undefined;
  /** the outbox's retries, backoff and lease (tests shorten them) */
  outboxRetry?: Partial<RetryPolicy>;
  /** the help widget, the documentation link and analytics (config.ts); none by default */
  outbound?: OutboundSettings;
  /**
   * the non-public networks (addresses, CIDR ranges, loopback/linklocal/uniquelocal) that addresses
   * practices enter may reach anyway (OUTBOUND_ALLOWED_NETWORKS); none by default (decision 0145)
   */
  outboundAllowedNetworks?: readonly string[];
  /** routes beyond the product's features, registered the same way (the CRUD kit's test serves a fixture entity) */
  moreRoutes?: readonly ((r: Router, c: Container) => void)[];
}

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
    /** set on shutdown: new requests are refused with 503 while in-flight ones finish */
    draining: boolean;
    /** every registered route and its access rule, for the route-table tests */
    routeTable: { method: string; url: string; access: NonNullable<FastifyContextConfig['access']> }[];
  }
}

/**
 * Fastify's own trustProxy: a hop count becomes a function, since Fastify 5 reads a plain number as
 * "trust nobody" and `true` as "trust every hop", which makes the left-most X-Forwarded-For, written
 * by the client, its address. Hop i = 0 is the peer of the socket, 1 the right-most forwarded entry.
 */
function fastifyTrustProxy(trust: TrustProxy | undefined): FastifyServerOptions['trustProxy'] {
  if (trust === undefined || trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Carried by every answer, including those written before a request is parsed. */
const COMMON_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
} as const;

function setCommonHeaders(reply: FastifyReply) {
  // Behind HTTPS (a proxy saying so, with TRUST_PROXY), browsers keep to HTTPS from then on.
  if (reply.request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  reply.headers(COMMON_HEADERS);
}

/**
 * Node's HTTP parser refuses a request it cannot read (an address or header section over 16 KB, a
 * malformed request line or header, a request too slow to arrive) before Fastify sees it: no hook
 * or error handler runs, and the answer is written straight to the socket. Give it the status
 * Node would (431, 400, 408) in the product's {error:{message}} shape with the common headers.
 */
function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? [413, MESSAGES.unreadableRequest]
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, MESSAGES.requestTimeout]
          : [400, MESSAGES.unreadableRequest];
  this.log.debug({ err }, 'unreadable request');
  // As Node does: answer only when no answer on this connection has begun, never corrupting one.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ error: { message } });
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      ...COMMON_HEADERS,
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withLogSerializers(opts.logger),
    trustProxy: fastifyTrustProxy(opts.trustProxy),
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    // A malformed URL is refused before any hook or error handler runs: give it the same
    // headers and {error:{message}} shape as every other answer.
    frameworkErrors: (err, _req, res) => {
      const reply = res as FastifyReply;
      setCommonHeaders(reply);
      void reply.status(err.statusCode ?? 400).send({ error: { message: err.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: opts.checkResponses }));

  let sessionCache: SessionCache | undefined;
  if (opts.listen) {
    const cache = new SessionCache((payload) => authRepository.notifySessions(opts.db, SESSION_NOTICES, payload));
    const unlisten = await opts.listen(SESSION_NOTICES, cache);
    app.addHook('onClose', async () => unlisten());
    sessionCache = cache;
  }
  // Live changes (decision 0189): this server hears the channel once and fans it out to its streams.
  const live = new LiveHub();
  if (opts.listen) {
    const unlisten = await opts.listen(LIVE_CHANNEL, live);
    app.addHook('onClose', async () => unlisten());
  }
  // Open streams never finish by themselves: a closing server ends them before it waits for requests.
  app.addHook('preClose', async () => live.closeAll());
  const container = createContainer(opts.db, new TokenSigner(opts.jwtSecret), {
    secureCookies: false,
    storage: opts.storage,
    sessionCache,
    mail: opts.mail,
    googleClient: opts.googleClient,
    outboxRetry: opts.outboxRetry,
    secretBox: new SecretBox(opts.encryptionKey),
    providers: opts.providers ?? DEFAULT_PROVIDERS,
    outboundGuard: new OutboundGuard(opts.outboundAllowedNetworks ?? []),
  });
  app.decorate('container', container);
  app.decorate('draining', false);
  app.decorate('routeTable', []);

  // A route without an access rule must never be served: refuse to build the app instead.
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD') && route.method.length === 1)) return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access: route.config.access });
  });

  if (opts.countQueries) {
    // Everything the request does from here on runs inside its own count.
    const texts = Boolean(opts.queryTexts);
    app.addHook('onRequest', (_req, _reply, done) => tallyQueries(done, texts));
  }

  const allowedOrigins = opts.allowedOrigins ?? [];
  const outbound = opts.outbound ?? NO_OUTBOUND;
  app.addHook('onRequest', async (req, reply) => {
    setCommonHeaders(reply);
    if (app.draining) {
      reply.header('connection', 'close');
      return reply.status(503).send({ error: { message: MESSAGES.shuttingDown } });
    }
    // Before the session is even read: another site's page never gets to write with the user's cookie.
    const refusal = crossOriginRefusal(req, allowedOrigins);
    if (refusal) {
      req.log.warn({ refusal, host: req.host }, 'cross-origin write refused (the portal behind a proxy? list its address in ALLOWED_ORIGINS)');
      return reply.status(403).send({ error: { message: MESSAGES.crossOrigin } });
    }
  });

  // API answers are one user's data at one moment: never kept by the browser or a proxy.
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // A write may have signed someone out or changed a role: this server hears it before answering.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') await container.auth.settle();
    if (opts.countQueries) reply.header('x-query-count', String(queriesSoFar() ?? 0));
    if (opts.countQueries && opts.queryTexts) {
      appendFileSync(opts.queryTexts, `${JSON.stringify({ method: req.method, url: req.url, statements: statementsSoFar() ?? [] })}\n`);
    }
  });

  app.setErrorHandler((err, req, reply) => {
    const known = err instanceof HttpError ? err : fromDatabaseError(err);
    if (known) return reply.status(known.status).headers(known.headers).send({ error: { message: known.message } });
    const status = (err as { statusCode?: number }).statusCode;
    // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to say.
    if (status && status >= 400 && status < 500) return reply.status(status).send({ error: { message: (err as Error).message } });
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: { message: MESSAGES.serverError } });
  });

  app.setNotFoundHandler((req, reply) => reply.status(404).send({ error: { message: MESSAGES.notFound } }));

  // Every answer worth it (API JSON, pages) goes out brotli- or gzip-compressed, whichever the
  // browser asks for first. Brotli at quality 1: a page of 50 clients (20 KB of JSON) shrinks to
  // 3.6 KB in a quarter of a millisecond, where quality 4 took a millisecond for 3.1 KB, the
  // largest single cost of a list request on the server; its default (11) is meant for
  // build-time compression and costs tens of milliseconds per answer. Built assets are compressed at build time and served as they are
  // (preCompressed below): this hook leaves an answer with a Content-Encoding alone.
  // Request bodies are never compressed by the web app, so request decompression stays off.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // An answer up to 1 MiB is compressed in one synchronous call rather than through a stream:
    // at quality 1 that is a fraction of a millisecond, where the stream's set-up cost more.
    syncThreshold: 1024 * 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  });
  await app.register(cookie);
  // Before multipart, which the proxy's scope must not inherit: it passes bodies through untouched.
  await analyticsProxyRoutes(app, outbound.analytics);
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 2000 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Willow API', version: '1.0.0' }, components: {} },
    transform: jsonSchemaTransform,
  });

  // Twilio's webhooks post forms; every other route keeps refusing them (415), as before.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
    if (!req.url.startsWith('/api/communications/twilio/')) {
      return done(Object.assign(new Error(`Unsupported Media Type: application/x-www-form-urlencoded`), { statusCode: 415 }), undefined);
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const router = new Router(app, (req) => container.auth.authenticate(req));
  const liveStream = liveStreamRoutes(live, (req) => container.auth.authenticate(req));
  for (const register of [...features, clientConfigRoutes(outbound), liveStream, ...(opts.moreRoutes ?? [])]) register(router, container);

  app.get('/api/docs', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () => app.swagger());

  const webDist = opts.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    // The page routes choose the caching (index no-cache, hashed assets immutable); left on,
    // @fastify/static would overwrite it with its own max-age=0.
    // preCompressed: the build writes .br and .gz beside every asset (apps/web/vite.config.ts).
    await app.register(fastifyStatic, { root: webDist, serve: false, cacheControl: false, preCompressed: true });
  }
  pageRoutes(app, container, webDist && existsSync(join(webDist, 'index.html')) ? webDist : undefined, contentSecurityPolicy(outbound));
  return app;
}
