// A new practice signing itself up, and invited staff setting their own password
// (docs/decisions/0089). Links are read from the product's queued mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { COMMUNICATION_MESSAGES, MESSAGES, SIGN_IN_MESSAGES, TOKEN_LIFETIME_MINUTES } from '@willow/contracts';
import {
  clientWithCookie,
  createAccount,
  createTestApp,
  createUser,
  errorOf,
  loginRequest,
  TEST_PASSWORD,
  type TestAccount,
  type TestContext,
} from '../../../test/harness.js';
import { usersRepository } from '../users/users.repository.js';
import { ALREADY_SIGNED_UP } from './invitations.service.js';
import { ONBOARDING_EMAIL_TAKEN } from './onboarding.service.js';
import { APP_URL, cookieOf, expireTokens, freshIp, lastMailTo, mailTo, post, TEST_MAIL, tokenIn } from './sign-in.fixtures.js';

let ctx: TestContext;
let practice: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp({ mail: TEST_MAIL });
  practice = await createAccount(ctx, 'premium', 'Willow Creek Vets');
  other = await createAccount(ctx, 'premium', 'Other Practice');
});
afterAll(() => ctx?.close());

const newEmail = (who = 'new') => `${who}-${randomUUID()}@test.example`;
const PASSWORD = 'a fine and long pass phrase';

async function startOnboarding(email: string): Promise<string> {
  const res = await post(ctx, api.startOnboarding, { email });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.onboardingSent });
  return tokenIn(await lastMailTo(ctx, email), 'validate')!;
}
const onboardingData = (token: string, over: Record<string, unknown> = {}) => ({
  token,
  practiceName: 'Meadow Animal Clinic',
  location: { name: 'Meadow Main', timezone: 'Europe/London' },
  firstName: 'Olive',
  lastName: 'Owner',
  password: PASSWORD,
  ...over,
});

describe('onboarding a new practice', () => {
  it('emails a confirming link; the form creates a free practice with its first location, roles and owner, signed in', async () => {
    const email = newEmail('owner');
    const token = await startOnboarding(email);
    const mail = await lastMailTo(ctx, email);
    expect(mail.subject).toBe('Set up your practice on Willow');
    expect(mail.body).toContain(`${APP_URL}/onboarding?token=`);
    expect(mail.body).toContain(`${TOKEN_LIFETIME_MINUTES.validate / 60} hours`);

    const described = await post(ctx, api.describeToken, { token });
    expect(described.json()).toEqual({ kind: 'validate', email, firstName: null, lastName: null, accountName: null, expiresAt: expect.any(String) });

    const res = await post(ctx, api.completeOnboarding, onboardingData(token));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as api.SignedIn;
    expect(body.outcome).toBe('hasValidAccount');
    expect(body.profile).toMatchObject({ firstName: 'Olive', lastName: 'Owner', email, account: { name: 'Meadow Animal Clinic' }, location: { name: 'Meadow Main' } });

    const owner = clientWithCookie(ctx, cookieOf(res));
    const account = (await owner.call(api.getAccount)).json();
    expect(account).toMatchObject({ name: 'Meadow Animal Clinic', subscriptionTier: 'free', isActive: true });
    const roles = (await owner.call(api.listRoles)).json() as { id: string; name: string }[];
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['Administrator', 'Front Desk', 'Veterinarian']));
    const users = (await owner.call(api.listUsers)).json() as api.User[];
    expect(users).toHaveLength(1);
    expect(users[0]!.roleIds).toEqual([roles.find((r) => r.name === 'Administrator')!.id]);
    const locations = (await owner.call(api.listLocations)).json() as { name: string; timezone: string }[];
    expect(locations).toMatchObject([{ name: 'Meadow Main', timezone: 'Europe/London' }]);
    // the owner administers it
    expect((await owner.call(api.serviceOps.create, { body: { data: { locationId: users[0]!.locationIds[0], type: 'Consultation', name: 'Exam', duration: 30, price: 50 } } })).statusCode).toBe(201);
    // and signs in with the password later
    expect((await loginRequest(ctx, email, PASSWORD, freshIp())).statusCode).toBe(200);
    // the link is used up
    const again = await post(ctx, api.completeOnboarding, onboardingData(token, { practiceName: 'Second Try' }));
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });

  it('an address with a user gets an email to sign in instead, with the same answer and no link', async () => {
    const user = await createUser(ctx, practice);
    const res = await post(ctx, api.startOnboarding, { email: user.email });
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.onboardingSent });
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.subject).toBe('You already have a Willow user');
    expect(mail.body).toContain(`Sign in at ${APP_URL}/login with ${user.email}`);
    expect(tokenIn(mail, 'validate')).toBeUndefined();
  });

  it('checks the password before using up the link; a failure leaves it usable', async () => {
    const email = newEmail('owner');
    const token = await startOnboarding(email);
    const personal = await post(ctx, api.completeOnboarding, onboardingData(token, { password: `${email} forever` }));
    expect(personal.statusCode).toBe(400);
    expect(errorOf(personal)).toMatch(/^password: /);
    const common = await post(ctx, api.completeOnboarding, onboardingData(token, { password: 'iloveyou2024!' }));
    expect(common.statusCode).toBe(400);
    expect(errorOf(common)).toBe(`password: ${api.PASSWORD_MESSAGES.common}`);
    const badZone = await post(ctx, api.completeOnboarding, onboardingData(token, { location: { name: 'Main', timezone: 'Mars/Olympus' } }));
    expect(badZone.statusCode).toBe(400);
    expect((await post(ctx, api.completeOnboarding, onboardingData(token))).statusCode).toBe(201);
  });

  it('an address that got a user meanwhile is refused, nothing is created, and the link stays', async () => {
    const email = newEmail('owner');
    const token = await startOnboarding(email);
    const invite = await practice.admin.call(api.createUser, { body: { data: { firstName: 'Sam', lastName: 'Staff', email } } });
    expect(invite.statusCode).toBe(201);
    const before = await ctx.database.query<{ n: number }>(`select count(*)::int as n from accounts`);
    const res = await post(ctx, api.completeOnboarding, onboardingData(token));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(ONBOARDING_EMAIL_TAKEN);
    expect(await ctx.database.query(`select count(*)::int as n from accounts`)).toEqual(before);
    const [row] = await ctx.database.query<{ used: boolean }>(`select used_at is not null as used from sign_in_tokens where email = '${email}' and kind = 'validate'`);
    expect(row!.used).toBe(false);
  });

  it('refuses an expired link, a link of another flow, and a made-up one', async () => {
    const email = newEmail('owner');
    const token = await startOnboarding(email);
    const user = await createUser(ctx, practice);
    await post(ctx, api.requestSignInEmail, { email: user.email, method: 'magic-link' });
    const magic = tokenIn(await lastMailTo(ctx, user.email), 'magicLink')!;
    for (const t of [magic, 'C'.repeat(43)]) {
      const res = await post(ctx, api.completeOnboarding, onboardingData(t));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    }
    await expireTokens(ctx, email);
    const expired = await post(ctx, api.completeOnboarding, onboardingData(token));
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });
});

describe('inviting staff', () => {
  async function invite(data: Record<string, unknown> = {}) {
    const email = newEmail('staff');
    const res = await practice.admin.call(api.createUser, {
      body: { data: { firstName: 'Sam', lastName: 'Staff', email, roleIds: [practice.roles['Front Desk']], locationIds: [practice.locationId], ...data } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { user: res.json() as api.User, email };
  }
  const invitationToken = async (email: string) => tokenIn(await lastMailTo(ctx, email), 'emailLogin')!;

  it('creates a user without a password, pending, and emails them a link to set their own', async () => {
    const { user, email } = await invite();
    expect(user).toMatchObject({ email, invitationPending: true, isActive: true, roleIds: [practice.roles['Front Desk']] });
    const mail = await lastMailTo(ctx, email);
    expect(mail.subject).toBe('You are invited to Willow Creek Vets on Willow');
    expect(mail.body).toContain('Ada Admin has invited you to join Willow Creek Vets');
    expect(mail.body).toContain(`${APP_URL}/onboarding?token=`);
    expect(mail.body).toContain(`${TOKEN_LIFETIME_MINUTES.emailLogin / 1440} days`);
    // no password: password sign-in is refused like any wrong password
    expect((await loginRequest(ctx, email, TEST_PASSWORD, freshIp())).statusCode).toBe(401);
    expect(((await practice.admin.call(api.getUser, { params: { id: user.id } })).json() as api.User).invitationPending).toBe(true);
  });

  it('the invited user sets their names and password with the link and is signed in', async () => {
    const { user, email } = await invite();
    const token = await invitationToken(email);
    const described = await post(ctx, api.describeToken, { token });
    expect(described.json()).toEqual({
      kind: 'emailLogin',
      email,
      firstName: 'Sam',
      lastName: 'Staff',
      accountName: 'Willow Creek Vets',
      expiresAt: expect.any(String),
    });
    const res = await post(ctx, api.acceptInvitation, { token, firstName: 'Samantha', lastName: 'Staffer', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'hasValidAccount', profile: { id: user.id, firstName: 'Samantha', lastName: 'Staffer', account: { id: practice.accountId } } });
    expect((await clientWithCookie(ctx, cookieOf(res)).call(api.getProfile)).statusCode).toBe(200);
    expect((await loginRequest(ctx, email, PASSWORD, freshIp())).statusCode).toBe(200);
    expect(((await practice.admin.call(api.getUser, { params: { id: user.id } })).json() as api.User).invitationPending).toBe(false);
    // used up
    const again = await post(ctx, api.acceptInvitation, { token, firstName: 'Sam', lastName: 'Staff', password: 'yet another pass phrase' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });

  it('checks the password against the names given before using up the link', async () => {
    const { email } = await invite();
    const token = await invitationToken(email);
    const personal = await post(ctx, api.acceptInvitation, { token, firstName: 'Bartholomew', lastName: 'Staff', password: 'bartholomew the great' });
    expect(personal.statusCode).toBe(400);
    expect(errorOf(personal)).toBe(`password: ${api.PASSWORD_MESSAGES.personal}`);
    expect((await post(ctx, api.acceptInvitation, { token, firstName: 'Bartholomew', lastName: 'Staff', password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an expired invitation, a link of another flow, and a deactivated user', async () => {
    const { email } = await invite();
    const token = await invitationToken(email);
    await post(ctx, api.forgotPassword, { email });
    const reset = tokenIn(await lastMailTo(ctx, email), 'forgotPassword')!;
    const crossed = await post(ctx, api.acceptInvitation, { token: reset, firstName: 'Sam', lastName: 'Staff', password: PASSWORD });
    expect(crossed.statusCode).toBe(400);
    expect(errorOf(crossed)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    await expireTokens(ctx, email);
    expect(errorOf(await post(ctx, api.acceptInvitation, { token, firstName: 'Sam', lastName: 'Staff', password: PASSWORD }))).toBe(SIGN_IN_MESSAGES.linkInvalid);

    const second = await invite();
    const secondToken = await invitationToken(second.email);
    await ctx.database.query(`update users set is_active = false where id = '${second.user.id}'`);
    const refused = await post(ctx, api.acceptInvitation, { token: secondToken, firstName: 'Sam', lastName: 'Staff', password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(SIGN_IN_MESSAGES.deactivated);
  });

  it('resends the invitation: a new link, the earlier one ended', async () => {
    const { user, email } = await invite();
    const first = await invitationToken(email);
    const res = await practice.admin.call(api.resendInvitation, { params: { id: user.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await mailTo(ctx, email)).toHaveLength(2);
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    expect(errorOf(await post(ctx, api.acceptInvitation, { token: first, firstName: 'Sam', lastName: 'Staff', password: PASSWORD }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await post(ctx, api.acceptInvitation, { token: second, firstName: 'Sam', lastName: 'Staff', password: PASSWORD })).statusCode).toBe(200);
    // signed up: nothing more to resend
    const done = await practice.admin.call(api.resendInvitation, { params: { id: user.id } });
    expect(done.statusCode).toBe(400);
    expect(errorOf(done)).toBe(ALREADY_SIGNED_UP);
  });

  it("resending: 404 for another account's user, 401 without users.manage, 400 for a user with a password", async () => {
    const { user } = await invite();
    expect((await other.admin.call(api.resendInvitation, { params: { id: user.id } })).statusCode).toBe(404);
    const desk = await createUser(ctx, practice, []);
    const denied = await desk.call(api.resendInvitation, { params: { id: user.id } });
    expect(denied.statusCode).toBe(401);
    expect(errorOf(denied)).toBe(MESSAGES.notAuthorizedAction);
    const withPassword = await createUser(ctx, practice);
    const refused = await practice.admin.call(api.resendInvitation, { params: { id: withPassword.userId } });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(ALREADY_SIGNED_UP);
  });

  it('a user created with a password is not invited', async () => {
    const email = newEmail('staff');
    const res = await practice.admin.call(api.createUser, { body: { data: { firstName: 'Pat', lastName: 'Password', email, password: PASSWORD } } });
    expect(res.statusCode).toBe(201);
    expect(res.json().invitationPending).toBe(false);
    expect(await mailTo(ctx, email)).toEqual([]);
  });

  it('deactivating a user ends their invitation and sign-in links', async () => {
    const { user, email } = await invite();
    const token = await invitationToken(email);
    await post(ctx, api.requestSignInEmail, { email, method: 'magic-link' });
    const magic = tokenIn(await lastMailTo(ctx, email), 'magicLink')!;
    expect((await practice.admin.call(api.toggleUserActivation, { params: { id: user.id }, body: { data: { isActive: false } } })).statusCode).toBe(200);
    expect((await practice.admin.call(api.toggleUserActivation, { params: { id: user.id }, body: { data: { isActive: true } } })).statusCode).toBe(200);
    expect(errorOf(await post(ctx, api.acceptInvitation, { token, firstName: 'Sam', lastName: 'Staff', password: PASSWORD }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(errorOf(await post(ctx, api.signInWithMagicLink, { token: magic }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });

  it('a password set by an administrator ends the invitation and reset links; an email change ends links sent to the old address', async () => {
    const { user, email } = await invite();
    const token = await invitationToken(email);
    await post(ctx, api.forgotPassword, { email });
    const reset = tokenIn(await lastMailTo(ctx, email), 'forgotPassword')!;
    expect((await practice.admin.call(api.updateUser, { params: { id: user.id }, body: { data: { password: PASSWORD } } })).statusCode).toBe(200);
    expect(errorOf(await post(ctx, api.acceptInvitation, { token, firstName: 'Sam', lastName: 'Staff', password: 'yet another pass phrase' }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(errorOf(await post(ctx, api.resetPassword, { token: reset, password: 'yet another pass phrase' }))).toBe(SIGN_IN_MESSAGES.linkInvalid);

    const moving = await createUser(ctx, practice);
    await post(ctx, api.requestSignInEmail, { email: moving.email, method: 'magic-link' });
    const magic = tokenIn(await lastMailTo(ctx, moving.email), 'magicLink')!;
    expect((await practice.admin.call(api.updateUser, { params: { id: moving.userId }, body: { data: { email: newEmail('moved') } } })).statusCode).toBe(200);
    expect(errorOf(await post(ctx, api.signInWithMagicLink, { token: magic }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });

  it('an invitation to an address in use creates nothing and sends nothing', async () => {
    const taken = await createUser(ctx, other);
    const before = (await mailTo(ctx, taken.email)).length;
    const res = await practice.admin.call(api.createUser, { body: { data: { firstName: 'Sam', lastName: 'Staff', email: taken.email } } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`email: ${MESSAGES.emailUnavailable}`);
    expect(await mailTo(ctx, taken.email)).toHaveLength(before);
  });
});

describe('without the product mail set up', () => {
  let bare: TestContext;
  let account: TestAccount;
  beforeAll(async () => {
    bare = await createTestApp();
    account = await createAccount(bare, 'premium');
  });
  afterAll(() => bare?.close());

  it('an invitation answers 503 and creates no user; a user with a password is created as before', async () => {
    const email = newEmail('staff');
    const res = await account.admin.call(api.createUser, { body: { data: { firstName: 'Sam', lastName: 'Staff', email } } });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toBe(COMMUNICATION_MESSAGES.productEmailNotSetUp);
    expect(await bare.database.query(`select 1 from users where email = '${email}'`)).toEqual([]);
    // (by the address: on the Citus suite's one shared database other files' tokens are there too)
    expect(await bare.database.query(`select 1 from sign_in_tokens where email = lower('${email}')`)).toEqual([]);
    const withPassword = await account.admin.call(api.createUser, { body: { data: { firstName: 'Sam', lastName: 'Staff', email, password: PASSWORD } } });
    expect(withPassword.statusCode).toBe(201);
  });

  it('resending an invitation answers 503', async () => {
    // invited while the portal could still send email
    const { id } = await usersRepository.insert(bare.database.db, { accountId: account.accountId }, {
      email: newEmail('pending'),
      firstName: 'Pen',
      lastName: 'Ding',
      passwordHash: null,
    });
    const res = await account.admin.call(api.resendInvitation, { params: { id } });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toBe(COMMUNICATION_MESSAGES.productEmailNotSetUp);
  });
});
