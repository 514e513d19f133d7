// A worker's embedded test databases, kept from one test file to the next. Opening PGlite from the
// migrated image took 1.0–1.7 s per file on a loaded 2-core run (most of the server suite's time
// outside its tests); emptying the tables a file wrote to takes tens of milliseconds. A database
// comes back exactly as the image holds it, or is closed: its schema, its reference rows and its
// sequences are compared with the image's before it is handed to another file (decision 0300).
import { openDatabase, type Database } from '../src/db/client.js';

interface Pglite {
  closed: boolean;
  query<R>(text: string): Promise<{ rows: R[] }>;
  exec(text: string): Promise<unknown>;
}

/** What a database fresh from the image holds, read once per worker from the first one opened. */
interface Baseline {
  /** every table of the public schema */
  tables: string[];
  /** the tables the image holds rows in (reference data), and a digest of those rows */
  referenceDigest: string;
  referenceTables: string[];
  /** the catalogue's shape: a file that made a table, a column, a function or a trigger changes it */
  shape: string;
}

/** At most this many wait per worker: a file rarely holds more than two at once. */
const KEPT = 2;
const idle: Database[] = [];
let baseline: Baseline | undefined;

const clientOf = (database: Database) => (database.db as unknown as { $client: Pglite }).$client;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

const SHAPE = `select concat_ws(':',
  (select count(*) from pg_class), (select max(oid) from pg_class), (select count(*) from pg_attribute where not attisdropped),
  (select max(oid) from pg_proc), (select coalesce(max(oid), 0) from pg_trigger), (select max(oid) from pg_type),
  (select count(*) from pg_constraint), (select count(*) from pg_namespace)) as shape`;

async function digestOf(client: Pglite, tables: string[]): Promise<string> {
  if (tables.length === 0) return '';
  const parts = tables.map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${quoted(t)} x`);
  const rows = (await client.query<{ t: string; h: string }>(`${parts.join(' union all ')} order by 1`)).rows;
  return rows.map((r) => `${r.t}=${r.h}`).join(',');
}

async function readBaseline(client: Pglite): Promise<Baseline> {
  const tables = (
    await client.query<{ t: string }>(
      `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).rows.map((r) => r.t);
  const referenceTables = await nonEmpty(client, tables);
  return {
    tables,
    referenceTables,
    referenceDigest: await digestOf(client, referenceTables),
    shape: (await client.query<{ shape: string }>(SHAPE)).rows[0]!.shape,
  };
}

async function nonEmpty(client: Pglite, tables: string[]): Promise<string[]> {
  const query = tables.map((t) => `select '${t}' as t where exists (select 1 from ${quoted(t)})`).join(' union all ');
  return (await client.query<{ t: string }>(query)).rows.map((r) => r.t);
}

/** A database as the image holds it: one kept from an earlier file, or opened from the image. */
export async function templateDatabase(image: Blob): Promise<Database> {
  const kept = idle.pop();
  if (kept) return kept;
  const database = await openDatabase({ dataDir: '', inMemory: true, pgliteImage: image });
  baseline ??= await readBaseline(clientOf(database));
  return database;
}

/**
 * Hands `database` back for the next file: its session reset, the tables written emptied and
 * their sequences restarted. Closed instead when the file changed what emptying cannot restore
 * (the schema, the reference rows), when the database is closed or broken, or when enough wait.
 */
export async function giveBack(database: Database): Promise<void> {
  const client = clientOf(database);
  if (client.closed) return;
  try {
    if (!baseline || idle.length >= KEPT || !(await restore(client, baseline))) await database.close();
    else idle.push(database);
  } catch {
    await database.close();
  }
}

async function restore(client: Pglite, base: Baseline): Promise<boolean> {
  // An open transaction, session settings, prepared statements, LISTEN and advisory locks go.
  await client.exec('rollback');
  await client.exec('discard all');
  if ((await client.query<{ shape: string }>(SHAPE)).rows[0]!.shape !== base.shape) return false;
  if ((await digestOf(client, base.referenceTables)) !== base.referenceDigest) return false;
  const written = (await nonEmpty(client, base.tables)).filter((t) => !base.referenceTables.includes(t));
  if (written.length > 0) await client.exec(`truncate table ${written.map(quoted).join(', ')} restart identity cascade`);
  // A sequence can move without leaving a row (an insert rolled back, or deleted again).
  const moved = (await client.query<{ s: string }>(`select quote_ident(sequencename) as s from pg_sequences where schemaname = 'public' and last_value is not null`)).rows;
  for (const { s } of moved) await client.exec(`alter sequence ${s} restart`);
  return true;
}
