import { randomUUID } from 'node:crypto';
import { DomainEventBus } from '../../platform/domain-events.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { INTEGRATION_MESSAGES, QUICKBOOKS_MESSAGES, type QuickbooksConnection } from '@willow/contracts';
import {
  anonymous,
  createAccount,
  createLoggedApp,
  createTestApp,
  createUser,
  errorOf,
  signIn,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { startFakeQuickbooks, type FakeQuickbooks } from '../../../test/fakes/fake-quickbooks.js';
import type { Providers } from '../../platform/providers.js';
import { QuickbooksService } from './quickbooks.service.js';

const PUBLIC_URL = 'https://portal.practice.example';
const REDIRECT_URI = `${PUBLIC_URL}/api/quickbooks/callback`;
const CLIENT_ID = 'qb-client-id';
const CLIENT_SECRET = 'qb-client-secret';

let ctx: TestContext;
let practice: TestAccount;
let other: TestAccount;
let manager: Client & { userId: string };
let staff: Client;
let intuit: FakeQuickbooks;
let providers: Partial<Providers>;

beforeAll(async () => {
  intuit = await startFakeQuickbooks({ [CLIENT_ID]: CLIENT_SECRET });
  providers = {
    quickbooksOauth: intuit.url,
    quickbooksApi: intuit.url,
    quickbooksSandboxApi: intuit.url,
    quickbooksAuthorize: intuit.url,
    quickbooksRevoke: intuit.url,
    publicUrl: PUBLIC_URL,
  };
  ctx = await createTestApp({ providers });
  practice = await createAccount(ctx);
  other = await createAccount(ctx);
  manager = await createUser(ctx, practice, ['locations.manage']);
  staff = await createUser(ctx, practice, []);
});
afterAll(async () => {
  await ctx?.close();
  await intuit?.close();
});

async function newLocation(account: TestAccount = practice): Promise<string> {
  const res = await account.admin.call(api.createLocation, { body: { data: { name: `Branch ${randomUUID().slice(0, 8)}`, timezone: 'UTC' } } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as api.Location).id;
}
async function withQuickbooks(account: TestAccount = practice, secret = CLIENT_SECRET): Promise<{ locationId: string; integrationId: string }> {
  const locationId = await newLocation(account);
  const res = await account.admin.call(api.createIntegration, {
    body: { data: { locationId, service: 'quickbooks', publicKey: CLIENT_ID, privateKey: secret, settings: { environment: 'sandbox' } } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { locationId, integrationId: (res.json() as api.Integration).id };
}

const connect = (locationId: string, client: Client = manager) => client.call(api.connectQuickbooks, { body: { data: { locationId } } });
async function authorizeUrl(locationId: string, client: Client = manager): Promise<URL> {
  const res = await connect(locationId, client);
  expect(res.statusCode, res.body).toBe(200);
  return new URL((res.json() as { url: string }).url);
}
/** The person at Intuit's consent page: it consents and sends the browser back to the portal. */
async function consent(url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}
/** The browser arriving at the callback with its cookie: where it is sent next. */
async function arrive(callback: URL | string, client: Client = manager): Promise<URL> {
  const url = typeof callback === 'string' ? new URL(callback, PUBLIC_URL) : callback;
  const res = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: client.cookie ? { cookie: client.cookie } : {} });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers['cache-control']).toBe('no-store');
  return new URL(String(res.headers.location), PUBLIC_URL);
}
async function connected(locationId: string): Promise<URL> {
  const callback = await consent(await authorizeUrl(locationId));
  const back = await arrive(callback);
  expect(Object.fromEntries(back.searchParams), back.href).toEqual({ connected: locationId });
  return callback;
}
async function connections(client: Client = manager): Promise<QuickbooksConnection[]> {
  const res = await client.call(api.listQuickbooksConnections);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuickbooksConnection[];
}
const connectionOf = async (locationId: string, client?: Client) => (await connections(client)).find((c) => c.locationId === locationId);
const secretsOf = async (integrationId: string) => (await ctx.app.container.integrations.credentialsById({ accountId: practice.accountId }, integrationId)).secrets;
/** The service as an app server sees it at `at` (a later time: its access tokens have ended). */
const serviceAt = (at: Date) => new QuickbooksService(ctx.database.db, ctx.app.container.integrations, { ...(ctx.app.container.providers as Providers), ...providers }, new DomainEventBus(ctx.database.db), () => at);
const hoursLater = (h: number) => new Date(Date.now() + h * 3_600_000);

describe('POST /api/quickbooks/connect', () => {
  it('answers the integration’s notSetUp message for a location without QuickBooks', async () => {
    const res = await connect(await newLocation());
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(INTEGRATION_MESSAGES.notSetUp);
  });

  it('answers Intuit’s consent address for the app, the accounting scope and the portal’s callback, with a state', async () => {
    const { locationId } = await withQuickbooks();
    const url = await authorizeUrl(locationId);
    expect(`${url.origin}${url.pathname}`).toBe(`${intuit.url}/connect/oauth2`);
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'state'))).toEqual({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: REDIRECT_URI,
    });
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Kept hashed in the database, never as it was handed out.
    const rows = await ctx.database.query<{ state_hash: string; user_id: string }>(`select state_hash, user_id from quickbooks_oauth_states`);
    expect(rows.some((r) => r.state_hash.includes(state))).toBe(false);
    expect(rows.some((r) => r.user_id === manager.userId)).toBe(true);
  });

  it('needs locations.manage, and another account’s location is not found', async () => {
    const { locationId } = await withQuickbooks();
    expect((await connect(locationId, staff)).statusCode).toBe(403);
    const theirs = await withQuickbooks(other);
    const res = await connect(theirs.locationId);
    expect(res.statusCode).toBe(404);
  });

  it('says clearly when the portal’s public address is not configured', async () => {
    const bare = await createTestApp({ providers: { ...providers, publicUrl: undefined } });
    try {
      const account = await createAccount(bare);
      const locationId = (await account.admin.call(api.createLocation, { body: { data: { name: 'Main', timezone: 'UTC' } } })).json().id as string;
      await account.admin.call(api.createIntegration, { body: { data: { locationId, service: 'quickbooks', publicKey: CLIENT_ID, privateKey: CLIENT_SECRET } } });
      const res = await account.admin.call(api.connectQuickbooks, { body: { data: { locationId } } });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(QUICKBOOKS_MESSAGES.noPublicUrl);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/quickbooks/callback', () => {
  it('connects the company: tokens sealed, the company named, the connection shown to staff', async () => {
    const { locationId, integrationId } = await withQuickbooks();
    await connected(locationId);

    const exchange = intuit.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer').at(-1)!;
    expect(exchange.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(new URLSearchParams(exchange.text).get('redirect_uri')).toBe(REDIRECT_URI);

    const secrets = await secretsOf(integrationId);
    expect(Object.keys(secrets).sort()).toEqual(['accessToken', 'accessTokenExpiresAt', 'refreshToken', 'refreshTokenExpiresAt']);
    expect(intuit.liveRefreshTokens()).toContain(secrets.refreshToken);
    const [row] = await ctx.database.query<{ sealed_secrets: string }>(`select sealed_secrets from integrations where id = '${integrationId}'`);
    expect(row!.sealed_secrets).not.toContain(secrets.refreshToken);
    expect(row!.sealed_secrets).not.toContain(secrets.accessToken);

    // Any staff member sees the connection (no secret in it); it reads the company's name from QuickBooks.
    const seen = await connectionOf(locationId, staff);
    expect(seen).toEqual({
      integrationId,
      locationId,
      locationName: expect.stringMatching(/^Branch /),
      environment: 'sandbox',
      status: 'connected',
      companyId: '9130357992211456',
      companyName: 'Willow Test Company',
      connectedAt: expect.any(String),
      problem: null,
      lastCheck: { ok: true, message: 'Connected to the QuickBooks company Willow Test Company.', at: expect.any(String) },
    });
    expect(JSON.stringify(await connections(staff))).not.toContain(secrets.accessToken);
    // The integration says it is connected.
    const listed = (await manager.call(api.listIntegrations, { query: { locationId } })).json() as api.Integration[];
    expect(listed[0]!.connected).toBe(true);
  });

  it('refuses a state that was used, made up, expired, or started by someone else', async () => {
    const { locationId } = await withQuickbooks();
    const refusedWith = (back: URL) => expect(back.searchParams.get('error')).toBe(QUICKBOOKS_MESSAGES.stateInvalid);

    const callback = await connected(locationId);
    refusedWith(await arrive(callback)); // used

    const madeUp = new URL(callback);
    madeUp.searchParams.set('state', 'a'.repeat(43));
    refusedWith(await arrive(madeUp));

    const expiring = await consent(await authorizeUrl(locationId));
    await ctx.database.query(`update quickbooks_oauth_states set expires_at = now() - interval '1 second'`);
    refusedWith(await arrive(expiring));

    const colleague = await createUser(ctx, practice, ['locations.manage']);
    const theirs = await consent(await authorizeUrl(locationId));
    refusedWith(await arrive(theirs, colleague));
    // …and the one who started it still can.
    expect((await arrive(theirs)).searchParams.get('connected')).toBe(locationId);
  });

  it('sends a browser without a session or without the permission back with the reason', async () => {
    const { locationId } = await withQuickbooks();
    const callback = await consent(await authorizeUrl(locationId));
    expect((await arrive(callback, anonymous(ctx))).searchParams.get('error')).toBe(QUICKBOOKS_MESSAGES.signInAgain);
    expect((await arrive(callback, staff)).searchParams.get('error')).toBe(api.MESSAGES.permissionDenied);
    // Neither spent it.
    expect((await arrive(callback)).searchParams.get('connected')).toBe(locationId);
  });

  it('says the connection was cancelled when the person declined at Intuit', async () => {
    const { locationId } = await withQuickbooks();
    const state = (await authorizeUrl(locationId)).searchParams.get('state')!;
    const back = await arrive(`/api/quickbooks/callback?${new URLSearchParams({ error: 'access_denied', state })}`);
    expect(back.searchParams.get('error')).toBe(QUICKBOOKS_MESSAGES.cancelled);
  });

  it('answers notSetUpCorrectly when Intuit refuses the exchange, and keeps it as the last check', async () => {
    const { locationId, integrationId } = await withQuickbooks();
    const state = (await authorizeUrl(locationId)).searchParams.get('state')!;
    // A code issued for another address: Intuit refuses it (invalid_grant).
    const code = intuit.issueCode(CLIENT_ID, 'https://elsewhere.example/callback');
    const back = await arrive(`/api/quickbooks/callback?${new URLSearchParams({ code, state, realmId: '9130357992211456' })}`);
    expect(back.searchParams.get('error')).toBe(`${INTEGRATION_MESSAGES.notSetUpCorrectly} QuickBooks said: invalid_grant`);
    const seen = await connectionOf(locationId);
    expect(seen).toMatchObject({ integrationId, status: 'notConnected', lastCheck: { ok: false } });
  });

  it('refuses a client secret Intuit does not know with notSetUpCorrectly', async () => {
    const { locationId } = await withQuickbooks(practice, 'a-wrong-secret');
    const callback = await consent(await authorizeUrl(locationId));
    const error = (await arrive(callback)).searchParams.get('error')!;
    expect(error.startsWith(INTEGRATION_MESSAGES.notSetUpCorrectly)).toBe(true);
    expect(error).not.toContain('a-wrong-secret');
  });
});

describe('the access token', () => {
  it('is refreshed once when it has ended, even for two app servers asking at once, and the new refresh token is kept', async () => {
    const { locationId, integrationId } = await withQuickbooks();
    await connected(locationId);
    const before = await secretsOf(integrationId);
    const scope = { accountId: practice.accountId };

    // Still valid: no refresh.
    const now = await ctx.app.container.quickbooks.accessToken(scope, locationId);
    expect(now.accessToken).toBe(before.accessToken);

    const refreshes = intuit.refreshes();
    const later = hoursLater(2);
    const [a, b] = await Promise.all([serviceAt(later).accessToken(scope, locationId), serviceAt(later).accessToken(scope, locationId)]);
    expect(intuit.refreshes()).toBe(refreshes + 1);
    expect(a.accessToken).toBe(b.accessToken);
    expect(a.accessToken).not.toBe(before.accessToken);
    expect(a).toMatchObject({ integrationId, realmId: '9130357992211456', environment: 'sandbox' });

    const after = await secretsOf(integrationId);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(intuit.liveRefreshTokens()).toContain(after.refreshToken);
    expect(intuit.liveRefreshTokens()).not.toContain(before.refreshToken);
    expect(Date.parse(after.accessTokenExpiresAt!)).toBeGreaterThan(later.getTime());

    // And again, with the rotated one.
    const evenLater = hoursLater(4);
    await serviceAt(evenLater).accessToken(scope, locationId);
    expect(intuit.refreshes()).toBe(refreshes + 2);
    expect(intuit.liveRefreshTokens()).toContain((await secretsOf(integrationId)).refreshToken);
  });

  it('marks the location as needing to connect again when Intuit refuses the refresh token (invalid_grant)', async () => {
    const { locationId, integrationId } = await withQuickbooks();
    await connected(locationId);
    intuit.revokeRefreshToken((await secretsOf(integrationId)).refreshToken!);

    const scope = { accountId: practice.accountId };
    const failed = (await serviceAt(hoursLater(2))
      .accessToken(scope, locationId)
      .then(
        () => undefined,
        (err: unknown) => err,
      )) as { status: number; message: string } | undefined;
    expect(failed).toMatchObject({ status: 422, message: expect.stringContaining(INTEGRATION_MESSAGES.notSetUpCorrectly) });
    expect(failed!.message).toContain(QUICKBOOKS_MESSAGES.reconnect);
    expect(await secretsOf(integrationId)).toEqual({});

    const seen = await connectionOf(locationId);
    expect(seen).toMatchObject({ status: 'needsReconnect', companyId: '9130357992211456', lastCheck: { ok: false } });
    expect(seen!.lastCheck!.message).toContain(INTEGRATION_MESSAGES.notSetUpCorrectly);

    // Connecting again restores it.
    await connected(locationId);
    expect(await connectionOf(locationId)).toMatchObject({ status: 'connected', problem: null });
  });

  it('says a location without a connected company is not connected', async () => {
    const { locationId } = await withQuickbooks();
    const failed = await ctx.app.container.quickbooks.accessToken({ accountId: practice.accountId }, locationId).catch((err: unknown) => err as Error);
    expect(failed).toMatchObject({ status: 409, message: QUICKBOOKS_MESSAGES.notConnected });
  });
});

describe('POST /api/quickbooks/disconnect', () => {
  it('revokes the connection at Intuit and forgets the tokens', async () => {
    const { locationId, integrationId } = await withQuickbooks();
    await connected(locationId);
    const { refreshToken } = await secretsOf(integrationId);
    const res = await manager.call(api.disconnectQuickbooks, { body: { data: { locationId } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as QuickbooksConnection).status).toBe("notConnected");
    const revoke = intuit.requests.filter((r) => r.path === '/v2/oauth2/tokens/revoke').at(-1)!;
    expect(revoke.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(intuit.liveRefreshTokens()).not.toContain(refreshToken);
    expect(await secretsOf(integrationId)).toEqual({});
    expect(await connectionOf(locationId)).toMatchObject({ status: 'notConnected', companyId: null, companyName: null, connectedAt: null });
  });

  it('revokes the connection at Intuit when the integration itself is removed', async () => {
    const { locationId, integrationId } = await withQuickbooks();
    await connected(locationId);
    const { refreshToken } = await secretsOf(integrationId);
    const res = await manager.call(api.deleteIntegration, { params: { id: integrationId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(intuit.liveRefreshTokens()).not.toContain(refreshToken);
    expect(await connectionOf(locationId)).toBeUndefined();
  });

  it('needs locations.manage; another account’s location is not found; a location without QuickBooks says so', async () => {
    const { locationId } = await withQuickbooks();
    expect((await staff.call(api.disconnectQuickbooks, { body: { data: { locationId } } })).statusCode).toBe(403);
    const theirs = await withQuickbooks(other);
    expect((await manager.call(api.disconnectQuickbooks, { body: { data: { locationId: theirs.locationId } } })).statusCode).toBe(404);
    const res = await manager.call(api.disconnectQuickbooks, { body: { data: { locationId: await newLocation() } } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(INTEGRATION_MESSAGES.notSetUp);
  });
});

describe('GET /api/quickbooks', () => {
  it('lists only this account’s locations with QuickBooks, and needs a session', async () => {
    const theirs = await withQuickbooks(other);
    const mine = await withQuickbooks();
    const seen = await connections();
    expect(seen.some((c) => c.locationId === mine.locationId && c.status === 'notConnected')).toBe(true);
    expect(seen.some((c) => c.locationId === theirs.locationId)).toBe(false);
    expect((await anonymous(ctx).call(api.listQuickbooksConnections)).statusCode).toBe(401);
  });
});

describe('the log', () => {
  it('holds no authorization code, state or token of a connection, even at trace level', async () => {
    const logged = await createLoggedApp(ctx, providers);
    try {
      const user = await createUser(ctx, practice, ['locations.manage']);
      const staff = await signIn(logged, user.email);
      const { locationId, integrationId } = await withQuickbooks();
      const url = new URL((await staff.call(api.connectQuickbooks, { body: { data: { locationId } } })).json().url as string);
      const callback = await consent(url);
      const res = await logged.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie: staff.cookie } });
      expect(String(res.headers.location)).toBe(`/quickbooks?connected=${locationId}`);
      expect((await staff.call(api.disconnectQuickbooks, { body: { data: { locationId } } })).statusCode).toBe(200);

      const log = logged.lines.join('');
      expect(log).toContain('/api/quickbooks/callback?[hidden]');
      const tokens = intuit.requests.flatMap((r) => [...new URLSearchParams(r.text).values()]).filter((v) => v.length > 20);
      for (const secret of [callback.searchParams.get('code')!, callback.searchParams.get('state')!, CLIENT_SECRET, ...tokens]) expect(log).not.toContain(secret);
      expect(await secretsOf(integrationId)).toEqual({});
    } finally {
      await logged.close();
    }
  });
});
