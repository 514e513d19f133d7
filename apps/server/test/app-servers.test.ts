// Two app servers on one PostgreSQL database and one object store (issue 35, decision 0249): they
// share nothing but those, as servers behind a load balancer do. A session signed in on one is
// honoured on the other and revoked on both at once; a document uploaded through one downloads
// through the other; the sign-in email limits count requests to either; each email is sent once.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as api from '@willow/contracts';
import { FAKE_S3_KEYS, startFakeS3, type FakeS3 } from './fakes/fake-s3.js';
import { startFakeSmtp, type FakeSmtp } from './fakes/fake-smtp.js';
import { PDF_BYTES } from './harness.js';
import { freePort, newServerDatabase, spawnServer } from './server-process.js';

const serverUrl = process.env.DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), 'willow-servers-'));
const children: ChildProcess[] = [];
let s3: FakeS3 | undefined;
let smtp: FakeSmtp | undefined;
let databaseUrl = '';
let dropDatabase = async () => {};

/** One app server from source, on a port and a data folder of its own; resolves when it answers. */
async function startServer(name: string): Promise<string> {
  const port = await freePort();
  const { child, output } = spawnServer({
    ...FAKE_S3_KEYS,
    PORT: String(port),
    DATA_DIR: join(root, name),
    DATABASE_URL: databaseUrl,
    STORAGE_URL: `s3://${s3!.bucket}/willow`,
    AWS_ENDPOINT_URL: s3!.endpoint,
    SMTP_URL: smtp!.url,
    JWT_SECRET: 'app-servers-test-secret-long-enough-for-hs256',
    ENCRYPTION_KEY: randomKey,
    SEED_DEMO: 'true',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited: ${output()}`);
      expect((await fetch(`${base}/api/health`).catch(() => undefined))?.ok).toBe(true);
    },
    { timeout: 120_000, interval: 200 },
  );
  return base;
}
const randomKey = randomBytes(32).toString('hex');

const post = (base: string, path: string, body: unknown, cookie?: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie && { cookie }) }, body: JSON.stringify(body) });
/** Rows of a statement on the servers' database, read as an operator would. */
async function query<R>(sql: string): Promise<R[]> {
  const pg = await import('pg');
  const db = new pg.default.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql)).rows as R[];
  } finally {
    await db.end();
  }
}
const get = (base: string, path: string, cookie: string) => fetch(`${base}${path}`, { headers: { cookie } });

let a = '';
let b = '';
beforeAll(async () => {
  if (!serverUrl) return;
  const database = await newServerDatabase(serverUrl, 'willow_servers');
  databaseUrl = database.url;
  dropDatabase = database.drop;
  [s3, smtp] = await Promise.all([startFakeS3(), startFakeSmtp()]);
  // The first migrates and seeds the demo; the second starts on what it finds.
  a = await startServer('a');
  b = await startServer('b');
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase();
  await Promise.all([s3?.close(), smtp?.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!serverUrl)('two app servers on one database and one object store', () => {
  it('a session signed in on one is honoured on the other, and signing out revokes it on both', async () => {
    const signIn = await post(a, api.login.path, { data: { email: 'frontdesk@demo.test', password: 'demo-password' } });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await get(b, api.getProfile.path, cookie)).status).toBe(200);
    expect((await get(a, api.getProfile.path, cookie)).status).toBe(200);

    expect((await post(a, api.logout.path, {}, cookie)).status).toBe(200);
    // The other server's cache of checked sessions hears of it through the database's notice.
    await vi.waitFor(async () => expect((await get(b, api.getProfile.path, cookie)).status).toBe(401), { interval: 100 });
    expect((await get(a, api.getProfile.path, cookie)).status).toBe(401);
  });

  it('a document uploaded through one downloads through the other, byte for byte', async () => {
    const signIn = await post(b, api.login.path, { data: { email: 'owner@demo.test', password: 'demo-password' } });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const clientId = await query<{ id: string }>(`select c.id from clients c join accounts a on a.id = c.account_id where a.name = 'Demo Veterinary Group' limit 1`);
    const bytes = Buffer.concat([PDF_BYTES, randomBytes(200 * 1024)]);
    const form = new FormData();
    form.set('clientId', clientId[0]!.id);
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'records.pdf');
    const uploaded = await fetch(`${a}/api/document`, { method: 'POST', headers: { cookie }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const down = await get(b, `/api/document/${id}/download`, cookie);
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('the sign-in email limit counts requests to either server, and each email is sent once', async () => {
    const ask = (base: string) => post(base, api.requestSignInEmail.path, { data: { email: 'vet@demo.test', method: 'passwordless' } });
    // Five an address may ask for in 15 minutes, whichever server is asked (rate_events in the database).
    for (const base of [a, b, a, b, a]) expect((await ask(base)).status).toBe(200);
    expect((await ask(b)).status).toBe(429);
    expect((await ask(a)).status).toBe(429);
    // Both servers' outbox workers share the queue: five codes, each delivered once.
    await vi.waitFor(() => expect(smtp!.messages.filter((m) => m.to.includes('vet@demo.test'))).toHaveLength(5), { interval: 100 });
    await vi.waitFor(async () => {
      const states = await query(`select state, count(*)::int as n from product_messages where to_address = 'vet@demo.test' group by state`);
      expect(states).toEqual([{ state: 'sent', n: 5 }]);
    }, { interval: 100 });
    const sent = smtp!.messages.filter((m) => m.to.includes('vet@demo.test'));
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(5);
  });
});
