// Starts the production build (node apps/server/dist/main.js) on a free port with a fresh data
// folder and the demo seed, for every browser test file to use.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeProviders } from './fake-providers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** the fake mail server's port (AUTH as FAKE_KEYS.smtp), for a location's SMTP settings */
    smtpPort: number;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'willow-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // No browser test reaches a real provider: the server is pointed at local fakes (a mail server
  // for the portal's own mail and the locations' SMTP settings among them).
  const providers = await startFakeProviders();
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
      PUBLIC_URL: baseUrl,
      MAIL_FROM: 'Willow <portal@willow.test>',
      ...providers.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('The server did not become ready within 90 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('smtpPort', providers.smtpPort);
  return async () => {
    server.kill('SIGTERM');
    await exited;
    await providers.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
