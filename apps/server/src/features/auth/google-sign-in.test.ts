import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { GOOGLE_CALLBACK_PATH, SIGN_IN_MESSAGES } from '@willow/contracts';
import { call, clientWithCookie, createAccount, createTestApp, createUser, type TestAccount, type TestContext } from '../../../test/harness.js';
import { startFakeOidc, type FakeOidc } from '../../../test/fakes/fake-oidc.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { ACCOUNT_DEACTIVATED } from './auth.service.js';
import { googleSignInStates } from './auth.table.js';
import { GOOGLE_BINDING_COOKIE, safeReturnUrl } from './google-sign-in.service.js';

const APP_URL = 'http://portal.willow.test';
/** Practice A's own Google client. */
const CLIENT_ID = 'practice-a.apps.example';
const CLIENT_SECRET = 'client-secret-only-the-fake-knows';
/** Practice B's own. */
const B_CLIENT_ID = 'practice-b.apps.example';
const B_CLIENT_SECRET = 'b-secret';
/** The product's (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET), in the second portal only. */
const PRODUCT_CLIENT_ID = 'willow-product.apps.example';
const PRODUCT_CLIENT_SECRET = 'product-secret';

let ctx: TestContext;
/** The portal the helpers below talk to: `ctx` unless a describe switches to another. */
let on: TestContext;
let google: FakeOidc;
let practice: TestAccount;

beforeAll(async () => {
  google = await startFakeOidc({ [CLIENT_ID]: CLIENT_SECRET, [B_CLIENT_ID]: B_CLIENT_SECRET, [PRODUCT_CLIENT_ID]: PRODUCT_CLIENT_SECRET });
  ctx = on = await createTestApp({ providers: { googleIssuer: google.url, appUrl: APP_URL } });
  practice = await createAccount(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

let ipCounter = 0;
/** Each flow from its own address, so the callbacks' rate limit is not what a test meets. */
const nextIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The binding cookie each start set, by its state: the browser that started the sign-in. */
const browsers = new Map<string, string>();

/** "Continue with Google" with `email` typed on the sign-in page: by default the address the person then picks at Google ('' for none). */
async function start(returnUrl?: string, remoteAddress = nextIp(), email = google.user.email) {
  const query = { ...(email && { email }), ...(returnUrl !== undefined && { returnUrl }) };
  const res = await on.app.inject({ method: 'GET', url: '/api/auth/google', remoteAddress, query });
  const binding = res.cookies.find((c) => c.name === GOOGLE_BINDING_COOKIE);
  if (binding) browsers.set(new URL(String(res.headers.location)).searchParams.get('state')!, binding.value);
  return res;
}
/** Google's redirect arriving at the browser that started the sign-in, unless `browser` names another cookie ('' for none). */
const callback = (query: Record<string, string>, remoteAddress = nextIp(), browser?: string) => {
  const binding = browser ?? (query.state && browsers.get(query.state));
  return on.app.inject({
    method: 'GET',
    url: GOOGLE_CALLBACK_PATH,
    query,
    remoteAddress,
    headers: { 'user-agent': 'test-browser', ...(binding && { cookie: `${GOOGLE_BINDING_COOKIE}=${binding}` }) },
  });
};

/** The sign-in page's address a refusal leads to, read back. */
function refusal(res: LightMyRequestResponse): { error: string | null; returnUrl: string | null } {
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers['cache-control']).toBe('no-store');
  const url = new URL(String(res.headers.location), APP_URL);
  expect(url.pathname).toBe('/login');
  expect(res.cookies.find((c) => c.name === 'x-access-token')).toBeUndefined();
  return { error: url.searchParams.get('error'), returnUrl: url.searchParams.get('returnUrl') };
}

/** Starts a sign-in and lets the fake's person answer: the callback's query Google would send. */
async function atGoogle(returnUrl?: string, email?: string): Promise<Record<string, string>> {
  const res = await start(returnUrl, nextIp(), email);
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  const answer = await fetch(String(res.headers.location), { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}${GOOGLE_CALLBACK_PATH}`);
  return Object.fromEntries(back.searchParams);
}

async function signInWithGoogle(returnUrl?: string, email?: string) {
  return callback(await atGoogle(returnUrl, email));
}

/** Which client the last start sent the browser to Google with. */
const clientAsked = () => google.authorizations.at(-1)?.get('client_id');

async function signedInAs(res: LightMyRequestResponse): Promise<string> {
  const profile = await clientWithCookie(on, signedInCookie(res)).call(api.getProfile);
  expect(profile.statusCode, profile.body).toBe(200);
  return (profile.json() as api.Profile).email;
}

function signedInCookie(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers['cache-control']).toBe('no-store');
  const cookie = res.cookies.find((c) => c.name === 'x-access-token');
  expect(cookie?.httpOnly).toBe(true);
  return `x-access-token=${cookie!.value}`;
}

async function addGoogle(account: TestAccount, clientId: string, secret: string, locationId = account.locationId) {
  const res = await account.admin.call(api.createIntegration, {
    body: { data: { locationId, service: 'google', publicKey: clientId, privateKey: secret, settings: {} } },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('without a Google client', () => {
  it('offers no Google sign-in, and one started anyway goes back to the sign-in page saying so', async () => {
    const options = await call(ctx, api.getSignInOptions);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ email: false, google: false });
    const res = await start('/clients');
    expect(refusal(res).error).toBe(SIGN_IN_MESSAGES.googleNotSetUp);
    // Nor for a user of a practice without its own client, nor with no address typed: no product client either.
    const member = await createUser(ctx, practice, []);
    expect(refusal(await start(undefined, nextIp(), member.email)).error).toBe(SIGN_IN_MESSAGES.googleNotSetUp);
    expect(refusal(await start(undefined, nextIp(), '')).error).toBe(SIGN_IN_MESSAGES.googleNotSetUp);
    expect(google.authorizations).toHaveLength(0);
  });

  it('refuses an address longer than any address (400)', async () => {
    const res = await call(ctx, api.googleSignIn, { query: { email: `${'a'.repeat(320)}@x.example` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { message: expect.any(String) } });
  });
});

describe('with practices’ own Google clients (and no product client)', () => {
  let staff: Awaited<ReturnType<typeof createUser>>;
  let practiceB: TestAccount;
  let staffB: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    await addGoogle(practice, CLIENT_ID, CLIENT_SECRET);
    practiceB = await createAccount(ctx);
    await addGoogle(practiceB, B_CLIENT_ID, B_CLIENT_SECRET);
    staff = await createUser(ctx, practice, []);
    staffB = await createUser(ctx, practiceB, []);
  });
  beforeEach(() => {
    google.mode = 'redirect';
    google.tamper = null;
    google.user = { email: staff.email, emailVerified: true, sub: 'google-sub-1' };
  });

  it('is offered on the sign-in page', async () => {
    expect((await call(ctx, api.getSignInOptions)).json()).toEqual({ email: false, google: true });
  });

  it('sends the browser to the issuer with state, PKCE, nonce and the client of the typed address’s practice', async () => {
    const res = await start();
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${APP_URL}${GOOGLE_CALLBACK_PATH}`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('prompt')).toBe('select_account');
    // Two starts, two different states.
    expect(new URL(String((await start()).headers.location)).searchParams.get('state')).not.toBe(q.get('state'));
  });

  it('signs in the user with the Google address: the cookie works', async () => {
    const res = await signInWithGoogle();
    const cookie = signedInCookie(res);
    expect(res.headers.location).toBe('/');
    const profile = await clientWithCookie(ctx, cookie).call(api.getProfile);
    expect(profile.statusCode, profile.body).toBe(200);
    expect((profile.json() as api.Profile).email).toBe(staff.email);
  });

  it('matches the address whatever its case', async () => {
    google.user = { ...google.user, email: staff.email.toUpperCase() };
    signedInCookie(await signInWithGoogle());
  });

  it('goes back to the page the person was going to, and never to another site', async () => {
    expect((await signInWithGoogle('/clients?search=ada')).headers.location).toBe('/clients?search=ada');
    for (const offSite of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', '/login']) {
      const res = await signInWithGoogle(offSite);
      signedInCookie(res);
      expect(res.headers.location, offSite).toBe('/');
    }
  });

  it('refuses a state used before', async () => {
    const query = await atGoogle();
    signedInCookie(await callback(query));
    expect(refusal(await callback(query)).error).toBe(SIGN_IN_MESSAGES.googleStateInvalid);
  });

  it('refuses a state it never handed out, or none', async () => {
    const query = await atGoogle();
    expect(refusal(await callback({ ...query, state: 'x'.repeat(43) })).error).toBe(SIGN_IN_MESSAGES.googleStateInvalid);
    expect(refusal(await callback({ code: query.code! })).error).toBe(SIGN_IN_MESSAGES.googleStateInvalid);
    // The real state still works: a forged callback did not spend it.
    signedInCookie(await callback(query));
  });

  it('binds the sign-in to the browser that started it, in a short-lived cookie of its own (no login CSRF)', async () => {
    const res = await start();
    const binding = res.cookies.find((c) => c.name === GOOGLE_BINDING_COOKIE)!;
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
    const state = new URL(String(res.headers.location)).searchParams.get('state')!;
    expect(binding.value.startsWith(`${state}.`)).toBe(true);

    // Someone's own callback address, sent to another browser: refused there, whether it holds no binding or its own.
    const query = await atGoogle();
    const otherBrowser = browsers.get(new URL(String((await start()).headers.location)).searchParams.get('state')!)!;
    for (const browser of ['', otherBrowser]) {
      const elsewhere = await callback(query, nextIp(), browser);
      expect(refusal(elsewhere).error).toBe(SIGN_IN_MESSAGES.googleStateInvalid);
    }
    // The state in the cookie with another PKCE verifier cannot redeem the code either.
    const forged = `${query.state}.${'v'.repeat(43)}`;
    expect(refusal(await callback(query, nextIp(), forged)).error).toBe(SIGN_IN_MESSAGES.googleFailed);
  });

  it('clears the binding cookie at the callback, and the starting browser signs in', async () => {
    const query = await atGoogle();
    const res = await callback(query);
    signedInCookie(res);
    const cleared = res.cookies.find((c) => c.name === GOOGLE_BINDING_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth/google');
  });

  it('keeps no PKCE verifier in the database', async () => {
    await atGoogle();
    const columns = await ctx.database.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'google_sign_in_states'`);
    expect(columns.map((c) => c.column_name)).not.toContain('code_verifier');
  });

  it('refuses a state that has expired', async () => {
    const query = await atGoogle();
    await ctx.database.db.update(googleSignInStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(refusal(await callback(query)).error).toBe(SIGN_IN_MESSAGES.googleStateInvalid);
  });

  it('forgets sign-ins never completed in housekeeping', async () => {
    await atGoogle();
    expect(await ctx.database.db.$count(googleSignInStates)).toBeGreaterThan(0);
    await ctx.app.container.housekeeping(new Date(Date.now() + 11 * 60_000));
    expect(await ctx.database.db.$count(googleSignInStates)).toBe(0);
  });

  it('says so when the person cancels at Google, keeping where they were going', async () => {
    google.mode = 'deny';
    const query = await atGoogle('/schedule');
    expect(query.error).toBe('access_denied');
    expect(refusal(await callback(query))).toEqual({ error: SIGN_IN_MESSAGES.googleCancelled, returnUrl: '/schedule' });
  });

  it.each([
    ['signed by a key not in the issuer’s set', 'wrongKey'],
    ['for another client', 'wrongAudience'],
    ['expired', 'expired'],
    ['from another issuer', 'wrongIssuer'],
    ['with another nonce', 'wrongNonce'],
  ] as const)('refuses an ID token %s', async (_what, tamper) => {
    google.tamper = tamper;
    expect(refusal(await signInWithGoogle()).error).toBe(SIGN_IN_MESSAGES.googleFailed);
  });

  it('refuses a code the issuer does not accept (a changed code, or one used twice)', async () => {
    const query = await atGoogle();
    expect(refusal(await callback({ ...query, code: 'forged-code' })).error).toBe(SIGN_IN_MESSAGES.googleFailed);
    // The state was spent by the failed attempt: replaying the real code with it is refused.
    expect(refusal(await callback(query)).error).toBe(SIGN_IN_MESSAGES.googleStateInvalid);
  });

  it('refuses an address Google has not verified', async () => {
    google.user = { ...google.user, emailVerified: false };
    expect(refusal(await signInWithGoogle()).error).toBe(SIGN_IN_MESSAGES.googleUnverified);
  });

  it('refuses an address no user has', async () => {
    google.user = { ...google.user, email: `nobody-${randomUUID()}@test.example` };
    expect(refusal(await signInWithGoogle('/clients', staff.email))).toEqual({ error: SIGN_IN_MESSAGES.googleNoUser, returnUrl: '/clients' });
  });

  it('signs each practice’s staff in through that practice’s own client', async () => {
    expect(await signedInAs(await signInWithGoogle())).toBe(staff.email);
    expect(clientAsked()).toBe(CLIENT_ID);
    google.user = { ...google.user, email: staffB.email, sub: 'google-sub-b' };
    expect(await signedInAs(await signInWithGoogle())).toBe(staffB.email);
    expect(clientAsked()).toBe(B_CLIENT_ID);
  });

  it('uses a practice’s earliest client when several of its locations have one', async () => {
    const second = await practice.admin.call(api.createLocation, { body: { data: { name: `Branch ${randomUUID()}`, timezone: 'UTC' } } });
    expect(second.statusCode, second.body).toBe(201);
    await addGoogle(practice, B_CLIENT_ID, B_CLIENT_SECRET, (second.json() as api.Location).id);
    expect(await signedInAs(await signInWithGoogle())).toBe(staff.email);
    expect(clientAsked()).toBe(CLIENT_ID);
  });

  it('refuses another practice’s staff through a practice’s client, as an address without a user', async () => {
    // A's staff address typed, B's staff chosen at Google: A's client must not sign B's staff in.
    google.user = { ...google.user, email: staffB.email, sub: 'google-sub-b' };
    expect(refusal(await signInWithGoogle('/clients', staff.email))).toEqual({ error: SIGN_IN_MESSAGES.googleNoUser, returnUrl: '/clients' });
    expect(clientAsked()).toBe(CLIENT_ID);
  });

  it('sends an unknown address to no practice’s client: without a product client it is not set up', async () => {
    const res = await start(undefined, nextIp(), `nobody-${randomUUID()}@test.example`);
    expect(refusal(res).error).toBe(SIGN_IN_MESSAGES.googleNotSetUp);
    expect(refusal(await start(undefined, nextIp(), '')).error).toBe(SIGN_IN_MESSAGES.googleNotSetUp);
  });

  it('refuses a deactivated user', async () => {
    const leaver = await createUser(ctx, practice, []);
    const res = await practice.admin.call(api.toggleUserActivation, { params: { id: leaver.userId }, body: { data: { isActive: false } } });
    expect(res.statusCode, res.body).toBe(200);
    google.user = { ...google.user, email: leaver.email };
    expect(refusal(await signInWithGoogle(undefined, staff.email)).error).toBe(SIGN_IN_MESSAGES.deactivated);
  });

  it('limits the callbacks from one address', async () => {
    const ip = '203.0.113.77';
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 61; i++) last = await callback({ state: 'y'.repeat(43), code: 'c' }, ip);
    expect(refusal(last!).error).toBe(SIGN_IN_MESSAGES.tooManyCodes);
  });

  it('limits the sign-ins started from one address, before storing anything', async () => {
    const ip = '203.0.113.78';
    for (let i = 0; i < 60; i++) expect((await start(undefined, ip)).statusCode).toBe(302);
    const states = await ctx.database.db.$count(googleSignInStates);
    expect(refusal(await start('/clients', ip)).error).toBe(SIGN_IN_MESSAGES.tooManyStarts);
    expect(await ctx.database.db.$count(googleSignInStates)).toBe(states);
    expect((await start()).statusCode).toBe(302);
  });

  it('shows the issuer’s own page, from which the person continues', async () => {
    google.mode = 'page';
    const res = await start();
    const page = await fetch(String(res.headers.location));
    const html = await page.text();
    expect(html).toContain(`Continue as ${staff.email}`);
    const href = /href="([^"]+)" role="button">Continue as/.exec(html)![1]!.replaceAll('&#38;', '&');
    const back = new URL(href);
    signedInCookie(await callback(Object.fromEntries(back.searchParams)));
  });

  // Last: it deactivates both practices.
  it('offers Google while some active practice has a complete client of its own', async () => {
    await accountsRepository.update(ctx.database.db, practiceB.accountId, { isActive: false });
    expect((await call(ctx, api.getSignInOptions)).json()).toEqual({ email: false, google: true });
    await accountsRepository.update(ctx.database.db, practice.accountId, { isActive: false });
    expect((await call(ctx, api.getSignInOptions)).json()).toEqual({ email: false, google: false });
    await accountsRepository.update(ctx.database.db, practiceB.accountId, { isActive: true });
    expect((await call(ctx, api.getSignInOptions)).json()).toEqual({ email: false, google: true });
  });
});

describe('with the product’s Google client (GOOGLE_CLIENT_ID)', () => {
  let productCtx: TestContext;
  let plain: TestAccount;
  let member: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    productCtx = on = await createTestApp({
      providers: { googleIssuer: google.url, appUrl: APP_URL },
      googleClient: { clientId: PRODUCT_CLIENT_ID, clientSecret: PRODUCT_CLIENT_SECRET },
    });
    plain = await createAccount(productCtx);
    member = await createUser(productCtx, plain, []);
  });
  afterAll(async () => {
    on = ctx;
    await productCtx?.close();
  });
  beforeEach(() => {
    google.mode = 'redirect';
    google.tamper = null;
    google.user = { email: member.email, emailVerified: true, sub: 'google-sub-member' };
  });

  it('is offered though no practice has a client of its own', async () => {
    expect((await call(productCtx, api.getSignInOptions)).json()).toEqual({ email: false, google: true });
  });

  it('signs in the staff of a practice without its own client', async () => {
    expect(await signedInAs(await signInWithGoogle('/clients'))).toBe(member.email);
    expect(clientAsked()).toBe(PRODUCT_CLIENT_ID);
  });

  it('is used for an unknown address, and for none', async () => {
    expect((await start(undefined, nextIp(), `nobody-${randomUUID()}@test.example`)).statusCode).toBe(302);
    expect(clientAsked()).toBe(PRODUCT_CLIENT_ID);
    // The person typed nothing and picked their own account at Google: signed in all the same.
    expect(await signedInAs(await signInWithGoogle(undefined, ''))).toBe(member.email);
    expect(clientAsked()).toBe(PRODUCT_CLIENT_ID);
  });

  it('refuses a user whose practice is deactivated, as the password sign-in does', async () => {
    const closed = await createAccount(productCtx);
    const gone = await createUser(productCtx, closed, []);
    await accountsRepository.update(productCtx.database.db, closed.accountId, { isActive: false });
    google.user = { ...google.user, email: gone.email };
    expect(refusal(await signInWithGoogle('/clients'))).toEqual({ error: ACCOUNT_DEACTIVATED, returnUrl: '/clients' });
  });

  describe('and a practice with its own', () => {
    let own: TestAccount;
    let ownStaff: Awaited<ReturnType<typeof createUser>>;

    beforeAll(async () => {
      own = await createAccount(productCtx);
      await addGoogle(own, CLIENT_ID, CLIENT_SECRET);
      ownStaff = await createUser(productCtx, own, []);
    });

    it('signs that practice’s staff in through its own client, the others through the product’s', async () => {
      google.user = { ...google.user, email: ownStaff.email, sub: 'google-sub-own' };
      expect(await signedInAs(await signInWithGoogle())).toBe(ownStaff.email);
      expect(clientAsked()).toBe(CLIENT_ID);
      google.user = { ...google.user, email: member.email, sub: 'google-sub-member' };
      expect(await signedInAs(await signInWithGoogle())).toBe(member.email);
      expect(clientAsked()).toBe(PRODUCT_CLIENT_ID);
    });

    it('refuses that practice’s staff through the product’s client, as an address without a user', async () => {
      google.user = { ...google.user, email: ownStaff.email, sub: 'google-sub-own' };
      expect(refusal(await signInWithGoogle('/clients', `nobody-${randomUUID()}@test.example`))).toEqual({ error: SIGN_IN_MESSAGES.googleNoUser, returnUrl: '/clients' });
      expect(clientAsked()).toBe(PRODUCT_CLIENT_ID);
    });

    it('refuses a practice’s client naming the staff of a practice without one', async () => {
      google.user = { ...google.user, email: member.email, sub: 'google-sub-member' };
      expect(refusal(await signInWithGoogle(undefined, ownStaff.email)).error).toBe(SIGN_IN_MESSAGES.googleNoUser);
      expect(clientAsked()).toBe(CLIENT_ID);
    });
  });
});

describe('the return address', () => {
  it('is a path of this site only', () => {
    expect(safeReturnUrl('/appointments/1?x=1#y')).toBe('/appointments/1?x=1#y');
    for (const bad of [undefined, '', 'clients', 'https://a.example', '//a.example', '/\\a.example', '/\n/a.example', '/ /a', '/logout', '/login?x']) {
      expect(safeReturnUrl(bad), String(bad)).toBeNull();
    }
  });
});
