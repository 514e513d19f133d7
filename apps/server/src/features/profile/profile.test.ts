import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as api from '@willow/contracts';
import { MESSAGES, SIGN_IN_MESSAGES } from '@willow/contracts';
import {
  anonymous,
  clientWithCookie,
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  loginRequest,
  signIn,
  TEST_PASSWORD,
  type Client,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { ATTEMPT_LIMITS } from '../auth/attempt-limits.js';
import { attemptLog } from '../auth/auth.table.js';
import { APP_URL, lastMailTo, TEST_MAIL, tokenIn } from '../auth/sign-in.fixtures.js';

let ctx: TestContext;
let practice: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp({ mail: TEST_MAIL });
  practice = await createAccount(ctx, 'premium', 'Profile Practice');
});
afterAll(() => ctx?.close());

const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';
const NEW_PASSWORD = 'a-brand-new-password-1';
const EMAIL_UNAVAILABLE = MESSAGES.emailUnavailable;

/** Moves a user's counted attempts `ms` into the past, as if that long had gone by. */
const ageAttempts = (userId: string, ms: number) =>
  ctx.database.db
    .update(attemptLog)
    .set({ createdAt: sql`${attemptLog.createdAt} - ${ms}::int * interval '1 millisecond'` })
    .where(eq(attemptLog.subjectId, userId));

describe('GET /api/profile', () => {
  it('answers the profile fields: id, names, email, account and first location', async () => {
    const res = await practice.admin.call(api.getProfile);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['account', 'email', 'firstName', 'id', 'lastName', 'location']);
    expect(body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Admin',
      account: { id: practice.accountId, name: 'Profile Practice' },
      location: { id: practice.locationId, name: 'Main Clinic' },
    });
    expect(body.email).toMatch(/^admin-.*@test\.example$/);
  });

  it("shows the user's first location by name", async () => {
    const other = await createAccount(ctx);
    const me = (await other.admin.call(api.getProfile)).json() as api.Profile;
    const annex = await other.admin.call(api.createLocation, { body: { data: { name: 'Aardvark Annex', timezone: 'UTC' } } });
    expect(annex.statusCode).toBe(201);
    const linked = await other.admin.call(api.updateUser, {
      params: { id: me.id },
      body: { data: { locationIds: [other.locationId, annex.json().id] } },
    });
    expect(linked.statusCode).toBe(200);
    expect((await other.admin.call(api.getProfile)).json().location).toEqual({ id: annex.json().id, name: 'Aardvark Annex' });
  });

  it('has no location for a user without one', async () => {
    const user = await createUser(ctx, practice);
    expect((await user.call(api.getProfile)).json().location).toBeNull();
  });
});

describe('POST /api/profile', () => {
  it('changes own names at once, and a new email only once it is confirmed from the new address', async () => {
    const user = await createUser(ctx, practice);
    const email = `renamed-${randomUUID()}@test.example`;
    const res = await user.call(api.updateProfile, {
      body: { data: { firstName: ' Rita ', lastName: 'Renamed', email: email.toUpperCase(), currentPassword: TEST_PASSWORD } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.userId, firstName: 'Rita', lastName: 'Renamed', email: user.email, emailConfirmationSentTo: email });
    // Until the link is opened the old address is the sign-in.
    expect((await user.call(api.getProfile)).json()).toMatchObject({ firstName: 'Rita', lastName: 'Renamed', email: user.email });
    expect((await loginRequest(ctx, email, TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(401);

    const mail = await lastMailTo(ctx, email);
    const token = tokenIn(mail, 'emailChange')!;
    expect(mail.body).toContain(`${APP_URL}/profile?token=${token}`);
    const confirmed = await user.call(api.confirmEmailChange, { body: { data: { token } } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: user.userId, email });
    expect((await loginRequest(ctx, email, TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(200);
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(401);
    // The old address is told; the link works once.
    expect((await lastMailTo(ctx, user.email)).body).toContain(`now signs in with ${email}`);
    const again = await user.call(api.confirmEmailChange, { body: { data: { token } } });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });

  it('refuses & in either name with the product text', async () => {
    const user = await createUser(ctx, practice);
    for (const data of [
      { firstName: 'Tom & Jerry', lastName: 'User', email: user.email },
      { firstName: 'Tom', lastName: 'Smith & Sons', email: user.email },
    ]) {
      const res = await user.call(api.updateProfile, { body: { data } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(AMPERSAND);
    }
    expect((await user.call(api.getProfile)).json()).toMatchObject({ firstName: 'Uma', lastName: 'User' });
  });

  it('answers 400 naming a missing or malformed field', async () => {
    const user = await createUser(ctx, practice);
    const missing = await user.call(api.updateProfile, { body: { data: { firstName: 'A', lastName: 'B' } } });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('email: is required');
    const blank = await user.call(api.updateProfile, { body: { data: { firstName: '  ', lastName: 'B', email: user.email } } });
    expect(errorOf(blank)).toBe('firstName: is required');
  });

  it('changes names without the current password, but the email only with it', async () => {
    const user = await createUser(ctx, practice);
    const named = await user.call(api.updateProfile, { body: { data: { firstName: 'Nora', lastName: 'Named', email: user.email.toUpperCase() } } });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ firstName: 'Nora', email: user.email });

    const email = `moved-${randomUUID()}@test.example`;
    const without = await user.call(api.updateProfile, { body: { data: { firstName: 'Nora', lastName: 'Named', email } } });
    expect(without.statusCode).toBe(400);
    expect(errorOf(without)).toBe('currentPassword: is required to change the email address');
    const wrong = await user.call(api.updateProfile, { body: { data: { firstName: 'Nora', lastName: 'Named', email, currentPassword: 'not-the-password' } } });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe('currentPassword: is incorrect');
    expect((await user.call(api.getProfile)).json().email).toBe(user.email);
  });

  it('answers the same, and runs the same statements, whether or not another user has the new address', async () => {
    const user = await createUser(ctx, practice);
    const taken = (await createUser(ctx, await createAccount(ctx))).email;
    const free = `free-${randomUUID()}@test.example`;
    const answers = [];
    for (const email of [taken, free]) {
      // The session is read again after a change to the user row: both requests start from a checked one.
      await user.call(api.getProfile);
      const res = await user.call(api.updateProfile, { body: { data: { firstName: 'A', lastName: 'B', email, currentPassword: TEST_PASSWORD } } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().emailConfirmationSentTo).toBe(email);
      answers.push({ body: res.body.replace(email, '<new address>'), queries: Number(res.headers['x-query-count']) });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.queries).toBeGreaterThan(0);
    // The taken address's owner learns that nothing changed, and gets no link to confirm.
    const told = await lastMailTo(ctx, taken);
    expect(told.body).toContain('a Willow user already signs in with it');
    expect(tokenIn(told, 'emailChange')).toBeUndefined();
    expect(tokenIn(await lastMailTo(ctx, free), 'emailChange')).toBeDefined();
    expect((await user.call(api.getProfile)).json().email).toBe(user.email);
  });

  it('is confirmed only by the user it was sent for, and a later request replaces the link', async () => {
    const user = await createUser(ctx, practice);
    const email = `confirm-${randomUUID()}@test.example`;
    const ask = async (to: string) => {
      const res = await user.call(api.updateProfile, { body: { data: { firstName: 'A', lastName: 'B', email: to, currentPassword: TEST_PASSWORD } } });
      expect(res.statusCode, res.body).toBe(200);
      return tokenIn(await lastMailTo(ctx, to), 'emailChange')!;
    };
    const first = await ask(email);
    // Another practice's user, and a colleague, cannot use it; the link stays as it was.
    for (const stranger of [await createUser(ctx, await createAccount(ctx)), await createUser(ctx, practice)]) {
      const res = await stranger.call(api.confirmEmailChange, { body: { data: { token: first } } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    }
    const second = await ask(`other-${randomUUID()}@test.example`);
    expect(errorOf(await user.call(api.confirmEmailChange, { body: { data: { token: first } } }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await user.call(api.confirmEmailChange, { body: { data: { token: second } } })).statusCode).toBe(200);
  });

  it('refuses an address another user took before the link was opened, and keeps the link', async () => {
    const user = await createUser(ctx, practice);
    const email = `raced-${randomUUID()}@test.example`;
    expect((await user.call(api.updateProfile, { body: { data: { firstName: 'A', lastName: 'B', email, currentPassword: TEST_PASSWORD } } })).statusCode).toBe(200);
    const token = tokenIn(await lastMailTo(ctx, email), 'emailChange')!;
    const created = await practice.admin.call(api.createUser, { body: { data: { firstName: 'Quick', lastName: 'Taker', email, password: NEW_PASSWORD } } });
    expect(created.statusCode, created.body).toBe(201);
    const res = await user.call(api.confirmEmailChange, { body: { data: { token } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(EMAIL_UNAVAILABLE);
    expect((await user.call(api.getProfile)).json().email).toBe(user.email);
    expect(await ctx.database.query(`select 1 from sign_in_tokens where kind = 'emailChange' and email = '${email}' and used_at is null`)).toHaveLength(1);
  });

  it('answers 400 naming a malformed link, and 401 without a session', async () => {
    const user = await createUser(ctx, practice);
    const bad = await user.call(api.confirmEmailChange, { body: { data: { token: 'short' } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('token: is not a valid link');
    const anonymous = await ctx.app.inject({ method: 'POST', url: api.confirmEmailChange.path, payload: { data: { token: 'A'.repeat(43) } } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/profile/password', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const user = await createUser(ctx, practice);
    const otherDevice = await signIn(ctx, user.email);
    const res = await user.call(api.changePassword, { body: { data: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await user.call(api.getProfile)).statusCode).toBe(200);
    const revoked = await otherDevice.call(api.getProfile);
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked)).toBe('Invalid Token');
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, '203.0.113.11')).statusCode).toBe(401);
    expect((await loginRequest(ctx, user.email, NEW_PASSWORD, '203.0.113.11')).statusCode).toBe(200);
  });

  it('answers 400 to a wrong current password and changes nothing', async () => {
    const user = await createUser(ctx, practice);
    const otherDevice = await signIn(ctx, user.email);
    const res = await user.call(api.changePassword, { body: { data: { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('currentPassword: is incorrect');
    expect((await otherDevice.call(api.getProfile)).statusCode).toBe(200);
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, '203.0.113.12')).statusCode).toBe(200);
  });

  it('answers 400 to a short new password', async () => {
    const user = await createUser(ctx, practice);
    const res = await user.call(api.changePassword, { body: { data: { currentPassword: TEST_PASSWORD, newPassword: 'short' } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('newPassword: must be at least 12 characters');
  });

  it('refuses a new password that is common, a pattern, or the user’s own email or name, naming the field', async () => {
    const user = await createUser(ctx, practice, [], { firstName: 'Philippa' });
    const local = user.email.split('@')[0]!;
    const cases: [string, string][] = [
      ['aaaaaaaaaaaa', 'newPassword: must not be a repeated character, a repeated pattern or a simple sequence such as abcd or 1234'],
      ['abcdefghijkl', 'newPassword: must not be a repeated character, a repeated pattern or a simple sequence such as abcd or 1234'],
      ['password1234', 'newPassword: must not be a commonly used password'],
      ['P@ssw0rd2024!', 'newPassword: must not be a commonly used password'],
      [user.email, 'newPassword: must not contain the email address or name'],
      [`${local}-2024`.toUpperCase(), 'newPassword: must not contain the email address or name'],
      ['philippa-1984!', 'newPassword: must not contain the email address or name'],
    ];
    for (const [newPassword, message] of cases) {
      const res = await user.call(api.changePassword, { body: { data: { currentPassword: TEST_PASSWORD, newPassword } } });
      expect(res.statusCode, newPassword).toBe(400);
      expect(errorOf(res), newPassword).toBe(message);
    }
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, '203.0.113.13')).statusCode).toBe(200);
  });

  it(`answers 429 after ${ATTEMPT_LIMITS.currentPassword.max} wrong current passwords of a user, even when they come at once, and then to the right one too`, async () => {
    const user = await createUser(ctx, practice);
    const attempt = (currentPassword: string) => user.call(api.changePassword, { body: { data: { currentPassword, newPassword: NEW_PASSWORD } } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(`guess-number-${i}`)));
    const max = ATTEMPT_LIMITS.currentPassword.max;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(max).fill(400), ...Array(12 - max).fill(429)]);
    const right = await attempt(TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(errorOf(right)).toBe('Too many wrong passwords. Please wait 15 minutes and try again.');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(ATTEMPT_LIMITS.currentPassword.windowMs / 1000 - 60);
    // The email change asks for the same password and is held back with it.
    const email = await user.call(api.updateProfile, {
      body: { data: { firstName: 'A', lastName: 'B', email: `moved-${randomUUID()}@test.example`, currentPassword: TEST_PASSWORD } },
    });
    expect(email.statusCode).toBe(429);
    // Another user is not; after the window the user is not either.
    const other = await createUser(ctx, practice);
    expect((await other.call(api.changePassword, { body: { data: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } } })).statusCode).toBe(200);
    await ageAttempts(user.userId, ATTEMPT_LIMITS.currentPassword.windowMs + 1000);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets wrong current passwords once the right one is given', async () => {
    const user = await createUser(ctx, practice);
    const max = ATTEMPT_LIMITS.currentPassword.max;
    let password = TEST_PASSWORD;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < max - 1; i++) {
        expect((await user.call(api.changePassword, { body: { data: { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD } } })).statusCode).toBe(400);
      }
      const next = `${NEW_PASSWORD}-${round}`;
      expect((await user.call(api.changePassword, { body: { data: { currentPassword: password, newPassword: next } } })).statusCode).toBe(200);
      password = next;
    }
  });
});

describe('the Get started list, put away per person (/api/profile/gettingStarted)', () => {
  it('is not put away at first; put away, it stays so for that person on every sign-in, and comes back when asked', async () => {
    const founder = await createUser(ctx, practice, ['account.manage']);
    const colleague = await createUser(ctx, practice, ['account.manage']);
    expect((await founder.call(api.getGettingStarted)).json()).toEqual({ dismissed: false });

    const put = await founder.call(api.updateGettingStarted, { body: { data: { dismissed: true } } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ dismissed: true });
    // Another computer is another sign-in: the choice is the person's, kept on the server.
    const elsewhere = await signIn(ctx, founder.email);
    expect((await elsewhere.call(api.getGettingStarted)).json()).toEqual({ dismissed: true });
    // Someone else of the practice still sees it.
    expect((await colleague.call(api.getGettingStarted)).json()).toEqual({ dismissed: false });

    expect((await founder.call(api.updateGettingStarted, { body: { data: { dismissed: false } } })).json()).toEqual({ dismissed: false });
    expect((await elsewhere.call(api.getGettingStarted)).json()).toEqual({ dismissed: false });
  });

  it('answers 400 naming dismissed, and 401 without a session', async () => {
    const user = await createUser(ctx, practice);
    const res = await user.call(api.updateGettingStarted, { body: { data: { dismissed: 'yes' } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^dismissed: /);
    expect((await user.call(api.getGettingStarted)).json()).toEqual({ dismissed: false });
    expect((await anonymous(ctx).call(api.getGettingStarted)).statusCode).toBe(401);
    expect((await anonymous(ctx).call(api.updateGettingStarted, { body: { data: { dismissed: true } } })).statusCode).toBe(401);
  });
});

describe('GET /api/user/permissions', () => {
  it('answers the permissions and roles the user holds', async () => {
    const user = await createUser(ctx, practice, ['users.manage', 'analytics.view']);
    const res = await user.call(api.getUserPermissions);
    expect(res.statusCode).toBe(200);
    const body = res.json() as api.UserPermissionsResponse;
    expect(body.permissions).toEqual(['analytics.view', 'users.manage']);
    expect(body.roles).toEqual([{ id: expect.any(String), name: expect.stringMatching(/^Role /), kind: 'account' }]);
  });

  it('answers empty lists for a user without roles', async () => {
    const user = await createUser(ctx, practice);
    expect((await user.call(api.getUserPermissions)).json()).toEqual({ permissions: [], roles: [] });
  });

  it('shows a super administrator their system role, which grants every permission check', async () => {
    const superAdmin = await createUser(ctx, practice, [], { system: ['system.admin'] });
    const body = (await superAdmin.call(api.getUserPermissions)).json() as api.UserPermissionsResponse;
    expect(body.permissions).toEqual(['system.admin']);
    expect(body.roles).toEqual([{ id: expect.any(String), name: 'Super Administrator', kind: 'system' }]);

    const created = await superAdmin.call(api.createLocation, { body: { data: { name: `Granted ${randomUUID()}`, timezone: 'UTC' } } });
    expect(created.statusCode).toBe(201);
    expect((await superAdmin.call(api.createRole, { body: { data: { name: `Granted ${randomUUID()}`, permissions: [] } } })).statusCode).toBe(201);
  });
});

describe('POST /api/profile/updateAccountId', () => {
  const switchTo = (client: Client, newAccountId: string) => client.call(api.updateAccountId, { body: { data: { newAccountId } } });

  it('with switch_account:all, moves the session to any active account: profile, tenancy and a new cookie follow', async () => {
    const target = await createAccount(ctx, 'basic', 'Basic Target');
    const branch = await target.admin.call(api.createLocation, { body: { data: { name: 'Bravo Branch', timezone: 'UTC' } } });
    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:all'] });

    const res = await switchTo(switcher, target.accountId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: switcher.userId, account: { id: target.accountId, name: 'Basic Target' }, location: null });
    // The user's own account comes along while they work elsewhere, so the screens can say where they are.
    expect(res.json()).toMatchObject({ homeAccount: { id: practice.accountId } });
    const cookie = res.cookies.find((c) => c.name === 'x-access-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(`x-access-token=${cookie!.value}`).not.toBe(switcher.cookie);

    const switched = clientWithCookie(ctx, `x-access-token=${cookie!.value}`);
    expect((await switched.call(api.getProfile)).json().account).toEqual({ id: target.accountId, name: 'Basic Target' });
    expect((await switched.call(api.getProfile)).json().homeAccount).toEqual({ id: practice.accountId, name: 'Profile Practice' });
    const locations = (await switched.call(api.listLocations)).json() as api.Location[];
    expect(locations.map((l) => l.id).sort()).toEqual([target.locationId, branch.json().id].sort());
    // Account roles stay at home; the system role travels.
    const permissions = (await switched.call(api.getUserPermissions)).json() as api.UserPermissionsResponse;
    expect(permissions.permissions).toEqual(['system.switch_account:all']);

    // The session moved with the new token; the token naming the old account no longer matches it.
    expect((await switcher.call(api.getProfile)).statusCode).toBe(401);
  });

  it('with switch_account:premium, reaches premium accounts only', async () => {
    const premium = await createAccount(ctx, 'premium');
    const basic = await createAccount(ctx, 'basic');
    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:premium'] });
    const refused = await switchTo(switcher, basic.accountId);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe('You do not have permission to do this');
    expect((await switcher.call(api.getProfile)).json().account.id).toBe(practice.accountId);

    const res = await switchTo(switcher, premium.accountId);
    expect(res.statusCode).toBe(200);
    expect(res.json().account.id).toBe(premium.accountId);
  });

  it('with switch_account:premium, can always go back to its own account', async () => {
    const home = await createAccount(ctx, 'basic');
    const premium = await createAccount(ctx, 'premium');
    const switcher = await createUser(ctx, home, [], { system: ['system.switch_account:premium'] });
    const away = await switchTo(switcher, premium.accountId);
    expect(away.statusCode).toBe(200);
    const cookie = away.cookies.find((c) => c.name === 'x-access-token')!.value;
    const back = await switchTo(clientWithCookie(ctx, `x-access-token=${cookie}`), home.accountId);
    expect(back.statusCode).toBe(200);
    expect(back.json().account.id).toBe(home.accountId);
  });

  it('answers 403 without a switching permission', async () => {
    const other = await createAccount(ctx, 'premium');
    const res = await switchTo(practice.admin, other.accountId);
    expect(res.statusCode).toBe(403);
    expect((await practice.admin.call(api.getProfile)).json().account.id).toBe(practice.accountId);
  });

  it('answers 404 for an unknown or deactivated account', async () => {
    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:all'] });
    expect((await switchTo(switcher, randomUUID())).statusCode).toBe(404);
    const closed = await createAccount(ctx, 'premium');
    const superAdmin = await createUser(ctx, practice, [], { system: ['system.admin'] });
    await superAdmin.call(api.updateAccount, { params: { id: closed.accountId }, body: { data: { isActive: false } } });
    expect((await switchTo(switcher, closed.accountId)).statusCode).toBe(404);
  });

  it('answers 400 naming newAccountId when it is not an id', async () => {
    const switcher = await createUser(ctx, practice, [], { system: ['system.switch_account:all'] });
    const res = await switchTo(switcher, 'nope');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('newAccountId: must be a valid id');
  });
});
