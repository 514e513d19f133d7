// WEB_CONCURRENCY: several app processes on one port on the PostgreSQL server, one process on
// the embedded database. The run with processes starts the real server (from source) against a
// database of its own.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { appProcesses } from '../src/processes.js';
import { FAKE_S3_KEYS, startFakeS3 } from './fakes/fake-s3.js';
import { freePort, newServerDatabase, spawnServer } from './server-process.js';

describe('how many app processes run', () => {
  it('runs WEB_CONCURRENCY processes on the PostgreSQL server', () => {
    const warn = vi.fn();
    expect(appProcesses(3, true, warn)).toBe(3);
    expect(appProcesses(1, true, warn)).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('stays one process on the embedded database, and says so', () => {
    const warn = vi.fn();
    expect(appProcesses(4, false, warn)).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('embedded database is served by one process'));
  });

  it('refuses a WEB_CONCURRENCY that is not a number of processes', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2);
    for (const bad of ['0', 'two', '1.5', '-1', '1000']) expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
  });
});

const serverUrl = process.env.DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), 'willow-processes-'));
let child: ChildProcess | undefined;
let dropDatabase = async () => {};
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase();
  rmSync(root, { recursive: true, force: true });
});

/** The pids of a process's app processes (its other children, esbuild's service for one, do not count). */
const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('src/main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

describe.skipIf(!serverUrl)('WEB_CONCURRENCY=2 on the PostgreSQL server', () => {
  it('answers from two processes on one port, replaces one that dies, and stops cleanly', async () => {
    const database = await newServerDatabase(serverUrl!, 'willow_p');
    dropDatabase = database.drop;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawnServer({
      PORT: String(port),
      DATA_DIR: root,
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'false',
      JWT_SECRET: 'processes-test-secret-long-enough-for-hs256',
    });
    child = server.child;
    const { exited } = server;
    const healthy = async () => {
      const res = await fetch(`${base}/api/health`).catch(() => undefined);
      return res?.ok === true;
    };

    await vi.waitFor(async () => expect(await healthy()).toBe(true), { timeout: 90_000, interval: 200 });
    await vi.waitFor(() => expect(childrenOf(child!.pid!)).toHaveLength(2), { interval: 200 });
    const [first] = childrenOf(child.pid!);
    // Each request on a fresh connection: they spread over the processes, and every one answers.
    for (let i = 0; i < 10; i++) expect((await fetch(`${base}/api/health`, { headers: { connection: 'close' } })).ok).toBe(true);

    process.kill(first!, 'SIGKILL');
    await vi.waitFor(
      () => {
        const now = childrenOf(child!.pid!);
        expect(now).toHaveLength(2);
        expect(now).not.toContain(first);
      },
      { timeout: 60_000, interval: 200 },
    );
    await vi.waitFor(async () => expect(await healthy()).toBe(true), { interval: 200 });

    child.kill('SIGTERM');
    expect(await exited, server.output()).toBe(0);
  });
});

describe('STORAGE_URL at start', () => {
  it('stops the start, naming the bucket and the reason, when the bucket cannot be reached', async () => {
    const s3 = await startFakeS3();
    try {
      const starting = spawnServer({
        ...FAKE_S3_KEYS,
        PORT: '0',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'willow-storage-')),
        DATABASE_URL: '',
        STORAGE_URL: 's3://no-such-bucket/willow',
        AWS_ENDPOINT_URL: s3.endpoint,
      });
      const code = await starting.exited;
      const output = starting.output();
      expect(code, output).toBe(1);
      expect(output).toContain(`Willow could not open its file storage: STORAGE_URL: the bucket no-such-bucket could not be reached at ${s3.endpoint}: NotFound (404)`);
    } finally {
      await s3.close();
    }
  });
});
