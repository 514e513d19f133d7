import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { is, sql, type ExtractTablesWithRelations, type SQLWrapper } from 'drizzle-orm';
import * as schema from './schema.js';
import { lockDataDir } from './lock.js';
import { distributeByAccount } from './distribution.js';
import { namedStatementClient } from './named-statements.js';
import { queryTally } from './query-tally.js';
import { compileWithPlatform, useDriverTypes } from './sql-compiler.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository method runs on the database or inside a caller's transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the server's connection string (postgres only) */
  url?: string;
  /** One SQL text without parameters, for maintenance and for tests that read the catalogue. */
  query<R = Record<string, unknown>>(text: string): Promise<R[]>;
  /**
   * Hears NOTIFY on `channel` on a connection of its own. `lost` says notices may have been
   * missed (the connection dropped; it is reopened every second until it is back), `ready` that
   * they are heard (again). Resolves once listening, or once the first attempt has failed.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<Unlisten>;
  /**
   * Starts the embedded database's upkeep (below); the server calls it once it is listening.
   * PostgreSQL's own autovacuum does this on a server: nothing to start there.
   */
  maintain(): void;
  close(): Promise<void>;
}

export interface NoticeHandlers {
  notice(payload: string): void;
  lost(): void;
  ready(): void;
}
export type Unlisten = () => Promise<void>;

/** A channel name as an SQL identifier (LISTEN takes no parameters). */
function channelIdentifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/**
 * Reads that do not depend on each other: side by side on the pool's connections, or one after
 * another inside a transaction, which has one connection (the driver would otherwise queue them
 * itself, a use it is deprecating).
 */
export async function together<T extends readonly (() => Promise<unknown>)[]>(
  ex: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!is(ex, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}

/** The handles opened on a PostgreSQL server's pool (a transaction there holds one connection, not the database). */
const onServers = new WeakSet<Db>();

/** Whether `db` runs on a PostgreSQL server's pool rather than the embedded database's one connection. */
export const onServer = (db: Db): boolean => onServers.has(db);

/** A one-slot-at-a-time hand-over between the two sides of `cursorPages`. */
class Mailbox<T> {
  private readonly items: T[] = [];
  private waiting: ((item: T) => void) | undefined;
  put(item: T): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(item);
    else this.items.push(item);
  }
  take(): Promise<T> {
    return this.items.length > 0 ? Promise.resolve(this.items.shift()!) : new Promise((resolve) => (this.waiting = resolve));
  }
}

type Fetched = { rows: Record<string, unknown>[] } | { error: unknown } | { end: true };

/**
 * The rows of `query` (built through the tenant kit) `limit` at a time from a cursor, on a
 * PostgreSQL server only: the statement runs and sorts once, in the database, however many pages
 * are read, where a page by key would run it again for each (decision 0289). The cursor lives in
 * a read-only transaction of its own, on one of the pool's connections, for as long as the pages
 * are read; each page is fetched only when the one before has been taken, and stopping early (a
 * download broken off) ends the transaction. Rows come as the driver reads them: named by their
 * SQL columns, numerics as text. On the embedded database a transaction holds the one connection
 * every request shares, so it pages by key instead.
 */
export async function* cursorPages(db: Db, query: SQLWrapper, limit: number): AsyncGenerator<Record<string, unknown>[]> {
  if (!onServer(db)) throw new Error('cursorPages needs a PostgreSQL server');
  const asks = new Mailbox<boolean>();
  const pages = new Mailbox<Fetched>();
  const transaction = db
    .transaction(
      async (tx) => {
        // Planned for every row, as a plain statement is: a cursor is otherwise planned for its
        // first tenth (cursor_tuple_fraction): a location's ageing file of 2,637 owing clients
        // then took 4.2 s on the large seed, 0.8 s planned for every row (decision 0289).
        await tx.execute(sql.raw('set local cursor_tuple_fraction = 1'));
        await tx.execute(sql`declare page_cursor no scroll cursor for ${query}`);
        while (await asks.take()) {
          const { rows } = (await tx.execute(sql.raw(`fetch forward ${Math.trunc(limit)} from page_cursor`))) as unknown as { rows: Record<string, unknown>[] };
          pages.put({ rows });
          if (rows.length < limit) return;
        }
      },
      { accessMode: 'read only' },
    )
    .then(
      () => pages.put({ end: true }),
      (error: unknown) => pages.put({ error }),
    );
  try {
    for (;;) {
      asks.put(true);
      const fetched = await pages.take();
      if ('error' in fetched) throw fetched.error;
      if ('end' in fetched) return;
      if (fetched.rows.length > 0) yield fetched.rows;
      if (fetched.rows.length < limit) return;
    }
  } finally {
    asks.put(false);
    await transaction;
  }
}

/**
 * The rows `read` answers, `limit` at a time, each page read after the key (`keyOf`) of the last
 * row of the one before, until a page comes short: a list read by key, on either database (the
 * embedded one's report files, where a cursor's transaction would hold its one connection).
 */
export async function* keyedPages<R, K>(limit: number, read: (after: K | null) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R[]> {
  for (let after: K | null = null; ; ) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < limit) return;
    after = keyOf(page.at(-1)!);
  }
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Key of the advisory lock that serialises migrations between app servers starting together. */
const MIGRATION_LOCK_KEY = 7_211_402;

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** tests hand in a prepared PGlite data directory image instead of a folder */
  pgliteImage?: Blob;
  /** skip the data folder lock (in-memory test databases) */
  inMemory?: boolean;
  migrate?: boolean;
  /** the upgrade test applies the migrations of an older release */
  migrationsFolder?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts);
  if (opts.migrate !== false) await runMigrations(database, opts.migrationsFolder);
  return database;
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const unlock = opts.inMemory ? () => {} : lockDataDir(opts.dataDir);
  try {
    // pg_trgm indexes the as-you-type searches; the PostgreSQL server ships it in contrib.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const extensions = { pg_trgm };
    const client = opts.inMemory
      ? new PGlite({ extensions, ...(opts.pgliteImage && { loadDataDir: opts.pgliteImage }) })
      : new PGlite(join(opts.dataDir, 'pglite'), { extensions });
    await client.waitReady;
    // uuid[] split as on PostgreSQL (uuidArrayParser below): PGlite's own array parser, which it
    // registers once ready, walks each a character at a time (decision 0243).
    const general = client.parsers[UUID_ARRAY];
    if (general) client.parsers[UUID_ARRAY] = uuidArrayParser((text) => general(text, UUID_ARRAY));
    const db = drizzle({ client, schema, casing: 'snake_case', logger: queryTally }) as unknown as Db;
    compileWithPlatform(db);
    // PGlite runs no autovacuum: nothing refreshes the planner's statistics (without them a
    // 10,000-client location is planned as a handful of rows and sorted in full) or the
    // visibility map (without it a count reads every row). Do both soon after the server listens
    // and then every few hours. On a practice's database it takes well under a second; on the
    // benchmark's large seed many seconds, during which the process does nothing else (PGlite
    // runs on its thread): started while the app was still starting, it held Fastify's plugins
    // past their 10 s start-up limit on a loaded machine, so it waits for `maintain()`.
    const analyze = () => void client.query('vacuum (analyze)').catch(() => undefined);
    let firstAnalyze: NodeJS.Timeout | undefined;
    let everyFewHours: NodeJS.Timeout | undefined;
    return {
      db,
      kind: 'pglite',
      query: async <R>(text: string) => (await client.query<R>(text)).rows,
      // One process holds the database: its notices arrive with the results of the statement
      // that committed them, and the connection cannot drop.
      async listen(channel, handlers) {
        const unlisten = await client.listen(channelIdentifier(channel), (payload) => handlers.notice(payload));
        handlers.ready();
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      maintain() {
        if (firstAnalyze) return;
        firstAnalyze = setTimeout(analyze, 2_000);
        everyFewHours = setInterval(analyze, 6 * 60 * 60 * 1000);
        firstAnalyze.unref();
        everyFewHours.unref();
      },
      async close() {
        clearTimeout(firstAnalyze);
        clearInterval(everyFewHours);
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** PostgreSQL's type id of uuid[]. */
const UUID_ARRAY = 2951;
let uuidArraysSplit = false;

/**
 * A uuid[] as the server writes it (`{a,b}`, `{}`): a uuid never needs quoting, so splitting reads
 * it, where the driver's general array parser walks it a character at a time (the calendar week
 * reads two for each of its hundreds of appointments). NULL elements answer null, as the general
 * parser does; anything else (a nested array) goes to `general`.
 */
export function uuidArrayParser(general: (text: string) => unknown): (text: string) => unknown {
  return (text) => {
    if (text === '{}') return [];
    const inner = text.slice(1, -1);
    if (text[0] !== '{' || text[text.length - 1] !== '}' || inner.includes('{') || inner.includes('"')) return general(text);
    const items: (string | null)[] = inner.split(',');
    if (inner.includes('NULL')) for (let i = 0; i < items.length; i++) if (items[i] === 'NULL') items[i] = null;
    return items;
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // On the driver's registry, which the ORM's own parsers fall back to for this type; once a process.
  if (!uuidArraysSplit) {
    // The driver's typings list only some type ids; uuid[] is not among them.
    const id = UUID_ARRAY as Parameters<typeof pg.default.types.getTypeParser>[0];
    pg.default.types.setTypeParser(id, uuidArrayParser(pg.default.types.getTypeParser(id)));
    uuidArraysSplit = true;
  }
  // Each statement with parameters is prepared once per connection under a name from its text
  // (named-statements.ts, decision 0232).
  const pool = new pg.default.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // No JIT compilation: PostgreSQL compiled the reports' statements on every run (their row
    // estimates pass its cost threshold), which took longer than running them (decision 0295).
    options: '-c jit=off',
    Client: namedStatementClient(pg.default.Client),
  });
  // An idle connection the server drops (restart, failover, pg_terminate_backend) is reported on
  // the pool, and an unheard 'error' event would crash the process. The pool reconnects on demand.
  pool.on('error', (err) => console.warn(`Willow lost an idle database connection: ${err.message}`));
  // Fail fast with the server's own words when it cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzle({ client: pool, schema, casing: 'snake_case', logger: queryTally }) as unknown as Db;
  compileWithPlatform(db);
  useDriverTypes(pg.default.types);
  onServers.add(db);
  const listeners = new Set<Unlisten>();
  return {
    db,
    kind: 'postgres',
    query: async <R>(text: string) => (await pool.query(text)).rows as R[],
    url,
    maintain() {},
    async listen(channel, handlers) {
      const statement = `listen ${channelIdentifier(channel)}`;
      let current: InstanceType<typeof pg.default.Client> | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const again = () => {
        if (stopped) return;
        retry = setTimeout(() => void connect(), 1000);
        retry.unref();
      };
      const connect = async () => {
        const c = new pg.default.Client({ connectionString: url, keepAlive: true });
        c.on('notification', (n) => {
          if (n.channel === channel) handlers.notice(n.payload ?? '');
        });
        // 'end' follows an error; an unheard 'error' would crash the process.
        c.on('error', () => {});
        c.on('end', () => {
          if (current !== c) return;
          current = undefined;
          handlers.lost();
          again();
        });
        try {
          await c.connect();
          await c.query(statement);
          if (stopped) return void c.end().catch(() => {});
          current = c;
          handlers.ready();
        } catch {
          void c.end().catch(() => {});
          handlers.lost();
          again();
        }
      };
      await connect();
      const unlisten: Unlisten = async () => {
        stopped = true;
        clearTimeout(retry);
        listeners.delete(unlisten);
        const c = current;
        current = undefined;
        await c?.end().catch(() => {});
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      // pool.end() resolves once it has asked each connection to close, not once they have: wait
      // for them, so the database can be stopped or dropped right after.
      let open = pool.totalCount;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          if (--open <= 0) resolve();
        });
      });
      await pool.end();
      await closed;
    },
  };
}

export async function runMigrations(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pg = await import('pg');
  // Several app servers may start at once against one database: one migrates, the rest wait.
  // The lock is held by one dedicated connection, which also runs the migrations.
  const client = new pg.default.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    // On Citus, what the migrations made is distributed by account (decision 0246).
    await distributeByAccount(async <R>(text: string) => (await client.query(text)).rows as R[]);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
