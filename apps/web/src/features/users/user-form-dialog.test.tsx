import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { COMMUNICATION_MESSAGES, SIGN_IN_MESSAGES, USER_MESSAGES } from '@willow/contracts';
import { fakeServer, pickOption, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { UserFormDialog } from './user-form-dialog';

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const created = (call: Call) => ({
  status: 201,
  body: { id: 'u2', phone: null, isActive: true, invitationPending: true, roleIds: [], locationIds: [], ...(call.body as { data: object }).data },
});

const VET = '22222222-2222-4222-8222-222222222222';
const DESK = '33333333-3333-4333-8333-333333333333';
const ROLES = [
  { id: VET, name: 'Veterinarian', kind: 'account', predefined: true, permissions: ['appointments.primary_provider'], userIds: [] },
  { id: DESK, name: 'Front Desk', kind: 'account', predefined: true, permissions: [], userIds: [] },
];

describe('a new user', () => {
  let posts: Call[];
  let answer: (call: Call) => Answer;
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    posts = [];
    answer = created;
    fakeServer((call) => {
      if (call.method === 'POST') {
        posts.push(call);
        return answer(call);
      }
      if (call.path === '/api/role') return { body: ROLES };
      return sessionAnswer(call, NEW_YORK);
    });
  });
  afterEach(resetAll);

  const fillPerson = () => {
    type('First name', 'Ivy');
    type('Last name', 'Invitee');
    type('Email', 'ivy@example.test');
  };

  it('is invited by email by default: no password is typed or sent', async () => {
    renderPage(<UserFormDialog open user={null} onClose={onClose} />);
    expect((screen.getByRole('radio', { name: 'Send an invitation email' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/Initial password/)).toBeNull();
    fillPerson();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[0]?.body).toMatchObject({ data: { firstName: 'Ivy', email: 'ivy@example.test' } });
    expect((posts[0]?.body as { data: object }).data).not.toHaveProperty('password');
    expect(await screen.findByText(SIGN_IN_MESSAGES.invitationSent)).toBeTruthy();
  });

  it('takes a password when one is set now, checked by the rules', async () => {
    renderPage(<UserFormDialog open user={null} onClose={onClose} />);
    fillPerson();
    fireEvent.click(screen.getByRole('radio', { name: 'Set a password now' }));
    fireEvent.change(screen.getByLabelText(/Initial password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field must be at least 12 characters.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Initial password/), { target: { value: 'Fern-8812-Quill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[0]?.body).toMatchObject({ data: { password: 'Fern-8812-Quill' } });
  });

  it('says under the choice when the portal cannot send email, keeping the form', async () => {
    answer = () => ({ status: 503, body: { error: { message: COMMUNICATION_MESSAGES.productEmailNotSetUp } } });
    renderPage(<UserFormDialog open user={null} onClose={onClose} />);
    fillPerson();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(COMMUNICATION_MESSAGES.productEmailNotSetUp)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('ivy@example.test');
  });

  it('asks a provider’s locations: none is refused under the field before anything is sent', async () => {
    renderPage(<UserFormDialog open user={null} onClose={onClose} />);
    fillPerson();
    await pickOption('Roles', 'Veterinarian');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(USER_MESSAGES.providerNeedsLocation)).toBeTruthy();
    expect(posts).toHaveLength(0);
    await pickOption('Locations', NEW_YORK.name);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[0]?.body).toMatchObject({ data: { roleIds: [VET], locationIds: [NEW_YORK.id] } });
  });

  it('lets staff who are never booked go without a location', async () => {
    renderPage(<UserFormDialog open user={null} onClose={onClose} />);
    fillPerson();
    await pickOption('Roles', 'Front Desk');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[0]?.body).toMatchObject({ data: { roleIds: [DESK], locationIds: [] } });
  });
});
