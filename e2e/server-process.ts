// The production build (node apps/server/dist/main.js) as the browser tests run it: on a free
// port, with a fresh data folder holding the demo, ready once it answers /api/health.
//
// The demo is seeded once per run (seedDemoFolder, called by the global setup) and each server
// starts on a copy of that folder (E2E_DEMO_DATA_DIR): a copy takes a fraction of a second, the
// seed several seconds of a core, and every server (one per worker, and the files that start their
// own with other settings) still begins from the same untouched demo.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test-support/free-port.ts';
export { freePort };


export interface ServerProcess {
  baseUrl: string;
  /** stops the server and removes its data folder, unless `keepData` (the folder is then the caller's) */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  dataDir: string;
}

/** Starts a server with `env` (or what `env` makes of its address) beside the defaults; `name` tells its data folder apart. */
export async function startServer(env: NodeJS.ProcessEnv | ((baseUrl: string) => NodeJS.ProcessEnv) = {}, name = 'willow-e2e-'): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), name));
  // Set by the global setup before the workers start, so they inherit it. Without it (a file run
  // by other means) the server seeds its own demo.
  const seeded = process.env.E2E_DEMO_DATA_DIR;
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
      ...(typeof env === 'function' ? env(baseUrl) : env),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const stop = async (opts?: { keepData?: boolean }) => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    if (!opts?.keepData) rmSync(dataDir, { recursive: true, force: true });
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
  return { baseUrl, stop, dataDir };
}

/**
 * A data folder with the demo seeded, made once by a server started and stopped on it (the same
 * start-up a browser test's server runs: migrations, reference data, the demo). The caller removes
 * it when the run ends.
 */
export async function seedDemoFolder(): Promise<string> {
  const inherited = process.env.E2E_DEMO_DATA_DIR;
  delete process.env.E2E_DEMO_DATA_DIR;
  try {
    const server = await startServer({}, 'willow-e2e-demo-');
    await server.stop({ keepData: true });
    return server.dataDir;
  } finally {
    if (inherited !== undefined) process.env.E2E_DEMO_DATA_DIR = inherited;
  }
}
