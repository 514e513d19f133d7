import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { NO_PASSWORD_YET_NOTE } from './auth.api';
import MagicLinkPage from './magic-link-page';

const TOKEN = 'a'.repeat(43);
const PROFILE = { id: 'u1', firstName: 'Vera', lastName: 'Vet', email: 'vera@example.test', account: { id: 'a1', name: 'Practice' }, location: null };

const renderAt = (path: string) =>
  renderPage(<MagicLinkPage />, { path, pattern: '/magicLink', also: { '/': <p>Schedule page</p>, '/login': <p>Sign-in page</p> } });

describe('the sign-in link page', () => {
  let calls: Call[];
  let answer: (call: Call) => Answer;
  beforeEach(() => {
    stubMatchMedia();
    answer = () => ({ body: { outcome: 'hasValidAccount', profile: PROFILE } });
    calls = fakeServer((call) => answer(call));
  });
  afterEach(resetAll);

  it('posts the token once (opening the page is not enough to use it) and goes to the Schedule', async () => {
    renderAt(`/magicLink?token=${TOKEN}`);
    await screen.findByText('Schedule page');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/magicLink', body: { data: { token: TOKEN } } });
  });

  it('tells someone without a password how to set one', async () => {
    answer = () => ({ body: { outcome: 'hasValidAccountNoPassword', profile: PROFILE } });
    renderAt(`/magicLink?token=${TOKEN}`);
    await screen.findByText('Schedule page');
    expect(await screen.findByText(NO_PASSWORD_YET_NOTE)).toBeTruthy();
  });

  it('says a used or expired link is no good, with the way back to sign in', async () => {
    answer = () => ({ status: 400, body: { error: { message: SIGN_IN_MESSAGES.linkInvalid } } });
    renderAt(`/magicLink?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('asks the server nothing without a token', async () => {
    renderAt('/magicLink');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_MESSAGES.linkInvalid);
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
