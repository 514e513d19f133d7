import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatListItem, ChatMessage, ChatMessages } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import ChatPage from './chat-page';

const CLIENT = '22222222-2222-4222-8222-222222222222';
const TEMPLATE = '55555555-5555-4555-8555-555555555555';
const KEY = `${NEW_YORK.id}:client:${CLIENT}`;
const PATH = `/chat/${encodeURIComponent(KEY)}`;
const PATTERN = '/chat/:conversation';

const received: ChatMessage = {
  id: 'm1',
  direction: 'inbound',
  body: 'Is Biscuit ready to be picked up?',
  at: '2026-11-24T10:00:00.000Z',
  state: null,
  deliveryStatus: null,
  reason: null,
  sentBy: null,
};
const item: ChatListItem = {
  id: KEY,
  locationId: NEW_YORK.id,
  client: { id: CLIENT, name: 'Maria Alvarez' },
  phone: '+15305550142',
  lastMessage: { direction: 'inbound', body: received.body, at: received.at, state: null },
  count: 1,
  optedOut: false,
};

let calls: Call[];
let unread: number;
let history: ChatMessage[];
let replyProblem: string | null;
/** what a reply becomes once the outbox has tried it */
let outcome: Pick<ChatMessage, 'state' | 'reason'>;
let listFails: boolean;

const page = (): ChatMessages => ({
  messages: history,
  hasMore: false,
  conversation: { id: KEY, locationId: NEW_YORK.id, client: item.client, phone: item.phone, count: unread, optedOut: replyProblem !== null, replyProblem },
});

const field = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(field(), { target: { value } });
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('the SMS chat page', () => {
  beforeEach(() => {
    stubMatchMedia();
    unread = 1;
    history = [received];
    replyProblem = null;
    outcome = { state: 'sent', reason: null };
    listFails = false;
    calls = fakeServer((call) => {
      if (call.path === '/api/location') return { body: [NEW_YORK] };
      if (call.path === '/api/chat') return listFails ? { status: 500, body: { error: { message: 'Something went wrong. Please try again later.' } } } : { body: { chatList: [{ ...item, count: unread }] } };
      if (call.path === '/api/chat/messages') return { body: page() };
      if (call.path === '/api/chat/read') {
        unread = 0;
        return { body: { count: 0 } };
      }
      if (call.path === '/api/chat/reply') {
        const body = (call.body as { data: { body: string } }).data.body;
        const queued: ChatMessage = { ...received, id: `r${history.length}`, direction: 'outbound', body, state: 'queued', sentBy: { id: 'u', name: 'Vera Vet' } };
        history = [...history, { ...queued, ...outcome }];
        return { body: queued };
      }
      if (call.path === '/api/smsTemplate') return { body: [{ id: TEMPLATE, locationId: NEW_YORK.id, name: 'Ready for pickup', type: 'general', body: 'Hi {{ client.firstName }}', createdAt: '', updatedAt: '' }] };
      if (call.path === `/api/smsTemplate/${TEMPLATE}/render`) return { body: { body: 'Hi Maria, Biscuit is ready.' } };
      return undefined;
    });
  });
  afterEach(resetAll);

  it('shows the conversation, marks it read once, and answers it with a template', async () => {
    renderPage(<ChatPage />, { path: PATH, pattern: PATTERN });
    const log = await screen.findByRole('log', { name: 'Texts with Maria Alvarez' });
    await within(log).findByText(received.body);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/chat/read')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/chat/read')?.body).toEqual({ data: { locationId: NEW_YORK.id, clientId: CLIENT } });
    // on a phone the conversation is the page, with its way back to the list
    expect(screen.getByRole('link', { name: 'Back to conversations' }).getAttribute('href')).toBe('/chat');

    // too long: the rule under the field, and nothing can be sent
    type('x'.repeat(1000));
    await screen.findByText(/Message must be less than 1000 characters/);
    expect(sendButton().disabled).toBe(true);

    // a template replaces what was typed only once the person agrees
    fireEvent.click(screen.getByRole('button', { name: 'Insert template' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Ready for pickup/ }));
    const ask = await screen.findByRole('dialog', { name: 'Replace what you wrote?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(field().value).toBe('Hi Maria, Biscuit is ready.'));
    expect(calls.find((c) => c.path.endsWith('/render'))?.body).toEqual({ data: { clientId: CLIENT, locationId: NEW_YORK.id } });
    expect(screen.getByText(/1 SMS segment/)).toBeTruthy();

    fireEvent.click(sendButton());
    await screen.findByText('SMS sent');
    expect(calls.find((c) => c.path === '/api/chat/reply')?.body).toEqual({ data: { locationId: NEW_YORK.id, clientId: CLIENT, body: 'Hi Maria, Biscuit is ready.' } });
    await within(log).findByText('Hi Maria, Biscuit is ready.');
    await waitFor(() => expect(field().value).toBe(''));
  });

  it('says when a reply did not go, with the provider’s reason, and gives the text back', async () => {
    outcome = { state: 'failed', reason: 'Attempt to send to unsubscribed recipient' };
    renderPage(<ChatPage />, { path: PATH, pattern: PATTERN });
    await screen.findByRole('log', { name: 'Texts with Maria Alvarez' });
    type('See you at 3');
    fireEvent.click(sendButton());
    await screen.findByText('Error sending SMS');
    expect(screen.getAllByText(/Attempt to send to unsubscribed recipient/).length).toBeGreaterThan(0);
    await waitFor(() => expect(field().value).toBe('See you at 3'));
  });

  it('a client who replied STOP cannot be texted: the box says so and takes nothing', async () => {
    replyProblem = 'Maria Alvarez replied STOP: they cannot be texted';
    renderPage(<ChatPage />, { path: PATH, pattern: PATTERN });
    await screen.findByText('Replied STOP');
    await screen.findByText(replyProblem);
    expect(field().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
  });

  it('links an unknown number to a client and moves to the client’s conversation', async () => {
    const phoneKey = `${NEW_YORK.id}:phone:+15305550199`;
    const unknown = { ...page(), conversation: { ...page().conversation, id: phoneKey, client: null, phone: '+15305550199', count: 0 } };
    calls = fakeServer((call) => {
      if (call.path === '/api/location') return { body: [NEW_YORK] };
      if (call.path === '/api/chat') return { body: { chatList: [] } };
      if (call.path === '/api/chat/messages') return { body: call.query.get('phone') ? unknown : page() };
      if (call.path === '/api/search') return { body: { clients: [{ id: CLIENT, firstName: 'Maria', lastName: 'Alvarez', email: null, phone: null, locationId: NEW_YORK.id }], patients: [] } };
      if (call.path === `/api/client/${CLIENT}`) return { body: { id: CLIENT, locationId: NEW_YORK.id, firstName: 'Maria', lastName: 'Alvarez', email: null, phone: null } };
      if (call.path === '/api/chat/link') return { body: { ...item, count: 0 } };
      return undefined;
    });
    renderPage(<ChatPage />, { path: `/chat/${encodeURIComponent(phoneKey)}`, pattern: PATTERN });
    await screen.findByRole('heading', { name: '(530) 555-0199' });
    // nothing to fill a template with for a number no client has
    const insert = screen.getByRole('button', { name: 'Insert template' }) as HTMLButtonElement;
    expect(insert.disabled).toBe(true);
    // …and says why, in words beside it and as the button's description
    expect(insert.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(insert.getAttribute('aria-describedby')!)?.textContent).toBe('Link this number to a client to insert a template');
    fireEvent.click(screen.getByRole('button', { name: 'Link to client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link (530) 555-0199 to a client' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Client/ }), { target: { value: 'Maria' } });
    fireEvent.click(await screen.findByRole('option', { name: /Maria Alvarez/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    await screen.findByText('Number linked to the client');
    expect(calls.find((c) => c.path === '/api/chat/link')?.body).toEqual({ data: { locationId: NEW_YORK.id, phone: '+15305550199', clientId: CLIENT } });
    await screen.findByRole('log', { name: 'Texts with Maria Alvarez' });
  });

  it('creates a client from an unknown number, its phone filled in, and links the number to them', async () => {
    const phoneKey = `${NEW_YORK.id}:phone:+15305550199`;
    const unknown = { ...page(), conversation: { ...page().conversation, id: phoneKey, client: null, phone: '+15305550199', count: 0 } };
    calls = fakeServer((call) => {
      if (call.path === '/api/location') return { body: [NEW_YORK] };
      if (call.path === '/api/user') return { body: [] };
      if (call.path === '/api/chat') return { body: { chatList: [] } };
      if (call.path === '/api/chat/messages') return { body: call.query.get('phone') ? unknown : page() };
      if (call.path === '/api/client' && call.method === 'POST') return { body: { id: CLIENT, locationId: NEW_YORK.id, firstName: 'Maria', lastName: 'Alvarez', phone: '+15305550199' } };
      if (call.path === '/api/chat/link') return { body: { ...item, count: 0 } };
      return undefined;
    });
    renderPage(<ChatPage />, { path: `/chat/${encodeURIComponent(phoneKey)}`, pattern: PATTERN });
    fireEvent.click(await screen.findByRole('button', { name: 'Create client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    expect((within(dialog).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('+15305550199');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /First name/ }), { target: { value: 'Maria' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Last name/ }), { target: { value: 'Alvarez' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Number linked to the client');
    expect((calls.find((c) => c.path === '/api/client' && c.method === 'POST')?.body as { data: { phone: string; locationId: string } }).data).toMatchObject({
      phone: '+15305550199',
      locationId: NEW_YORK.id,
    });
    expect(calls.find((c) => c.path === '/api/chat/link')?.body).toEqual({ data: { locationId: NEW_YORK.id, phone: '+15305550199', clientId: CLIENT } });
    await screen.findByRole('log', { name: 'Texts with Maria Alvarez' });
  });

  it('a reply the server takes after its conversation was left still clears its text and says "SMS sent"', async () => {
    // a wide screen: the list beside the conversation, so another one can be opened mid-send
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }));
    const otherKey = `${NEW_YORK.id}:phone:+15305550199`;
    const otherItem: ChatListItem = { ...item, id: otherKey, client: null, phone: '+15305550199', count: 0 };
    const unknown = { ...page(), conversation: { ...page().conversation, id: otherKey, client: null, phone: '+15305550199', count: 0 } };
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answered = fakeServer((call) => {
      if (call.path === '/api/location') return { body: [NEW_YORK] };
      if (call.path === '/api/chat') return { body: { chatList: [{ ...item, count: 0 }, otherItem] } };
      if (call.path === '/api/chat/messages') return { body: call.query.get('phone') ? unknown : { ...page(), conversation: { ...page().conversation, count: 0 } } };
      if (call.path === '/api/chat/reply') return { body: { ...received, id: 'r1', direction: 'outbound', body: 'On our way', state: 'sent', sentBy: null } };
      return undefined;
    });
    const answer = globalThis.fetch;
    let sending = false;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname === '/api/chat/reply') {
        sending = true;
        await held;
      }
      return answer(url, init);
    });
    renderPage(<ChatPage />, { path: PATH, pattern: PATTERN });
    await screen.findByRole('log', { name: 'Texts with Maria Alvarez' });
    type('On our way');
    fireEvent.click(sendButton());
    await waitFor(() => expect(sending).toBe(true));
    const conversations = screen.getByRole('list', { name: 'Conversations' });
    fireEvent.click(within(conversations).getByRole('link', { name: /555-0199/ }));
    await screen.findByRole('heading', { name: '(530) 555-0199' });
    release();
    await screen.findByText('SMS sent');
    fireEvent.click(within(conversations).getByRole('link', { name: /Maria Alvarez/ }));
    await screen.findByRole('log', { name: 'Texts with Maria Alvarez' });
    // the text went: it is not waiting in the box to be sent a second time
    expect(field().value).toBe('');
    expect(answered.filter((c) => c.path === '/api/chat/reply')).toHaveLength(1);
  });

  it('asks for the next page of conversations after the last one shown, by its time and key', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      ...item,
      id: `${NEW_YORK.id}:phone:+1530555${String(1000 + i)}`,
      client: null,
      phone: `+1530555${String(1000 + i)}`,
      lastMessage: { ...item.lastMessage, at: '2026-11-24T10:00:00.000Z' },
    }));
    calls = fakeServer((call) => {
      if (call.path === '/api/location') return { body: [NEW_YORK] };
      if (call.path === '/api/chat') return { body: { chatList: call.query.get('before') ? [] : items } };
      return undefined;
    });
    renderPage(<ChatPage />, { path: '/chat', pattern: '/chat' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more conversations' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/chat')).toHaveLength(2));
    const next = calls.filter((c) => c.path === '/api/chat')[1]!.query;
    // the key too: conversations whose last texts share the boundary's instant are not skipped
    expect(next.get('before')).toBe('2026-11-24T10:00:00.000Z');
    expect(next.get('beforeKey')).toBe(items[49]!.id);
  });

  it('says so when the conversations could not be loaded', async () => {
    listFails = true;
    renderPage(<ChatPage />, { path: '/chat', pattern: '/chat' });
    await screen.findByText('Error getting Chats');
    await screen.findByRole('button', { name: 'Retry' });
  });
});
