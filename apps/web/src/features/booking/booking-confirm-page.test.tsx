import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, screen } from '@testing-library/react';
import { SIGN_IN_MESSAGES } from '@willow/contracts';
import { fakeServer, renderPage } from '../../test/test-support';
import type { Answer } from '../../test/test-support';
import BookingConfirmPage from './booking-confirm-page';

const TOKEN = 'T'.repeat(43);

function open(path: string, answer: Answer) {
  const calls = fakeServer((call) => (call.method === 'POST' && call.path === '/api/booking/confirmEmail' ? answer : undefined));
  // StrictMode runs the page's effects twice, as development does: the link must still be sent once.
  renderPage(
    <StrictMode>
      <BookingConfirmPage />
    </StrictMode>,
    { path },
  );
  return calls;
}

describe('the booking email confirmation page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('confirms the address with the link’s token once, and says so', async () => {
    const calls = open(`/book/confirm?token=${TOKEN}`, { body: { ok: true, message: SIGN_IN_MESSAGES.bookingEmailConfirmed, locationName: 'Riverside' } });
    expect(await screen.findByRole('heading', { name: 'Email address confirmed' })).toBeTruthy();
    expect(screen.getByText(SIGN_IN_MESSAGES.bookingEmailConfirmed)).toBeTruthy();
    expect(screen.getByText('Riverside')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ data: { token: TOKEN } });
  });

  it('says why a used or expired link does not work', async () => {
    open(`/book/confirm?token=${TOKEN}`, { status: 400, body: { error: { message: SIGN_IN_MESSAGES.linkInvalid } } });
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(SIGN_IN_MESSAGES.linkInvalid)).toBeTruthy();
  });

  it('does not send a link cut short in the email client', async () => {
    const calls = open('/book/confirm?token=abc', { body: {} });
    expect(await screen.findByText(SIGN_IN_MESSAGES.linkInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
