// The production build (node apps/server/dist/main.js) as the browser tests run it: on a free
// port, with a fresh data folder holding the demo, ready once it answers /api/health.
//
// The database: the embedded one in the data folder by default; with E2E_DATABASE_URL (a
// PostgreSQL server, as CI sets it) each server gets a database of its own on that server, made
// as a copy of the run's demo database (CREATE DATABASE … TEMPLATE) and dropped when it stops.
// The embedded engine runs its queries in the server's own process: on the server it was about
// as much of the run's CPU as the browser's pages (decision 0293).
//
// The demo is seeded once per run (seedDemoFolder, called by the global setup) and each server
// starts on a copy of that folder (E2E_DEMO_DATA_DIR): a copy takes a fraction of a second, the
// seed several seconds of a core, and every server (one per worker, and the files that start their
// own with other settings) still begins from the same untouched demo.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { withDatabase } from '../apps/server/test/pg-url.ts';
import { freePort } from '../test-support/free-port.ts';
export { freePort };


export interface ServerProcess {
  baseUrl: string;
  /** stops the server and removes its data folder and database, unless `keepData` (they are then the caller's) */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** removes the data folder and database a stop kept */
  removeData(): Promise<void>;
  dataDir: string;
  /** its database on the server at E2E_DATABASE_URL, if there is one */
  database: string | undefined;
}

/** Starts a server with `env` (or what `env` makes of its address) beside the defaults; `name` tells its data folder apart. */
export async function startServer(env: NodeJS.ProcessEnv | ((baseUrl: string) => NodeJS.ProcessEnv) = {}, name = 'willow-e2e-'): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), name));
  // Set by the global setup before the workers start, so they inherit it. Without it (a file run
  // by other means) the server seeds its own demo.
  const seeded = process.env.E2E_DEMO_DATA_DIR;
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const database = await ownDatabase(process.env.E2E_DEMO_DATABASE);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
      ...(typeof env === 'function' ? env(baseUrl) : env),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const removeData = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const stop = async (opts?: { keepData?: boolean }) => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    if (!opts?.keepData) await removeData();
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with ${server.exitCode} before it was ready`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server did not become ready within 90 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, stop, removeData, dataDir, database: database?.name };
}

/** A statement for the server at E2E_DATABASE_URL, on a connection of its own. */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** With E2E_DATABASE_URL: a new database on that server (a copy of `template` when given), its URL, and how to drop it. */
async function ownDatabase(template: string | undefined): Promise<{ name: string; url: string; drop(): Promise<void> } | undefined> {
  const admin = process.env.E2E_DATABASE_URL;
  if (!admin) return undefined;
  // Unique per server: runs and files never meet each other's databases, on a server that is never assumed clean.
  const name = `willow_e2e_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  // A test database need not outlive a crash: commits do not wait for the disk (decision 0300).
  await onServer(`alter database ${name} set synchronous_commit = off`);
  return { name, url: withDatabase(admin, name), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/**
 * A data folder with the demo seeded, made once by a server started and stopped on it (the same
 * start-up a browser test's server runs: migrations, reference data, the demo). The caller removes
 * it when the run ends.
 */
export async function seedDemoFolder(): Promise<{ dataDir: string; database: string | undefined; remove(): Promise<void> }> {
  const inherited = { dir: process.env.E2E_DEMO_DATA_DIR, database: process.env.E2E_DEMO_DATABASE };
  delete process.env.E2E_DEMO_DATA_DIR;
  delete process.env.E2E_DEMO_DATABASE;
  try {
    const server = await startServer({}, 'willow-e2e-demo-');
    await server.stop({ keepData: true });
    return {
      dataDir: server.dataDir,
      database: server.database,
      remove: server.removeData,
    };
  } finally {
    if (inherited.dir !== undefined) process.env.E2E_DEMO_DATA_DIR = inherited.dir;
    if (inherited.database !== undefined) process.env.E2E_DEMO_DATABASE = inherited.database;
  }
}
