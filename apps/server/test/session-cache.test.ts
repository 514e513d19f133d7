// Checked sessions are cached on each app server (decision 0061): a signed-out, deactivated or
// re-permissioned user must still be refused at once on every one of them. Two app servers run
// here on one database (two pools on the PostgreSQL server; one embedded database is one
// process, so there they share it), the way several processes or machines would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getUserPermissions, logout, roleOps, toggleUserActivation } from '@willow/contracts';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DiskStorage } from '../src/platform/document-storage.js';
import { call, createAccount, createTestApp, createUser, ENCRYPTION_KEY, JWT_SECRET, type Client, type TestAccount, type TestContext } from './harness.js';

let ctx: TestContext;
let account: TestAccount;
/** the second app server, on its own connections to the same database */
let other: { ctx: TestContext; close(): Promise<void> };

async function secondServer(first: TestContext): Promise<{ ctx: TestContext; close(): Promise<void> }> {
  const database: Database =
    first.database.kind === 'postgres' ? await openDatabase({ dataDir: '', databaseUrl: first.database.url, migrate: false }) : first.database;
  const storageDir = mkdtempSync(join(tmpdir(), 'willow-docs-'));
  const app: FastifyInstance = await buildApp({
    db: database.db,
    storage: new DiskStorage(storageDir),
    jwtSecret: JWT_SECRET,
    encryptionKey: ENCRYPTION_KEY,
    listen: database.listen,
    countQueries: true,
    checkResponses: true,
  });
  await app.ready();
  return {
    ctx: { app, database, close: async () => {} },
    async close() {
      await app.close();
      if (database !== first.database) await database.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** The same signed-in person, calling the other app server. */
const onOther = (client: Client) => ({
  call: (op: Parameters<typeof call>[1], opts: Parameters<typeof call>[2] = {}) =>
    call(other.ctx, op, { ...opts, headers: { ...opts.headers, cookie: client.cookie } }),
});

/**
 * The other server has heard everything committed so far: NOTIFY reaches every listener in commit
 * order, so once its own settle notice comes back, the change's notice has arrived before it. The
 * write answered only after its own server heard it; another server hears it as fast as the
 * database delivers it (well under a millisecond on one network), which a loaded machine can
 * stretch past the next injected request.
 */
const otherHasHeard = () => other.ctx.app.container.auth.settle();

const queries = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-query-count']);

beforeAll(async () => {
  ctx = await createTestApp();
  other = await secondServer(ctx);
  account = await createAccount(ctx);
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

describe('the session cache', () => {
  it('asks the database for a session once, then reuses it', async () => {
    const user = await createUser(ctx, account, ['analytics.view']);
    const first = await user.call(getUserPermissions);
    const second = await user.call(getUserPermissions);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(queries(first)).toBe(1);
    expect(queries(second)).toBe(0);
  });

  it('asks once for the requests a page sends at the same moment (decision 0311)', async () => {
    const user = await createUser(ctx, account, ['analytics.view']);
    const answers = await Promise.all(Array.from({ length: 8 }, () => user.call(getUserPermissions)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    // The one lookup is counted by the request that made it; the other seven waited on it.
    expect(answers.map(queries).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('refuses a signed-out session on every app server at once', async () => {
    const user = await createUser(ctx, account);
    expect((await onOther(user).call(getUserPermissions)).statusCode).toBe(200);
    expect(queries(await onOther(user).call(getUserPermissions))).toBe(0); // cached over there
    expect((await user.call(logout)).statusCode).toBe(200);
    await otherHasHeard();
    expect((await onOther(user).call(getUserPermissions)).statusCode).toBe(401);
    expect((await user.call(getUserPermissions)).statusCode).toBe(401);
  });

  it('refuses a deactivated user on every app server at once', async () => {
    const user = await createUser(ctx, account);
    await onOther(user).call(getUserPermissions);
    await user.call(getUserPermissions);
    const res = await account.admin.call(toggleUserActivation, { params: { id: user.userId }, body: { data: { isActive: false } } });
    expect(res.statusCode).toBe(200);
    await otherHasHeard();
    expect((await onOther(user).call(getUserPermissions)).statusCode).toBe(401);
    expect((await user.call(getUserPermissions)).statusCode).toBe(401);
  });

  it('applies a role’s new permissions on every app server at once', async () => {
    const user = await createUser(ctx, account, ['analytics.view']);
    const roles = (await account.admin.call(roleOps.list)).json() as { id: string; userIds: string[] }[];
    const role = roles.find((r) => r.userIds.includes(user.userId))!;
    expect((await onOther(user).call(getUserPermissions)).json()).toMatchObject({ permissions: ['analytics.view'] });
    const res = await account.admin.call(roleOps.update, { params: { id: role.id }, body: { data: { permissions: ['reports.export'] } } });
    expect(res.statusCode).toBe(200);
    await otherHasHeard();
    expect((await onOther(user).call(getUserPermissions)).json()).toMatchObject({ permissions: ['reports.export'] });
    expect((await user.call(getUserPermissions)).json()).toMatchObject({ permissions: ['reports.export'] });
  });

  it('hears a change made in SQL outside any app server when it sends its notice (decision 0247)', async () => {
    const user = await createUser(ctx, account);
    await user.call(getUserPermissions);
    await onOther(user).call(getUserPermissions);
    // A fix by hand says what it changed, as the repositories do (platform/session-notices.repository.ts).
    await ctx.database.query(`update users set is_active = false where id = '${user.userId}'`);
    await ctx.database.query(`select pg_notify('willow_sessions', 'u:${user.userId}')`);
    // No request of an app server made this change, so nothing waits for its notice: it arrives
    // as soon as the database delivers it.
    await vi.waitFor(async () => expect((await user.call(getUserPermissions)).statusCode).toBe(401));
    await vi.waitFor(async () => expect((await onOther(user).call(getUserPermissions)).statusCode).toBe(401));
  });
});
