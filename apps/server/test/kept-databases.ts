// A worker's test databases, kept from one test file to the next. Opening PGlite from the migrated
// image took 1.0–1.7 s per file on a loaded 2-core run, and copying the template database on the
// PostgreSQL server about 0.5 s with 0.2 s more to drop it; emptying the tables a file wrote to
// takes tens of milliseconds. A database comes back exactly as the template holds it, or is
// closed (dropped): its schema, its reference rows and its sequences are compared with the
// template's before it is handed to another file (decision 0300).
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../src/db/client.js';
import { withDatabase } from './pg-url.js';

/** One SQL text without parameters, on the kept database. */
export type Query = <R>(text: string) => Promise<R[]>;

/** What a database fresh from the template holds, read once per worker from the first one made. */
interface Baseline {
  /** every table of the public schema */
  tables: string[];
  /** the tables the template holds rows in (reference data), and a digest of those rows */
  referenceTables: string[];
  /** each reference table's digest (tableDigests) and its rows as JSON, to put back what a file changed */
  referenceDigests: Map<string, string>;
  referenceRows: Map<string, string>;
  /** the catalogue's shape: a file that made a table, a column, a function or a trigger changes it */
  shape: string;
}

/** At most this many wait per worker and kind: a file rarely holds more than two at once. */
const KEPT = 2;
const baselines: { pglite?: Baseline; postgres?: Baseline } = {};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

const SHAPE = `select concat_ws(':',
  (select count(*) from pg_class), (select max(oid) from pg_class), (select count(*) from pg_attribute where not attisdropped),
  (select max(oid) from pg_proc), (select coalesce(max(oid), 0) from pg_trigger), (select max(oid) from pg_type),
  (select count(*) from pg_constraint), (select count(*) from pg_namespace)) as shape`;

/** Each table's row count and a digest of its rows, by table: equal only while no row was written (route-table.test.ts too). */
export async function tableDigests(query: Query, tables: string[]): Promise<Map<string, string>> {
  if (tables.length === 0) return new Map();
  // A sum of the rows' hashes, not a hash of the rows in order: no sort of every table for every
  // snapshot (route-table takes about 150), and an added, removed or changed row still moves it.
  const parts = tables.map((t) => `select '${t}' as t, count(*)::int as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from ${quoted(t)} x`);
  const rows = await query<{ t: string; n: number; h: string }>(`${parts.join(' union all ')} order by 1`);
  return new Map(rows.map((r) => [r.t, `${r.n} rows ${r.h}`]));
}

/** Every table of the public schema, by name. */
export async function publicTables(query: Query): Promise<string[]> {
  const rows = await query<{ t: string }>(
    `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((r) => r.t);
}

async function nonEmpty(query: Query, tables: string[]): Promise<string[]> {
  return (await query<{ t: string }>(tables.map((t) => `select '${t}' as t where exists (select 1 from ${quoted(t)})`).join(' union all '))).map((r) => r.t);
}

async function readBaseline(query: Query): Promise<Baseline> {
  const tables = await publicTables(query);
  const referenceTables = await nonEmpty(query, tables);
  const referenceRows = new Map<string, string>();
  for (const t of referenceTables) referenceRows.set(t, (await query<{ rows: string }>(`select json_agg(x)::text as rows from ${quoted(t)} x`))[0]!.rows);
  return { tables, referenceTables, referenceDigests: await tableDigests(query, referenceTables), referenceRows, shape: (await query<{ shape: string }>(SHAPE))[0]!.shape };
}

/** The reference tables whose rows differ from the template's. */
async function changedReferences(query: Query, base: Baseline): Promise<string[]> {
  const now = await tableDigests(query, base.referenceTables);
  return base.referenceTables.filter((t) => now.get(t) !== base.referenceDigests.get(t));
}

/**
 * Empties what a file wrote and puts back the reference rows it changed (a tier, a species, the
 * system roles: a new database from the image took seconds on PGlite); false when it changed what
 * neither can restore (a table, a column, a function).
 *
 * The tables are emptied with DELETE, not TRUNCATE: a truncation gives each table new files, which
 * on the PostgreSQL server took 345 ms a file for its 14 tables on average, a fifth of the suite's
 * time; the few rows a file leaves are deleted in about a millisecond a table. Foreign keys and
 * triggers are left out while they are (replica): every table that refers to an emptied one is
 * emptied too, or is reference data that the refilled rows satisfy again. The changed reference
 * tables are refilled with the template's rows in the same transaction.
 */
async function restore(query: Query, base: Baseline): Promise<boolean> {
  if ((await query<{ shape: string }>(SHAPE))[0]!.shape !== base.shape) return false;
  const changed = await changedReferences(query, base);
  const written = (await nonEmpty(query, base.tables)).filter((t) => !base.referenceTables.includes(t));
  if (written.length + changed.length === 0) return restartSequences(query);
  const statements = [...written, ...changed].map((t) => `delete from ${quoted(t)}`);
  for (const t of changed) {
    const columns = (
      await query<{ c: string }>(`select quote_ident(attname) as c from pg_attribute where attrelid = '${quoted(t)}'::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`)
    ).map((r) => r.c);
    const rows = base.referenceRows.get(t)!.replaceAll("'", "''");
    statements.push(`insert into ${quoted(t)} (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from json_populate_recordset(null::${quoted(t)}, '${rows}')`);
  }
  await query('begin');
  try {
    await query('set local session_replication_role = replica');
    for (const statement of statements) await query(statement);
    await query('commit');
  } catch (error) {
    await query('rollback');
    throw error;
  }
  if (changed.length > 0 && (await changedReferences(query, base)).length > 0) return false;
  return restartSequences(query);
}

async function restartSequences(query: Query): Promise<true> {
  // A sequence can move without leaving a row (an insert rolled back, or deleted again).
  const moved = await query<{ s: string }>(`select quote_ident(sequencename) as s from pg_sequences where schemaname = 'public' and last_value is not null`);
  for (const { s } of moved) await query(`alter sequence ${s} restart`);
  return true;
}

// ---------- PGlite: the database itself is kept, open ----------

interface Pglite {
  closed: boolean;
  query<R>(text: string): Promise<{ rows: R[] }>;
}
const idlePglite: Database[] = [];
const clientOf = (database: Database) => (database.db as unknown as { $client: Pglite }).$client;
const pgliteQuery =
  (client: Pglite): Query =>
  async <R>(text: string) =>
    (await client.query<R>(text)).rows;

/** A database as the image holds it: one kept from an earlier file, or opened from the image. */
export async function keptPglite(image: Blob): Promise<Database> {
  const kept = idlePglite.pop();
  if (kept) return kept;
  const database = await openDatabase({ dataDir: '', inMemory: true, pgliteImage: image, migrate: false });
  baselines.pglite ??= await readBaseline(pgliteQuery(clientOf(database)));
  return database;
}

/**
 * Hands `database` back for the next file, its session reset (an open transaction rolled back;
 * settings, prepared statements, LISTEN and advisory locks discarded) and its tables emptied.
 * Closed instead when it cannot be restored, is closed or broken, or when enough wait.
 */
export async function giveBackPglite(database: Database): Promise<void> {
  const client = clientOf(database);
  if (client.closed) return;
  const query = pgliteQuery(client);
  try {
    await query('rollback');
    await query('discard all');
    if (!baselines.pglite || idlePglite.length >= KEPT || !(await restore(query, baselines.pglite))) await database.close();
    else idlePglite.push(database);
  } catch {
    await database.close();
  }
}

// ---------- PostgreSQL server: the database is kept by name; each file opens its own connections ----------

const idleServer: string[] = [];

async function onServer<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async <R>(text: string) => (await client.query(text)).rows as R[]);
  } finally {
    await client.end();
  }
}

/** A new copy of `templateUrl`, named after it (the run's teardown drops every database so named). */
export async function copyServerDatabase(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await onServer(process.env.DATABASE_URL!, async (query) => {
    await query(`create database ${name} template ${template}`);
    // A test database need not outlive a crash: commits do not wait for the disk.
    await query(`alter database ${name} set synchronous_commit = off`);
  });
  return withDatabase(templateUrl, name);
}

export async function dropServerDatabase(url: string): Promise<void> {
  await onServer(process.env.DATABASE_URL!, (query) => query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`));
}

/** The address of a database as the run's template holds it: one kept from an earlier file, or a new copy. */
export async function keptServerDatabase(templateUrl: string): Promise<string> {
  const kept = idleServer.pop();
  if (kept) return kept;
  const url = await copyServerDatabase(templateUrl);
  baselines.postgres ??= await onServer(url, readBaseline);
  return url;
}

/** Hands the database at `url` back once its connections are closed; dropped when it cannot be restored or enough wait. */
export async function giveBackServerDatabase(url: string): Promise<void> {
  const base = baselines.postgres;
  const restored =
    base &&
    idleServer.length < KEPT &&
    (await onServer(url, async (query) => {
      // Connections the file left open (one idle in a transaction would hold the truncation up)
      // end here, as dropping the database with (force) ended them.
      await query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      return restore(query, base);
    }).catch(() => false));
  if (restored) idleServer.push(url);
  else await dropServerDatabase(url);
}
