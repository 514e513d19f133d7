import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClientChannels, Message } from '@willow/contracts';
import { fakeServer, renderPage, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { MessageComposer, segmentLabel } from './message-composer';

const CLIENT = '33333333-3333-4333-8333-333333333333';
const READY: ClientChannels = {
  email: { ready: true, reason: null, to: 'cora@example.com' },
  sms: { ready: true, reason: null, to: '(530) 555-0142' },
};
const NO_EMAIL: ClientChannels = { ...READY, email: { ready: false, reason: 'Email is not set up for this location', to: 'cora@example.com' } };

const answer = (state: Message['state'], reason: string | null = null): Message => ({
  id: '44444444-4444-4444-8444-444444444444',
  channel: 'email',
  locationId: '55555555-5555-4555-8555-555555555555',
  client: { id: CLIENT, name: 'Cora Client' },
  to: 'cora@example.com',
  subject: 'Hi',
  body: 'Hello',
  state,
  reason,
  provider: null,
  providerMessageId: null,
  deliveryStatus: null,
  attempts: 0,
  sentBy: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  sentAt: null,
});

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('segmentLabel', () => {
  it('counts the SMS a text goes out as', () => {
    expect(segmentLabel('')).toBe('SMS');
    expect(segmentLabel('Hello')).toBe('1 SMS segment');
    expect(segmentLabel('a'.repeat(161))).toBe('2 SMS segments');
    expect(segmentLabel('ç'.repeat(71))).toBe('2 SMS segments (special characters: 70 per segment)');
  });
});

describe('the message composer', () => {
  let calls: Call[];
  let state: Message['state'] = 'queued';
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    state = 'queued';
    calls = fakeServer((call) => (call.method === 'POST' ? { body: answer(state, state === 'notSent' ? 'Email is not set up for this location' : null) } : undefined));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends an email with its subject and says Email sent', async () => {
    renderPage(<MessageComposer open channel="email" clientId={CLIENT} clientName="Cora Client" channels={READY} onClose={onClose} />);
    expect(screen.queryByText('Email is not set up for this location')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // Under each field: the subject's rule, and the message's with its count.
    await screen.findByText('This field is required.');
    expect(screen.getByText('This field is required. (0 / 999)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    type('Subject', 'Booster');
    type('Message', 'Bella is due.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Email sent');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/communications/email', body: { data: { clientId: CLIENT, subject: 'Booster', body: 'Bella is due.' } } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says email is not set up before anyone types, and Error sending email when the attempt is kept as not sent', async () => {
    state = 'notSent';
    renderPage(<MessageComposer open channel="email" clientId={CLIENT} clientName="Cora Client" channels={NO_EMAIL} onClose={onClose} />);
    expect(screen.getByText('Email is not set up for this location')).toBeTruthy();
    type('Subject', 'Hi');
    type('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Error sending email');
  });

  it('shows an SMS’s segments as it is typed, and the 1000-character rule', async () => {
    renderPage(<MessageComposer open channel="sms" clientId={CLIENT} clientName="Cora Client" channels={READY} onClose={onClose} />);
    expect(screen.queryByRole('textbox', { name: 'Subject' })).toBeNull();
    type('Message', 'a'.repeat(161));
    expect(screen.getByText(/2 SMS segments/)).toBeTruthy();
    type('Message', 'a'.repeat(1000));
    expect(screen.getByText(/Message must be less than 1000 characters/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0));
  });
});
