import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import * as api from '@willow/contracts';
import {
  anonymous,
  clientWithCookie,
  createAccount,
  createTestApp,
  createUser,
  decodeJwt,
  errorOf,
  JWT_SECRET,
  loginRequest,
  signIn,
  TEST_PASSWORD,
  tokenOf,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { LOGIN_LIMITS } from './auth.service.js';
import { authFailures } from './auth.table.js';

let ctx: TestContext;
let practice: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  practice = await createAccount(ctx, 'premium', 'Auth Practice');
});
afterAll(() => ctx?.close());

// Each test signs in from its own addresses, so the per-IP limit of one never touches another.
let ipCounter = 0;
const freshIp = () => `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const login = (email: string, password: string, ip = freshIp()) => loginRequest(ctx, email, password, ip);
const profileWith = (token: string) => clientWithCookie(ctx, `x-access-token=${token}`).call(api.getProfile);
/**
 * A failure's time `ms` earlier, reckoned in UTC: timestamptz minus an interval is not immutable,
 * and Citus refuses such a function on a column in an UPDATE (the suite also runs there).
 */
const earlier = (ms: number) => sql`(${authFailures.createdAt} at time zone 'UTC' - ${ms}::int * interval '1 millisecond') at time zone 'UTC'`;
/** Moves an email's failures `ms` into the past, as if that long had gone by. */
const ageFailures = (email: string, ms: number) =>
  ctx.database.db
    .update(authFailures)
    .set({ createdAt: earlier(ms) })
    .where(eq(authFailures.email, email));

describe('POST /api/auth/login', () => {
  it('answers the profile and sets an HttpOnly, SameSite=Lax cookie holding an HS256 JWT', async () => {
    const user = await createUser(ctx, practice);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.userId,
      firstName: 'Uma',
      lastName: 'User',
      email: user.email,
      account: { id: practice.accountId, name: 'Auth Practice' },
      location: null,
    });

    const cookie = res.cookies.find((c) => c.name === 'x-access-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);

    const { header: jwtHeader, payload } = decodeJwt(cookie!.value);
    expect(jwtHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ authenticatedUserId: user.userId, accountId: practice.accountId });
    expect(payload.exp).toEqual(expect.any(Number));
    expect(payload.exp as number).toBeGreaterThan(Date.now() / 1000);

    const profile = await profileWith(cookie!.value);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(user.userId);
  });

  it('matches the email whatever its case', async () => {
    const user = await createUser(ctx, practice);
    expect((await login(user.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password with the same 401 and no cookie', async () => {
    const user = await createUser(ctx, practice);
    const unknown = await login(`nobody-${randomUUID()}@test.example`, TEST_PASSWORD);
    const wrong = await login(user.email, 'wrong-password-entirely');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(unknown)).toBe('Incorrect email or password');
    expect(errorOf(wrong)).toBe(errorOf(unknown));
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 naming the missing or malformed field', async () => {
    const noPassword = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { data: { email: 'a@b.example' } } });
    expect(noPassword.statusCode).toBe(400);
    expect(errorOf(noPassword)).toBe('password: is required');
    const badEmail = await login('not-an-email', 'whatever');
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail)).toBe('email: must be a valid email address');
  });

  it('never lets failures from other addresses refuse the right password: nobody can lock a user out', async () => {
    const user = await createUser(ctx, practice);
    // More failures than the email's own limit, each from another address (a spread-out guess).
    for (let i = 0; i < LOGIN_LIMITS.perEmail + 2; i++) expect((await login(user.email, 'wrong-password-entirely')).statusCode).toBe(401);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'x-access-token')).toBeDefined();
    // And the neighbours are untouched.
    const neighbour = await createUser(ctx, practice);
    expect((await login(neighbour.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it(`makes an address wait after ${LOGIN_LIMITS.freePerPair} failures on an email, longer each time, with Retry-After; other addresses go on`, async () => {
    const user = await createUser(ctx, practice);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.freePerPair; i++) expect((await login(user.email, 'wrong-password-entirely', ip)).statusCode).toBe(401);
    // Even the right password waits there: nothing is checked while the address must wait.
    for (const password of ['wrong-password-entirely', TEST_PASSWORD]) {
      const waiting = await login(user.email, password, ip);
      expect(waiting.statusCode).toBe(429);
      expect(errorOf(waiting)).toMatch(/^Too many sign-in attempts\. Please wait [1-5] seconds? and try again\.$/);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.firstWaitMs / 1000);
      expect(waiting.headers['set-cookie']).toBeUndefined();
    }
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);

    // Once the wait is over the address may try again; the next wait is twice as long.
    await ageFailures(user.email, LOGIN_LIMITS.firstWaitMs + 1000);
    expect((await login(user.email, 'wrong-password-entirely', ip)).statusCode).toBe(401);
    const longer = await login(user.email, TEST_PASSWORD, ip);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(LOGIN_LIMITS.firstWaitMs / 1000);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual((2 * LOGIN_LIMITS.firstWaitMs) / 1000);
    await ageFailures(user.email, 2 * LOGIN_LIMITS.firstWaitMs + 1000);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('forgets an address’s failures on an email once the right password comes from it', async () => {
    const user = await createUser(ctx, practice);
    const ip = freshIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMITS.freePerPair - 1; i++) expect((await login(user.email, 'wrong-password-entirely', ip)).statusCode).toBe(401);
      expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('while an email is guessed from many addresses, an address that failed on it waits after one failure; one that has not never does', async () => {
    const user = await createUser(ctx, practice);
    const guessers = Array.from({ length: LOGIN_LIMITS.perEmail }, () => freshIp());
    for (const ip of guessers) expect((await login(user.email, 'wrong-password-entirely', ip)).statusCode).toBe(401);
    const again = await login(user.email, 'wrong-password-entirely', guessers[0]);
    expect(again.statusCode).toBe(429);
    expect(errorOf(again)).toMatch(/^Too many sign-in attempts\. Please wait/);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts parallel guesses from one address against each other', async () => {
    const user = await createUser(ctx, practice);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(user.email, 'wrong-password-entirely', ip)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(LOGIN_LIMITS.freePerPair).fill(401), ...Array(8 - LOGIN_LIMITS.freePerPair).fill(429)]);
  });

  it(`refuses an address after ${LOGIN_LIMITS.perIp} failures from it, whichever emails they tried, for the rest of the window`, async () => {
    const user = await createUser(ctx, practice);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect((await login(`guess-${i}-${randomUUID()}@test.example`, 'wrong-password-entirely', ip)).statusCode).toBe(401);
    }
    const blocked = await login(user.email, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    expect((await login(user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const user = await createUser(ctx, practice);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) await login(`guess-${i}-${randomUUID()}@test.example`, 'wrong-password-entirely', ip);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    await ctx.database.db
      .update(authFailures)
      .set({ createdAt: earlier(LOGIN_LIMITS.windowMs + 1000) })
      .where(eq(authFailures.ip, ip));
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('refuses a deactivated user with the same 401 as a wrong password', async () => {
    const user = await createUser(ctx, practice);
    await practice.admin.call(api.toggleUserActivation, { params: { id: user.userId }, body: { data: { isActive: false } } });
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Incorrect email or password');
  });
});

describe('the session guard', () => {
  it('answers 401 "You are not signed in" without a token', async () => {
    const res = await anonymous(ctx).call(api.getProfile);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('You are not signed in');
  });

  it('accepts the token as a Bearer header too', async () => {
    const user = await createUser(ctx, practice);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${tokenOf(user)}` } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 "Invalid Token" to a token with alg none', async () => {
    const user = await createUser(ctx, practice);
    const [, payload] = tokenOf(user).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const res = await profileWith(`${header}.${payload}.`);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid Token');
  });

  it('answers 401 "Invalid Token" to a token signed with another secret', async () => {
    const user = await createUser(ctx, practice);
    const { payload } = decodeJwt(tokenOf(user));
    const forged = await new SignJWT({ authenticatedUserId: payload.authenticatedUserId, accountId: payload.accountId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(String(payload.jti))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(`${JWT_SECRET}-but-not-quite`));
    const res = await profileWith(forged);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid Token');
  });

  it('answers 401 "Invalid Token" to a well-signed token for a session that does not exist', async () => {
    const user = await createUser(ctx, practice);
    const { payload } = decodeJwt(tokenOf(user));
    const made = await new SignJWT({ authenticatedUserId: payload.authenticatedUserId, accountId: payload.accountId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomUUID())
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await profileWith(made);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid Token');
  });

  it('answers 401 "Invalid Token" to garbage', async () => {
    const res = await profileWith('garbage');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid Token');
  });

  it("stops a deactivated user's token", async () => {
    const user = await createUser(ctx, practice);
    expect((await user.call(api.getProfile)).statusCode).toBe(200);
    const off = await practice.admin.call(api.toggleUserActivation, { params: { id: user.userId }, body: { data: { isActive: false } } });
    expect(off.statusCode).toBe(200);
    const res = await user.call(api.getProfile);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid Token');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token and clears the cookie; other sessions of the user go on', async () => {
    const user = await createUser(ctx, practice);
    const otherDevice = await signIn(ctx, user.email);
    const res = await user.call(api.logout);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'x-access-token');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    const after = await user.call(api.getProfile);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toBe('Invalid Token');
    expect((await otherDevice.call(api.getProfile)).statusCode).toBe(200);
  });

  it('answers ok without a session', async () => {
    const res = await anonymous(ctx).call(api.logout);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
