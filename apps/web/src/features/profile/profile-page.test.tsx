import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, SIGN_IN_MESSAGES } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import ProfilePage from './profile-page';

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const enter = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const helperOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const details = () => screen.getByRole('heading', { name: 'Your details' }).closest('div')!;

describe('the profile page', () => {
  let posts: Call[];
  let answer: (call: Call) => Answer;
  beforeEach(() => {
    stubMatchMedia();
    posts = [];
    answer = () => ({ status: 200, body: {} });
    fakeServer((call) => {
      if (call.method === 'POST') {
        posts.push(call);
        return answer(call);
      }
      return sessionAnswer(call, NEW_YORK);
    });
  });
  afterEach(resetAll);

  it('asks for the current password only when the email changes, and sends it', async () => {
    renderPage(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Your details' });
    const inDetails = () => details().querySelectorAll('input[type="password"]').length;
    expect(inDetails()).toBe(0);
    enter(/^Email/, 'vera.new@example.test');
    expect(inDetails()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required to change the email address.')).toBeTruthy();
    expect(posts).toHaveLength(0);

    answer = () => ({ status: 400, body: { error: { message: `email: ${MESSAGES.emailUnavailable}` } } });
    const current = details().querySelector('input[type="password"]') as HTMLInputElement;
    fireEvent.change(current, { target: { value: 'my-current-password' } });
    // Pressed, the button is disabled while the save runs and Chrome takes the focus off it.
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    save.blur();
    await waitFor(() => expect(helperOf(field(/^Email/))).toBe(MESSAGES.emailUnavailable));
    // The refused save puts the focus in the field the server named, not on the page.
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
    expect(posts[0]?.body).toEqual({
      data: { firstName: 'Vera', lastName: 'Vet', email: 'vera.new@example.test', currentPassword: 'my-current-password' },
    });
  });

  it('says a new email waits for the link sent to it, and confirms it when the page opens with that link', async () => {
    const profile = (email: string) => ({ id: 'u', firstName: 'Vera', lastName: 'Vet', email, account: { id: 'a', name: 'Demo' }, location: null });
    answer = (call) =>
      call.path === '/api/profile/confirmEmail'
        ? { status: 200, body: profile('vera.new@example.test') }
        : { status: 200, body: { ...profile('vet@example.test'), emailConfirmationSentTo: 'vera.new@example.test' } };
    renderPage(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Your details' });
    enter(/^Email/, 'vera.new@example.test');
    fireEvent.change(details().querySelector('input[type="password"]') as HTMLInputElement, { target: { value: 'my-current-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(`${SIGN_IN_MESSAGES.emailChangeSent} (vera.new@example.test)`);
    // Until the link is opened the sign-in is the current address, and the password is not kept.
    expect(field(/^Email/).value).toBe('vet@example.test');
    expect(details().querySelectorAll('input[type="password"]')).toHaveLength(0);
    resetAll();

    stubMatchMedia();
    posts = [];
    fakeServer((call) => {
      if (call.method === 'POST') {
        posts.push(call);
        return answer(call);
      }
      return sessionAnswer(call, NEW_YORK);
    });
    renderPage(<ProfilePage />, { path: `/profile?token=${'T'.repeat(43)}` });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`${SIGN_IN_MESSAGES.emailChanged} (vera.new@example.test)`));
    expect(posts).toEqual([expect.objectContaining({ path: '/api/profile/confirmEmail', body: { data: { token: 'T'.repeat(43) } } })]);
  });

  it('shows why a confirmation link did not work', async () => {
    answer = () => ({ status: 400, body: { error: { message: SIGN_IN_MESSAGES.linkInvalid } } });
    renderPage(<ProfilePage />, { path: `/profile?token=${'T'.repeat(43)}` });
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_MESSAGES.linkInvalid);
    expect(posts).toHaveLength(1);
  });

  it('shows the password rules under the new password before sending, and the server’s too', async () => {
    renderPage(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Change password' });
    enter(/^Current password/, 'my-current-password');
    enter(/^New password/, 'vet@example.test');
    enter(/^Confirm new password/, 'vet@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(helperOf(field(/^New password/))).toBe('This field must not contain the email address or name.'));
    expect(posts).toHaveLength(0);

    answer = () => ({ status: 400, body: { error: { message: 'newPassword: must not be a commonly used password' } } });
    enter(/^New password/, 'password1234');
    enter(/^Confirm new password/, 'password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(helperOf(field(/^New password/))).toBe('This field must not be a commonly used password.'));
    expect(posts).toHaveLength(1);
  });
});
