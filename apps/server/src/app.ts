import { existsSync } from 'node:fs';
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
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_MAX_BYTES, MESSAGES } from '@willow/contracts';
import { createContainer, type Container } from './container.js';
import type { Db } from './db/client.js';
import type { DocumentStorage } from './features/documents/document-storage.js';
import { features } from './features/index.js';
import { fromDatabaseError, HttpError } from './platform/errors.js';
import { crossOriginRefusal } from './platform/origin-check.js';
import { Router } from './platform/router.js';
import { TokenSigner } from './platform/tokens.js';
import { validatorCompiler } from './platform/validation.js';
import { pageRoutes } from './web/pages.routes.js';

export interface AppOptions {
  db: Db;
  /** where document files go (DATA_DIR/documents by default) */
  storage: DocumentStorage;
  jwtSecret: string;
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** origins besides the request's own host whose pages may write (ALLOWED_ORIGINS, decision 0053) */
  allowedOrigins?: readonly string[];
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
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
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
  app.setSerializerCompiler(serializerCompiler);

  const container = createContainer(opts.db, new TokenSigner(opts.jwtSecret), { secureCookies: false, storage: opts.storage });
  app.decorate('container', container);
  app.decorate('draining', false);
  app.decorate('routeTable', []);

  // A route without an access rule must never be served: refuse to build the app instead.
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD') && route.method.length === 1)) return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access: route.config.access });
  });

  const allowedOrigins = opts.allowedOrigins ?? [];
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
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((err, req, reply) => {
    const known = err instanceof HttpError ? err : fromDatabaseError(err);
    if (known) return reply.status(known.status).send({ error: { message: known.message } });
    const status = (err as { statusCode?: number }).statusCode;
    // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to say.
    if (status && status >= 400 && status < 500) return reply.status(status).send({ error: { message: (err as Error).message } });
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: { message: MESSAGES.serverError } });
  });

  app.setNotFoundHandler((req, reply) => reply.status(404).send({ error: { message: MESSAGES.notFound } }));

  // Every answer worth it (API JSON, pages) goes out brotli- or gzip-compressed, whichever the
  // browser asks for first. Brotli at quality 4: close to gzip's speed on a dynamic answer with a
  // smaller result; its default (11) is meant for build-time compression and costs tens of
  // milliseconds per answer. Built assets are compressed at build time and served as they are
  // (preCompressed below): this hook leaves an answer with a Content-Encoding alone.
  // Request bodies are never compressed by the web app, so request decompression stays off.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 2000 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Willow API', version: '1.0.0' }, components: {} },
    transform: jsonSchemaTransform,
  });

  const router = new Router(app, (req) => container.auth.authenticate(req));
  for (const register of [...features, ...(opts.moreRoutes ?? [])]) register(router, container);

  app.get('/api/docs', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () => app.swagger());

  const webDist = opts.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    // The page routes choose the caching (index no-cache, hashed assets immutable); left on,
    // @fastify/static would overwrite it with its own max-age=0.
    // preCompressed: the build writes .br and .gz beside every asset (apps/web/vite.config.ts).
    await app.register(fastifyStatic, { root: webDist, serve: false, cacheControl: false, preCompressed: true });
  }
  pageRoutes(app, container, webDist && existsSync(join(webDist, 'index.html')) ? webDist : undefined);
  return app;
}
