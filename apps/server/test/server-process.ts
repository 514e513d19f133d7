// The real server started from source, as an operator starts it, for the tests about processes:
// several app processes, two app servers, a start that must refuse. Each gets what it names.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { withDatabase } from './pg-url.js';
import { freePort } from '../../../test-support/free-port.js';
export { freePort };


export interface ServerProcess {
  child: ChildProcess;
  /** what it printed so far, both streams */
  output(): string;
  /** resolves with its exit code */
  exited: Promise<number | null>;
}

/** apps/server/src/main.ts with `env` over this process's environment. */
export function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: join(import.meta.dirname, '../../..'),
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A new empty database on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function newServerDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.default.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  return { url: withDatabase(serverUrl, name), drop: () => run(`drop database if exists ${name} with (force)`) };
}
