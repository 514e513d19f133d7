// The emailed sign-in flows: codes, sign-in links, forgotten passwords and what a link describes
// (docs/decisions/0086–0088). Codes and links are read from the product's queued mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { COMMUNICATION_MESSAGES, OTP_MAX_ATTEMPTS, SIGN_IN_MESSAGES, TOKEN_LIFETIME_MINUTES } from '@willow/contracts';
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
import { RATE_LIMITS } from './rate-limits.js';
import { codeIn, cookieOf, expireTokens, freshIp, lastMailTo, mailTo, post, queryCount, TEST_MAIL, tokenIn, APP_URL } from './sign-in.fixtures.js';

let ctx: TestContext;
let practice: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp({ mail: TEST_MAIL });
  practice = await createAccount(ctx, 'premium', 'Willow Creek Vets');
});
afterAll(() => ctx?.close());

const unknownEmail = () => `nobody-${randomUUID()}@test.example`;
/** A user invited and not signed up yet: no password. */
async function userWithoutPassword(): Promise<{ userId: string; email: string }> {
  const email = `invited-${randomUUID()}@test.example`;
  const res = await practice.admin.call(api.createUser, { body: { data: { firstName: 'Ivy', lastName: 'Invited', email } } });
  expect(res.statusCode, res.body).toBe(201);
  return { userId: res.json().id, email };
}
async function deactivatedUser() {
  const user = await createUser(ctx, practice);
  const res = await practice.admin.call(api.toggleUserActivation, { params: { id: user.userId }, body: { data: { isActive: false } } });
  expect(res.statusCode).toBe(200);
  return user;
}
const profileWith = (cookie: string) => clientWithCookie(ctx, cookie).call(api.getProfile);

async function requestCode(email: string, ip?: string) {
  const res = await post(ctx, api.requestSignInEmail, { email, method: 'passwordless' }, { ...(ip && { ip }) });
  expect(res.statusCode, res.body).toBe(200);
  return codeIn(await lastMailTo(ctx, email));
}
async function requestLink(email: string) {
  const res = await post(ctx, api.requestSignInEmail, { email, method: 'magic-link' });
  expect(res.statusCode, res.body).toBe(200);
  return tokenIn(await lastMailTo(ctx, email), 'magicLink')!;
}
async function requestReset(email: string) {
  const res = await post(ctx, api.forgotPassword, { email });
  expect(res.statusCode, res.body).toBe(200);
  return tokenIn(await lastMailTo(ctx, email), 'forgotPassword')!;
}
/** A code other than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a sign-in code by email (passwordless)', () => {
  it('emails a 6-digit code that signs the user in once, with the cookie login sets and the outcome', async () => {
    const user = await createUser(ctx, practice);
    const res = await post(ctx, api.requestSignInEmail, { email: user.email, method: 'passwordless' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.codeSent });
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.body).toContain(`within ${TOKEN_LIFETIME_MINUTES.otp} minutes`);
    expect(mail.body).toContain('you can ignore this email');
    expect(mail.body).not.toContain(TEST_PASSWORD);
    const code = codeIn(mail);
    // The code is read from the notification or the inbox's list, without opening the email.
    expect(mail.subject).toBe(`${code} is your Willow sign-in code`);

    const signedIn = await post(ctx, api.verifySignInCode, { email: user.email.toUpperCase(), code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({
      outcome: 'hasValidAccount',
      profile: expect.objectContaining({ id: user.userId, email: user.email, account: { id: practice.accountId, name: 'Willow Creek Vets' } }),
    });
    const cookie = signedIn.cookies.find((c) => c.name === 'x-access-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await profileWith(cookieOf(signedIn))).statusCode).toBe(200);

    // used up
    const again = await post(ctx, api.verifySignInCode, { email: user.email, code });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(SIGN_IN_MESSAGES.codeWrong);
  });

  it('tells a user without a password, once the code proved the address, that they have none', async () => {
    const invited = await userWithoutPassword();
    const code = await requestCode(invited.email);
    const res = await post(ctx, api.verifySignInCode, { email: invited.email, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('hasValidAccountNoPassword');
  });

  it(`ends a code after ${OTP_MAX_ATTEMPTS} wrong tries: then even the right one fails`, async () => {
    const user = await createUser(ctx, practice);
    const code = await requestCode(user.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await post(ctx, api.verifySignInCode, { email: user.email, code: wrong(code) });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.codeWrong);
    }
    const right = await post(ctx, api.verifySignInCode, { email: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(errorOf(right)).toBe(SIGN_IN_MESSAGES.codeWrong);
  });

  it('one code tried at once from several places signs in once', async () => {
    const user = await createUser(ctx, practice);
    const code = await requestCode(user.email);
    const answers = await Promise.all([1, 2, 3].map(() => post(ctx, api.verifySignInCode, { email: user.email, code })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('a wrong try or two do not end the code', async () => {
    const user = await createUser(ctx, practice);
    const code = await requestCode(user.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i++) expect((await post(ctx, api.verifySignInCode, { email: user.email, code: wrong(code) })).statusCode).toBe(400);
    expect((await post(ctx, api.verifySignInCode, { email: user.email, code })).statusCode).toBe(200);
  });

  it('a new code ends the one sent before', async () => {
    const user = await createUser(ctx, practice);
    const first = await requestCode(user.email);
    let second = await requestCode(user.email);
    // six random digits may repeat; ask again until they differ
    while (second === first) second = await requestCode(user.email);
    const old = await post(ctx, api.verifySignInCode, { email: user.email, code: first });
    expect(old.statusCode).toBe(400);
    expect((await post(ctx, api.verifySignInCode, { email: user.email, code: second })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await createUser(ctx, practice);
    const code = await requestCode(user.email);
    await expireTokens(ctx, user.email);
    const res = await post(ctx, api.verifySignInCode, { email: user.email, code });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.codeWrong);
  });

  it('a code is good only for the address it was sent to', async () => {
    const [a, b] = [await createUser(ctx, practice), await createUser(ctx, practice)];
    const code = await requestCode(a.email);
    await requestCode(b.email);
    const res = await post(ctx, api.verifySignInCode, { email: b.email, code });
    // b's own code is another one (one in a million it is the same: then this says nothing)
    const bCode = codeIn(await lastMailTo(ctx, b.email));
    if (bCode !== code) expect(res.statusCode).toBe(400);
  });

  it('sends a deactivated user no code, an email saying so, and the same answer', async () => {
    const user = await deactivatedUser();
    const res = await post(ctx, api.requestSignInEmail, { email: user.email, method: 'passwordless' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.codeSent });
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.body).toContain('has been deactivated');
    expect(mail.body.split('\n')[0]).not.toMatch(/^\d{6}$/);
    expect(await ctx.database.query(`select 1 from sign_in_tokens where email = '${user.email}' and used_at is null`)).toEqual([]);
  });

  it('sends an unknown address no code but a way to set up a practice or ask for an invitation', async () => {
    const email = unknownEmail();
    const res = await post(ctx, api.requestSignInEmail, { email, method: 'passwordless' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.codeSent });
    const mail = await lastMailTo(ctx, email);
    expect(mail.body).toContain('no Willow user has it');
    expect(mail.body).toContain('ask your practice’s administrator to send you an invitation');
    expect(tokenIn(mail, 'validate')).toBeDefined();
    // and a code guessed for it is just wrong
    const guess = await post(ctx, api.verifySignInCode, { email, code: '123456' });
    expect(guess.statusCode).toBe(400);
    expect(errorOf(guess)).toBe(SIGN_IN_MESSAGES.codeWrong);
  });

  it('tells a user of a deactivated practice so, with no code', async () => {
    const closed = await createAccount(ctx, 'premium', 'Closed Practice');
    const user = await createUser(ctx, closed);
    await ctx.database.query(`update accounts set is_active = false where id = '${closed.accountId}'`);
    const res = await post(ctx, api.requestSignInEmail, { email: user.email, method: 'passwordless' });
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.codeSent });
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.body).toContain('Your practice’s Willow account has been deactivated');
    expect(mail.body.split('\n')[0]).not.toMatch(/^\d{6}$/);
  });

  it(`refuses a deactivated user's code with the deactivation message`, async () => {
    const user = await createUser(ctx, practice);
    const code = await requestCode(user.email);
    // deactivated in the database alone (the Users page would end the code too)
    await ctx.database.query(`update users set is_active = false where id = '${user.userId}'`);
    const res = await post(ctx, api.verifySignInCode, { email: user.email, code });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.deactivated);
  });
});

describe('a sign-in link by email (magic-link)', () => {
  it('emails a link that signs the user in once', async () => {
    const user = await createUser(ctx, practice);
    const res = await post(ctx, api.requestSignInEmail, { email: user.email, method: 'magic-link' });
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.linkSent });
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.subject).toBe('Your Willow sign-in link');
    expect(mail.body).toContain(`${APP_URL}/magicLink?token=`);
    expect(mail.body).toContain(`${TOKEN_LIFETIME_MINUTES.magicLink} minutes`);
    const token = tokenIn(mail, 'magicLink')!;

    const signedIn = await post(ctx, api.signInWithMagicLink, { token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ outcome: 'hasValidAccount', profile: { id: user.userId } });
    expect((await profileWith(cookieOf(signedIn))).statusCode).toBe(200);

    const again = await post(ctx, api.signInWithMagicLink, { token });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });

  it('one link used twice at once signs in once', async () => {
    const user = await createUser(ctx, practice);
    const token = await requestLink(user.email);
    const answers = await Promise.all([1, 2, 3].map(() => post(ctx, api.signInWithMagicLink, { token })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(ctx, practice);
    const token = await requestLink(user.email);
    await expireTokens(ctx, user.email);
    const res = await post(ctx, api.signInWithMagicLink, { token });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });

  it('a link of another flow does not sign in, and is not used up by trying', async () => {
    const user = await createUser(ctx, practice);
    const reset = await requestReset(user.email);
    const res = await post(ctx, api.signInWithMagicLink, { token: reset });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await post(ctx, api.resetPassword, { token: reset, password: 'a new and long pass phrase' })).statusCode).toBe(200);
  });

  it('refuses a deactivated user and leaves the link as it was', async () => {
    const user = await createUser(ctx, practice);
    const token = await requestLink(user.email);
    await ctx.database.query(`update users set is_active = false where id = '${user.userId}'`);
    const res = await post(ctx, api.signInWithMagicLink, { token });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.deactivated);
    const [row] = await ctx.database.query<{ used: boolean }>(`select used_at is not null as used from sign_in_tokens where email = '${user.email}' and kind = 'magicLink'`);
    expect(row!.used).toBe(false);
  });

  it('signs in no one with a token nobody was sent', async () => {
    const res = await post(ctx, api.signInWithMagicLink, { token: 'A'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });
});

describe('a forgotten password', () => {
  it('emails a reset link; the new password signs out every other session and signs in here', async () => {
    const user = await createUser(ctx, practice);
    const oldSession = user.cookie;
    const magic = await requestLink(user.email);
    const res = await post(ctx, api.forgotPassword, { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.resetSent });
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.subject).toBe('Set a new Willow password');
    expect(mail.body).toContain(`${APP_URL}/resetPassword?token=`);
    expect(mail.body).toContain('works once, for an hour');
    const token = tokenIn(mail, 'forgotPassword')!;
    const secondReset = await requestReset(user.email);
    const code = await requestCode(user.email);

    const reset = await post(ctx, api.resetPassword, { token, password: 'a brand new pass phrase' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ outcome: 'hasValidAccount', profile: { id: user.userId } });
    // signed in here, out everywhere else
    expect((await profileWith(cookieOf(reset))).statusCode).toBe(200);
    expect((await profileWith(oldSession)).statusCode).toBe(401);
    // the new password works, the old one does not
    expect((await loginRequest(ctx, user.email, 'a brand new pass phrase', freshIp())).statusCode).toBe(200);
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(401);
    // the link is used up, and the other live links and codes ended with it
    expect(errorOf(await post(ctx, api.resetPassword, { token, password: 'another new pass phrase' }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(errorOf(await post(ctx, api.resetPassword, { token: secondReset, password: 'another new pass phrase' }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(errorOf(await post(ctx, api.signInWithMagicLink, { token: magic }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(errorOf(await post(ctx, api.verifySignInCode, { email: user.email, code }))).toBe(SIGN_IN_MESSAGES.codeWrong);
  });

  it('checks the new password before using up the link', async () => {
    const user = await createUser(ctx, practice);
    const token = await requestReset(user.email);
    const personal = await post(ctx, api.resetPassword, { token, password: `${user.email} again` });
    expect(personal.statusCode).toBe(400);
    expect(errorOf(personal)).toBe(`password: ${api.PASSWORD_MESSAGES.personal}`);
    const common = await post(ctx, api.resetPassword, { token, password: 'iloveyou2024!' });
    expect(common.statusCode).toBe(400);
    expect((await post(ctx, api.resetPassword, { token, password: 'a fine and long pass phrase' })).statusCode).toBe(200);
  });

  it('refuses an expired link and one of another flow', async () => {
    const user = await createUser(ctx, practice);
    const token = await requestReset(user.email);
    const magic = await requestLink(user.email);
    const crossed = await post(ctx, api.resetPassword, { token: magic, password: 'a fine and long pass phrase' });
    expect(crossed.statusCode).toBe(400);
    expect(errorOf(crossed)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    await expireTokens(ctx, user.email);
    const expired = await post(ctx, api.resetPassword, { token, password: 'a fine and long pass phrase' });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await loginRequest(ctx, user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('lets a user without a password set one', async () => {
    const invited = await userWithoutPassword();
    const token = await requestReset(invited.email);
    const res = await post(ctx, api.resetPassword, { token, password: 'my own long pass phrase' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('hasValidAccount');
    expect((await loginRequest(ctx, invited.email, 'my own long pass phrase', freshIp())).statusCode).toBe(200);
  });

  it('sends a deactivated user no link, and an unknown address a way to onboard', async () => {
    const user = await deactivatedUser();
    expect((await post(ctx, api.forgotPassword, { email: user.email })).json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.resetSent });
    const toDeactivated = await lastMailTo(ctx, user.email);
    expect(toDeactivated.body).toContain('has been deactivated');
    expect(tokenIn(toDeactivated, 'forgotPassword')).toBeUndefined();

    const email = unknownEmail();
    expect((await post(ctx, api.forgotPassword, { email })).json()).toEqual({ ok: true, message: SIGN_IN_MESSAGES.resetSent });
    const toUnknown = await lastMailTo(ctx, email);
    expect(toUnknown.body).toContain('no Willow user has it');
    expect(tokenIn(toUnknown, 'validate')).toBeDefined();
    expect(tokenIn(toUnknown, 'forgotPassword')).toBeUndefined();
  });
});

describe('changes on the profile', () => {
  it('a new password ends the reset and sign-in links sent before; a new address ends those sent to the old one', async () => {
    const user = await createUser(ctx, practice);
    const reset = await requestReset(user.email);
    const magic = await requestLink(user.email);
    const changed = await user.call(api.changePassword, { body: { data: { currentPassword: TEST_PASSWORD, newPassword: 'a changed long pass phrase' } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(errorOf(await post(ctx, api.resetPassword, { token: reset, password: 'another long pass phrase' }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(errorOf(await post(ctx, api.signInWithMagicLink, { token: magic }))).toBe(SIGN_IN_MESSAGES.linkInvalid);

    const code = await requestCode(user.email);
    const newAddress = unknownEmail();
    const moved = await user.call(api.updateProfile, {
      body: { data: { firstName: 'Uma', lastName: 'User', email: newAddress, currentPassword: 'a changed long pass phrase' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Asking for the change ends nothing; confirming it from the new address does.
    const confirm = tokenIn(await lastMailTo(ctx, newAddress), 'emailChange')!;
    expect((await user.call(api.confirmEmailChange, { body: { data: { token: confirm } } })).statusCode).toBe(200);
    expect(errorOf(await post(ctx, api.verifySignInCode, { email: user.email, code }))).toBe(SIGN_IN_MESSAGES.codeWrong);
  });
});

describe('what a link is for', () => {
  it('describes a reset link without using it up', async () => {
    const user = await createUser(ctx, practice);
    const token = await requestReset(user.email);
    const res = await post(ctx, api.describeToken, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'forgotPassword',
      email: user.email,
      firstName: 'Uma',
      lastName: 'User',
      accountName: 'Willow Creek Vets',
      expiresAt: expect.any(String),
    });
    expect(new Date(res.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await post(ctx, api.describeToken, { token, kind: 'forgotPassword' })).statusCode).toBe(200);
    // asked as another kind, it is not one
    const crossed = await post(ctx, api.describeToken, { token, kind: 'emailLogin' });
    expect(crossed.statusCode).toBe(400);
    expect(errorOf(crossed)).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect((await post(ctx, api.resetPassword, { token, password: 'a fine and long pass phrase' })).statusCode).toBe(200);
    // used up: nothing to describe
    expect((await post(ctx, api.describeToken, { token })).statusCode).toBe(400);
  });

  it('does not describe a sign-in link (it opens no page of its own) nor an expired one', async () => {
    const user = await createUser(ctx, practice);
    const magic = await requestLink(user.email);
    expect(errorOf(await post(ctx, api.describeToken, { token: magic }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
    const token = await requestReset(user.email);
    await expireTokens(ctx, user.email);
    expect(errorOf(await post(ctx, api.describeToken, { token }))).toBe(SIGN_IN_MESSAGES.linkInvalid);
  });
});

describe('no answer tells who has a user (decision 0086)', () => {
  const flows = [
    { name: 'a code', op: api.requestSignInEmail, data: (email: string) => ({ email, method: 'passwordless' }) },
    { name: 'a sign-in link', op: api.requestSignInEmail, data: (email: string) => ({ email, method: 'magic-link' }) },
    { name: 'a reset link', op: api.forgotPassword, data: (email: string) => ({ email }) },
    { name: 'a new practice', op: api.startOnboarding, data: (email: string) => ({ email }) },
  ];
  for (const flow of flows) {
    it(`asking for ${flow.name} answers the same status and body and runs the same statements for every address`, async () => {
      const addresses = {
        unknown: unknownEmail(),
        valid: (await createUser(ctx, practice)).email,
        noPassword: (await userWithoutPassword()).email,
        deactivated: (await deactivatedUser()).email,
      };
      const answers: Record<string, { status: number; body: string; queries: number }> = {};
      // twice each: the second time there is an earlier token to replace
      for (const round of [1, 2]) {
        for (const [who, email] of Object.entries(addresses)) {
          const res = await post(ctx, flow.op, flow.data(email));
          answers[`${who} ${round}`] = { status: res.statusCode, body: res.body, queries: queryCount(res) };
        }
      }
      const first = answers['unknown 1']!;
      expect(first.status).toBe(200);
      expect(first.queries).toBeGreaterThan(0);
      for (const answer of Object.values(answers)) expect(answer).toEqual(first);
      // and each of them got an email
      for (const email of Object.values(addresses)) expect((await mailTo(ctx, email)).length).toBeGreaterThanOrEqual(2);
    });
  }

  it('a wrong code answers the same for an address with a code, one without, and an unknown one', async () => {
    const withCode = await createUser(ctx, practice);
    const code = await requestCode(withCode.email);
    const without = await createUser(ctx, practice);
    const answers = [];
    for (const email of [withCode.email, without.email, unknownEmail()]) {
      const res = await post(ctx, api.verifySignInCode, { email, code: wrong(code) });
      answers.push({ status: res.statusCode, body: res.body, queries: queryCount(res) });
    }
    expect(answers[0]!.status).toBe(400);
    for (const a of answers) expect(a).toEqual(answers[0]);
  });
});

// Times are moved back in UTC (timestamp minus interval): Citus refuses timestamptz minus an
// interval, a STABLE function, on a column in an UPDATE, and this file also runs there.
describe('rate limits (decision 0088)', () => {
  it(`refuses more than ${RATE_LIMITS.emailPerAddress.max} emails to one address, known or not, with Retry-After`, async () => {
    for (const email of [(await createUser(ctx, practice)).email, unknownEmail()]) {
      for (let i = 0; i < RATE_LIMITS.emailPerAddress.max; i++) {
        expect((await post(ctx, api.requestSignInEmail, { email, method: i % 2 ? 'magic-link' : 'passwordless' })).statusCode).toBe(200);
      }
      const before = (await mailTo(ctx, email)).length;
      for (const op of [api.requestSignInEmail, api.forgotPassword, api.startOnboarding]) {
        const res = await post(ctx, op, { email, method: 'passwordless' });
        expect(res.statusCode).toBe(429);
        expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.tooManyEmails);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(RATE_LIMITS.emailPerAddress.windowMs / 1000);
      }
      expect((await mailTo(ctx, email)).length).toBe(before);
    }
  });

  it(`refuses more than ${RATE_LIMITS.emailPerIp.max} emails from one IP, whichever addresses`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.emailPerIp.max; i++) expect((await post(ctx, api.forgotPassword, { email: unknownEmail() }, { ip })).statusCode).toBe(200);
    const res = await post(ctx, api.requestSignInEmail, { email: unknownEmail(), method: 'magic-link' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // another address is not held back
    expect((await post(ctx, api.forgotPassword, { email: unknownEmail() })).statusCode).toBe(200);
  });

  it(`refuses more than ${RATE_LIMITS.codePerIp.max} codes tried from one IP`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.codePerIp.max; i++) expect((await post(ctx, api.verifySignInCode, { email: unknownEmail(), code: '000000' }, { ip })).statusCode).toBe(400);
    const res = await post(ctx, api.verifySignInCode, { email: unknownEmail(), code: '000000' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.tooManyCodes);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it(`refuses more than ${RATE_LIMITS.codePerAddress.max} codes tried for one address from anywhere, even the right one`, async () => {
    const user = await createUser(ctx, practice);
    for (let i = 0; i < RATE_LIMITS.codePerAddress.max; i++) expect((await post(ctx, api.verifySignInCode, { email: user.email, code: '000000' })).statusCode).toBe(400);
    const code = await requestCode(user.email);
    const res = await post(ctx, api.verifySignInCode, { email: user.email, code });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.tooManyCodes);
  });

  it(`refuses more than ${RATE_LIMITS.codePerAddressDay.max} codes tried for one address in a day, however the tries are spread`, async () => {
    const user = await createUser(ctx, practice);
    const day = RATE_LIMITS.codePerAddressDay;
    const window = RATE_LIMITS.codePerAddress;
    for (let tried = 0; tried < day.max; ) {
      // a new code each round (the old one dies after its wrong tries), each try from another IP
      const code = await requestCode(user.email);
      for (let i = 0; i < OTP_MAX_ATTEMPTS && tried < day.max; i++, tried++) {
        expect((await post(ctx, api.verifySignInCode, { email: user.email, code: wrong(code) })).statusCode).toBe(400);
      }
      // the 15-minute window has passed for everything tried so far; the day has not
      await ctx.database.query(
        `update rate_events set created_at = (created_at at time zone 'UTC' - interval '${window.windowMs + 60_000} milliseconds') at time zone 'UTC' where key = '${user.email}'`,
      );
    }
    const code = await requestCode(user.email);
    const res = await post(ctx, api.verifySignInCode, { email: user.email, code });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toBe(SIGN_IN_MESSAGES.tooManyCodesToday);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(window.windowMs / 1000);
    // a day later the address may try again
    await ctx.database.query(`update rate_events set created_at = (created_at at time zone 'UTC' - interval '1 day') at time zone 'UTC' where key = '${user.email}'`);
    expect((await post(ctx, api.verifySignInCode, { email: user.email, code })).statusCode).toBe(200);
  });

  it(`refuses more than ${RATE_LIMITS.linkPerIp.max} links from one IP, on every flow that takes a link`, async () => {
    const ip = freshIp();
    const token = 'B'.repeat(43);
    for (let i = 0; i < RATE_LIMITS.linkPerIp.max; i++) expect((await post(ctx, api.signInWithMagicLink, { token }, { ip })).statusCode).toBe(400);
    const password = 'a fine and long pass phrase';
    for (const [op, data] of [
      [api.signInWithMagicLink, { token }],
      [api.resetPassword, { token, password }],
      [api.describeToken, { token }],
      [api.acceptInvitation, { token, firstName: 'Ivy', lastName: 'Invited', password }],
      [api.completeOnboarding, { token, practiceName: 'Pets', location: { name: 'Main', timezone: 'UTC' }, firstName: 'Olive', lastName: 'Owner', password }],
    ] as const) {
      const res = await post(ctx, op, data, { ip });
      expect(res.statusCode, `${op.path}: ${res.body}`).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});

describe('without the product mail set up', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare?.close());

  it('every flow that sends answers 503 and stores nothing', async () => {
    const { email } = await createUser(bare, await createAccount(bare));
    const newcomer = unknownEmail();
    for (const [op, data] of [
      [api.requestSignInEmail, { email, method: 'passwordless' }],
      [api.requestSignInEmail, { email, method: 'magic-link' }],
      [api.forgotPassword, { email }],
      [api.startOnboarding, { email: newcomer }],
    ] as const) {
      const res = await post(bare, op, data);
      expect(res.statusCode, op.path).toBe(503);
      expect(errorOf(res)).toBe(COMMUNICATION_MESSAGES.productEmailNotSetUp);
    }
    // this test's addresses only: the Citus suite's database is shared with other files
    const addresses = `('${email}', '${newcomer}')`;
    expect(await bare.database.query(`select 1 from sign_in_tokens where email in ${addresses}`)).toEqual([]);
    expect(await bare.database.query(`select 1 from product_messages where to_address in ${addresses}`)).toEqual([]);
    // signing in with a password works as before
    expect((await loginRequest(bare, email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });
});
