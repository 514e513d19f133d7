// The hand-written endpoints (hand-written-routes.ts) served as a developer would serve them: a bare
// Fastify app and a pg.Pool of the app's size (DATABASE_POOL_SIZE, 10 by default, as
// apps/server/src/db/client.ts), or PGlite's own driver on the data folder (PGLITE_DIR: the
// embedded database has one connection, as the app's), each route's rows shaped by hand,
// JSON.stringify, and brotli at the app's quality 1 when the client asks for it (as the app's
// @fastify/compress; gzip otherwise).
// Started by bench/hand-written.ts as a process of its own, as the app is:
//   PORT, DATABASE_URL or PGLITE_DIR, JWT_SECRET, DATABASE_POOL_SIZE (10), QUERY_TEXTS (a file: each
//   request appends its statements' texts, as the app does with COUNT_QUERIES and QUERY_TEXTS).
import { appendFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { handRoutes, type Params, type Query, type Row } from './hand-written-routes.js';

/** The statements on PostgreSQL through a pool, or on PGlite through its driver; rows as arrays, a date as its text ('YYYY-MM-DD', as the app answers it). */
async function connect(): Promise<Query> {
  const pgliteDir = process.env.PGLITE_DIR || undefined;
  if (pgliteDir) {
    // The app's opening of the folder (its lock and settings), then nothing of the app but the driver.
    const database = await openDatabase({ dataDir: pgliteDir, migrate: false });
    const driver = (database.db as unknown as { $client: { query(text: string, values: unknown[], options: object): Promise<{ rows: Row[] }> } }).$client;
    const options = { rowMode: 'array', parsers: { 1082: (v: string) => v } };
    return async (text, values) => (await driver.query(text, values, options)).rows;
  }
  pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  pool.on('error', () => {});
  return async (text, values) => (await pool.query<Row>({ text, values, rowMode: 'array' })).rows;
}
const direct = await connect();
const textsFile = process.env.QUERY_TEXTS || undefined;
const key = new TextEncoder().encode(process.env.JWT_SECRET);

/**
 * The session as the app checks it once warm (decision 0061): a token seen before is looked up in
 * memory, no statement; a new one has its signature checked first (HS256, jose as the app does).
 */
const sessions = new Map<string, string>();
async function accountOf(req: FastifyRequest): Promise<string | undefined> {
  const token = /(?:^|;\s*)x-access-token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return undefined;
  const known = sessions.get(token);
  if (known) return known;
  const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
  const accountId = payload.accountId as string;
  sessions.set(token, accountId);
  return accountId;
}

/** JSON, compressed as the app's @fastify/compress does: brotli at quality 1 (else gzip) from 1 KiB, when asked for. */
function send(req: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
  const accepts = req.headers['accept-encoding'] ?? '';
  if (Buffer.byteLength(json) < 1024 || !/\b(br|gzip)\b/.test(accepts)) return reply.send(json);
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } }));
  return reply.header('content-encoding', 'gzip').send(gzipSync(json));
}

const app = Fastify({ logger: false });
for (const [path, handler] of Object.entries(handRoutes)) {
  app.get(path, async (req, reply) => {
    const accountId = await accountOf(req);
    if (!accountId) return reply.status(401).send({ error: { message: 'Not signed in' } });
    const texts: string[] | undefined = textsFile ? [] : undefined;
    const query: Query = texts ? (text, values) => (texts.push(text), direct(text, values)) : direct;
    const body = await handler(query, accountId, req.query as Params);
    if (texts) appendFileSync(textsFile!, `${JSON.stringify({ method: req.method, url: req.url, statements: texts })}\n`);
    return send(req, reply, body);
  });
}
app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => reply.status(err.statusCode ?? 500).send({ error: { message: err.message } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Stopped with SIGTERM: exit, so a --cpu-prof profile is written (bench/server-cpu.ts --prof).
process.once('SIGTERM', () => process.exit(0));
