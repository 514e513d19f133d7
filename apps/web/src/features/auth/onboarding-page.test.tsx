import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import type { TokenDescription } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import OnboardingPage from './onboarding-page';

const TOKEN = 'b'.repeat(43);
const PROFILE = { id: 'u1', firstName: 'Ivy', lastName: 'Invitee', email: 'ivy@example.test', account: { id: 'a1', name: 'Practice' }, location: null };
const link = (kind: TokenDescription['kind'], more: Partial<TokenDescription> = {}): TokenDescription => ({
  kind,
  email: 'ivy@example.test',
  firstName: null,
  lastName: null,
  accountName: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...more,
});

const renderAt = (path: string) =>
  renderPage(<OnboardingPage />, { path, pattern: '/onboarding', also: { '/': <p>Schedule page</p> } });

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the onboarding page', () => {
  let posts: Call[];
  let describe_: TokenDescription;
  let answer: (call: Call) => Answer | undefined;
  beforeEach(() => {
    stubMatchMedia();
    posts = [];
    answer = () => undefined;
    fakeServer((call) => {
      posts.push(call);
      if (call.path === '/api/auth/token') return { body: describe_ };
      return answer(call);
    });
  });
  afterEach(resetAll);

  it('without a link asks for the address and shows the same answer for every one', async () => {
    answer = () => ({ body: { ok: true, message: SIGN_IN_MESSAGES.onboardingSent } });
    renderAt('/onboarding');
    type(/^Email/, 'new@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    await screen.findByText(SIGN_IN_MESSAGES.onboardingSent);
    expect(posts[0]).toMatchObject({ path: '/api/auth/onboarding/start', body: { data: { email: 'new@example.test' } } });
  });

  it('with a confirmed address shows the new-practice form, its time zone the browser’s', async () => {
    describe_ = link('validate');
    renderAt(`/onboarding?token=${TOKEN}`);
    await screen.findByLabelText(/^Practice name/);
    expect(posts[0]).toMatchObject({ path: '/api/auth/token', body: { data: { token: TOKEN } } });
    expect((screen.getByRole('combobox', { name: /^Its time zone/ }) as HTMLInputElement).value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByText('At least 12 characters, not a common password and not your name or email.')).toBeTruthy();
  });

  it('with an invitation starts from the invited names and signs the person in', async () => {
    describe_ = link('emailLogin', { firstName: 'Ivy', lastName: 'Invitee', accountName: 'Maple Vets' });
    answer = (call) => (call.path === '/api/auth/invitation' ? { body: { outcome: 'hasValidAccount', profile: PROFILE } } : undefined);
    renderAt(`/onboarding?token=${TOKEN}`);
    await screen.findByText('Maple Vets');
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ivy');
    type(/^New password/, 'Fern-8812-Quill');
    type(/^Confirm new password/, 'Fern-8812-Quil');
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    type(/^Confirm new password/, 'Fern-8812-Quill');
    fireEvent.click(screen.getByRole('button', { name: 'Join and sign in' }));
    await screen.findByText('Schedule page');
    expect(posts.at(-1)).toMatchObject({
      path: '/api/auth/invitation',
      body: { data: { token: TOKEN, firstName: 'Ivy', lastName: 'Invitee', password: 'Fern-8812-Quill' } },
    });
  });

  it('says a used link is no good', async () => {
    fakeServer((call) => (call.path === '/api/auth/token' ? { status: 400, body: { error: { message: SIGN_IN_MESSAGES.linkInvalid } } } : undefined));
    renderAt(`/onboarding?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_MESSAGES.linkInvalid);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Start again' })).toBeTruthy());
  });
});
