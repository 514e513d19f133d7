// SMS chat on the large seed with 50,000 texts both ways (seed/large-messages.ts): the chat list of
// one location and of every location (a page of 50 conversations with each one's last text, unread
// count and STOP), one conversation's newest 50 texts, and the badge's unread count, at 50
// concurrent requests, beside the same statements run straight through the database client (the
// repository's own queries, without HTTP, sessions or serialisation), on PGlite and PostgreSQL.
//   npm run bench:chat [-- --requests 1000 --warmup 1000 --only pglite|postgres]
//   a smaller large seed (its own data folder): --clients 20000 --appointments 20000 [--messages 50000]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench, created if missing).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { communicationsRepository } from '../apps/server/src/features/communications/communications.repository.js';
import { locationsRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { LARGE_OWNER, LARGE_PASSWORD, seedLarge } from '../apps/server/src/seed/large.js';
import { arg, ensurePgDatabase, httpClient, measured, ms, pastPgliteUpkeep, queriesPerRequest, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '1000'));
const CONCURRENCY = 50;
const only = arg('only', 'both');
const CLIENTS = Number(arg('clients', '100000'));
const APPOINTMENTS = Number(arg('appointments', '500000'));
const MESSAGES = Number(arg('messages', '50000'));
/** The full large seed shares its data folder with the other benches; a smaller one has its own. */
const FOLDER = CLIENTS === 100_000 && APPOINTMENTS === 500_000 ? 'large' : `chat-${CLIENTS}-${APPOINTMENTS}`;

async function ensureSeeded(target: { dataDir: string; databaseUrl?: string }) {
  const db = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    // A seed made before the texts gains them on the second call.
    const opts = { seed: 1, clients: CLIENTS, patients: Math.round(CLIENTS * 1.5), locations: 10, appointments: APPOINTMENTS, messages: MESSAGES };
    const log = (m: string) => console.log(`  seed: ${m}`);
    if (await seedLarge(db.db, opts, log)) await seedLarge(db.db, opts, log);
    await db.db.execute(sql`vacuum (analyze)`);
  } finally {
    await db.close();
  }
}

interface Target {
  label: string;
  dataDir: string;
  databaseUrl?: string;
}

/** The first location with a client's conversation, and that conversation (the newest). */
async function firstConversation(database: Database, scope: { accountId: string }): Promise<{ locationId: string; clientId: string }> {
  for (const l of await locationsRepository.listSorted(database.db, scope, {})) {
    const { rows } = await communicationsRepository.chatList(database.db, scope, { locationId: l.id, limit: 50 });
    const client = rows.find((r) => r.clientId);
    if (client) return { locationId: l.id, clientId: client.clientId! };
  }
  throw new Error('the seed has no conversation');
}

async function benchTarget(t: Target) {
  console.log(`\n[${t.label}] preparing the large seed with ${MESSAGES.toLocaleString('en-US')} texts (first run takes a few minutes)`);
  await ensureSeeded(t);

  let accountId = '';
  let at = { locationId: '', clientId: '' };
  const paths = () => ({
    'chat list': `/api/chat?locationId=${at.locationId}&limit=50`,
    'chat list, all locations': `/api/chat?limit=50`,
    conversation: `/api/chat/messages?locationId=${at.locationId}&clientId=${at.clientId}&limit=50`,
    'unread count': `/api/chat/unreadCount?locationId=${at.locationId}`,
  });
  {
    const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
    accountId = (await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD)).accountId;
    await server.stop();
    const database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
    at = await firstConversation(database, { accountId });
    await database.close();
  }
  const queries = await queriesPerRequest(t, async () => paths(), LARGE_OWNER, LARGE_PASSWORD);

  const server = await startServer({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  const up = performance.now();
  const { cookie } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
  const http = httpClient(server.base, cookie);
  const get = (path: string) => async () => {
    const res = await http(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };
  if (!t.databaseUrl) await pastPgliteUpkeep(up);
  const api: Record<string, LoadResult> = {};
  for (const [name, path] of Object.entries(paths())) api[name] = await measured(get(path), REQUESTS, CONCURRENCY);
  await server.stop();

  // The same statements through the database client (the data folder is free again).
  const database: Database = await openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, migrate: false });
  const scope = { accountId };
  const db = database.db;
  const conversation = { locationId: at.locationId, clientId: at.clientId, phone: null };
  const direct: Record<string, () => Promise<void>> = {
    'chat list': async () => {
      await communicationsRepository.chatList(db, scope, { locationId: at.locationId, limit: 50, require: locationsRepository.allExistSql(scope, [at.locationId]) });
    },
    'chat list, all locations': async () => {
      await communicationsRepository.chatList(db, scope, { limit: 50 });
    },
    conversation: async () => {
      await communicationsRepository.chatMessages(db, scope, conversation, { limit: 50 });
      await communicationsRepository.chatSummary(db, scope, conversation);
    },
    'unread count': async () => {
      await communicationsRepository.unreadCount(db, scope, at.locationId);
    },
  };
  if (!t.databaseUrl) await pastPgliteUpkeep(performance.now());
  const raw: Record<string, LoadResult> = {};
  for (const [name, run] of Object.entries(direct)) raw[name] = await measured(run, REQUESTS, CONCURRENCY);
  await database.close();

  console.log(`[${t.label}] ${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent, ${MESSAGES.toLocaleString('en-US')} texts`);
  console.log('endpoint                 | statements | API p50  | API p99  | API req/s | SQL p50  | SQL p99  | p50 ratio | p99 ratio');
  for (const name of Object.keys(api)) {
    const a = api[name]!;
    const r = raw[name]!;
    console.log(
      `${name.padEnd(24)} | ${String(queries[name]).padStart(10)} | ${ms(a.p50).padStart(8)} | ${ms(a.p99).padStart(8)} | ${a.perSecond.toFixed(0).padStart(9)} | ${ms(r.p50).padStart(8)} | ${ms(r.p99).padStart(8)} | ${(a.p50 / r.p50).toFixed(2).padStart(8)}× | ${(a.p99 / r.p99).toFixed(2).padStart(8)}×`,
    );
  }
}

const benchDir = resolve('.bench');
mkdirSync(benchDir, { recursive: true });
if (only !== 'postgres') await benchTarget({ label: 'PGlite', dataDir: resolve(benchDir, `pglite-${FOLDER}`) });
if (only !== 'pglite') {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/willow_bench';
  const url = FOLDER === 'large' ? base : `${base}_${FOLDER.replace(/-/g, '_')}`;
  await ensurePgDatabase(url);
  await benchTarget({ label: 'PostgreSQL', dataDir: resolve(benchDir, FOLDER === 'large' ? 'pg-data' : `pg-data-${FOLDER}`), databaseUrl: url });
}
