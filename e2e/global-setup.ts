// Starts the production build (node apps/server/dist/main.js) on a free port with a fresh data
// folder and the demo seed, for every browser test file to use.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeSmtp } from '../apps/server/test/fakes/fake-smtp.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** a mail server on loopback (AUTH as E2E_SMTP_USER) the tests point a location's SMTP settings at */
    smtpPort: number;
  }
}

/** Who the e2e mail server lets in. */
export const E2E_SMTP_USER = { name: 'e2e-mailer', password: 'e2e-mail-secret' };

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
  // The product's own mail and the locations' SMTP settings go to a local mail server.
  const smtp = await startFakeSmtp({ [E2E_SMTP_USER.name]: E2E_SMTP_USER.password });
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
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Willow <portal@willow.test>',
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
  project.provide('smtpPort', smtp.port);
  return async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
  };
}
