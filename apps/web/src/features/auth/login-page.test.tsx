import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getSignInOptions, MESSAGES, OTP_LENGTH, SIGN_IN_MESSAGES } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { safeReturnUrl, signInOptionsOperation } from './auth.api';
import LoginPage, { CODE_LENGTH } from './login-page';

const PROFILE = { id: 'u1', firstName: 'Vera', lastName: 'Vet', email: 'vera@example.test', account: { id: 'a1', name: 'Practice' }, location: null };

const renderLogin = (path: string) =>
  renderPage(<LoginPage />, { path, pattern: '/login', also: { '/users': <p>Users page</p>, '/': <p>Schedule page</p> } });

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const helperOf = (el: HTMLInputElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
const type = (label: string | RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the sign-in page', () => {
  let options = { email: false, google: false };
  let answer: (call: Call) => Answer | undefined;
  let posts: Call[];
  beforeEach(() => {
    stubMatchMedia();
    posts = [];
    answer = () => undefined;
    fakeServer((call) => {
      if (call.path === '/api/auth/options') return { body: options };
      posts.push(call);
      return answer(call);
    });
  });
  afterEach(() => {
    options = { email: false, google: false };
    resetAll();
  });

  it('asks for the email first, checks it, then asks for the password with the address and a way to change it', async () => {
    renderLogin('/login?returnUrl=%2Fusers');
    expect(screen.queryByLabelText('Password')).toBeNull();
    type('Email', 'not-an-email');
    press('Continue');
    await waitFor(() => expect(helperOf(input('Email'))).toMatch(/email/i));
    expect(posts).toEqual([]);

    type('Email', 'vera@example.test');
    press('Continue');
    await screen.findByLabelText('Password');
    expect(screen.getByText('vera@example.test')).toBeTruthy();
    // Continue asked the server nothing: the next step does not depend on who has a user.
    expect(posts).toEqual([]);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgotPassword?email=vera%40example.test');
    // The portal sends no mail: no code or link to offer.
    expect(screen.queryByRole('button', { name: 'Email me a code' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Change the email address/ }));
    expect(input('Email').value).toBe('vera@example.test');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('signs in with the password and goes back to the page asked for; a refusal shows as an alert', async () => {
    answer = (call) =>
      call.body && (call.body as { data: { password: string } }).data.password === 'right-password'
        ? { body: PROFILE }
        : { status: 401, body: { error: { message: MESSAGES.invalidCredentials } } };
    renderLogin('/login?returnUrl=%2Fusers');
    type('Email', 'vera@example.test');
    press('Continue');
    type(await screen.findByLabelText('Password').then(() => 'Password'), 'wrong');
    press('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidCredentials);
    type('Password', 'right-password');
    press('Sign in');
    await screen.findByText('Users page');
    expect(posts.map((p) => p.path)).toEqual(['/api/auth/login', '/api/auth/login']);
  });

  it('offers Google and the emailed code and link when the portal has them; a code signs in', async () => {
    options = { email: true, google: true };
    answer = (call) => {
      if (call.path === '/api/auth/signInEmail') return { body: { ok: true, message: SIGN_IN_MESSAGES.codeSent } };
      if (call.path === '/api/auth/verifyCode') {
        const { code } = (call.body as { data: { code: string } }).data;
        return code === '123456' ? { body: { outcome: 'hasValidAccount', profile: PROFILE } } : { status: 400, body: { error: { message: SIGN_IN_MESSAGES.codeWrong } } };
      }
      return undefined;
    };
    renderLogin('/login?returnUrl=%2Fusers');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/api/auth/google?returnUrl=%2Fusers');
    expect(screen.getByRole('link', { name: 'New practice? Set it up' }).getAttribute('href')).toBe('/onboarding');
    // The address typed goes with Google's start: the server picks that practice's Google client by it.
    type('Email', ' vera+vet@example.test ');
    expect(google.getAttribute('href')).toBe('/api/auth/google?email=vera%2Bvet%40example.test&returnUrl=%2Fusers');
    type('Email', 'vera@example.test');
    press('Continue');
    press(await screen.findByRole('button', { name: 'Email me a code' }).then(() => 'Email me a code'));

    const code = await screen.findByLabelText('6-digit code');
    expect((code as HTMLInputElement).inputMode).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(SIGN_IN_MESSAGES.codeSent)).toBeTruthy();
    expect(posts[0]).toMatchObject({ path: '/api/auth/signInEmail', body: { data: { email: 'vera@example.test', method: 'passwordless' } } });
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();

    type('6-digit code', '12345');
    press('Verify');
    await waitFor(() => expect(helperOf(input('6-digit code'))).toBe('This field must be the 6-digit code from the email.'));
    type('6-digit code', '654321');
    press('Verify');
    await waitFor(() => expect(helperOf(input('6-digit code'))).toBe(SIGN_IN_MESSAGES.codeWrong));
    type('6-digit code', '123456');
    press('Verify');
    await screen.findByText('Users page');
  });

  it('puts the focus in the code field when a code is sent, and again when a new one is', async () => {
    options = { email: true, google: false };
    answer = (call) => (call.path === '/api/auth/signInEmail' ? { body: { ok: true, message: SIGN_IN_MESSAGES.codeSent } } : undefined);
    renderLogin('/login');
    type('Email', 'vera@example.test');
    press('Continue');
    const emailMe = await screen.findByRole('button', { name: 'Email me a code' });
    emailMe.focus();
    fireEvent.click(emailMe);
    await screen.findByText(SIGN_IN_MESSAGES.codeSent);
    // The person types the code they just got: nothing to click or tab to first.
    await waitFor(() => expect(document.activeElement).toBe(input('6-digit code')));

    const again = screen.getByRole('button', { name: 'Send a new code' });
    again.focus();
    fireEvent.click(again);
    await waitFor(() => expect(posts.filter((c) => c.path === '/api/auth/signInEmail')).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(input('6-digit code')));
  });

  it('asks for a sign-in link and says what the server said', async () => {
    options = { email: true, google: false };
    answer = (call) => (call.path === '/api/auth/signInEmail' ? { body: { ok: true, message: SIGN_IN_MESSAGES.linkSent } } : undefined);
    renderLogin('/login');
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    type('Email', 'vera@example.test');
    press('Continue');
    press(await screen.findByRole('button', { name: 'Email me a sign-in link' }).then(() => 'Email me a sign-in link'));
    await screen.findByText(SIGN_IN_MESSAGES.linkSent);
    expect(posts[0]?.body).toEqual({ data: { email: 'vera@example.test', method: 'magic-link' } });
    // Still on the password step: the link is opened from the email.
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('shows what Google said when its sign-in came back refused', async () => {
    renderLogin(`/login?error=${encodeURIComponent(SIGN_IN_MESSAGES.googleNoUser)}`);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_MESSAGES.googleNoUser);
  });
});

describe('sign-in helpers', () => {
  it('asks for the options at the contract’s method and path without loading the contract', () => {
    expect(signInOptionsOperation.method).toBe(getSignInOptions.method);
    expect(signInOptionsOperation.path).toBe(getSignInOptions.path);
    expect(CODE_LENGTH).toBe(OTP_LENGTH);
  });

  it('returns only to same-site pages that are not sign-in pages themselves', () => {
    expect(safeReturnUrl('/users?x=1')).toBe('/users?x=1');
    expect(safeReturnUrl('//evil.test/')).toBe('/');
    expect(safeReturnUrl('https://evil.test/')).toBe('/');
    expect(safeReturnUrl('/\\evil.test')).toBe('/');
    expect(safeReturnUrl('/magicLink?token=x')).toBe('/');
    expect(safeReturnUrl('/login')).toBe('/');
    expect(safeReturnUrl(null)).toBe('/');
  });
});
