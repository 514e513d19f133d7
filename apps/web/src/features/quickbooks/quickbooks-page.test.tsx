import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { QUICKBOOKS_MESSAGES, type QuickbooksConnection } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import QuickbooksPage from './quickbooks-page';

const WITH_QUICKBOOKS = { ...NEW_YORK, integrations: [{ service: 'quickbooks' as const, locationId: NEW_YORK.id, working: true }] };
const connection = (over: Partial<QuickbooksConnection> = {}): QuickbooksConnection => ({
  integrationId: '22222222-2222-4222-8222-222222222222',
  locationId: NEW_YORK.id,
  locationName: NEW_YORK.name,
  environment: 'production',
  status: 'connected',
  companyId: '9130357992211456',
  companyName: 'Main Street Books',
  connectedAt: '2026-11-20T15:00:00.000Z',
  problem: null,
  lastCheck: { ok: true, message: 'Connected to the QuickBooks company Main Street Books.', at: '2026-11-20T15:00:00.000Z' },
  ...over,
});

function serve(location: typeof NEW_YORK, permissions: string[], connections: QuickbooksConnection[] = []) {
  return fakeServer((call) => {
    if (call.path === '/api/quickbooks') return { body: connections };
    return sessionAnswer(call, location, permissions);
  });
}

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('the Quickbooks page', () => {
  it('says the account has no accounting integration, with a link to Locations, and asks for no connections', async () => {
    const calls = serve(NEW_YORK, ['locations.manage']);
    renderPage(<QuickbooksPage />, { path: '/quickbooks' });
    await screen.findByText(/QuickBooks Online is not set up for this account/);
    expect(screen.getByRole('link', { name: 'Locations' }).getAttribute('href')).toBe('/locations');
    expect(calls.some((c) => c.path === '/api/quickbooks')).toBe(false);
  });

  it('shows each location’s company and state, with the actions for those who manage locations', async () => {
    serve(WITH_QUICKBOOKS, ['locations.manage'], [connection()]);
    renderPage(<QuickbooksPage />, { path: '/quickbooks' });
    const card = await screen.findByRole('region', { name: `QuickBooks at ${NEW_YORK.name}` });
    expect(within(card).getByText('Main Street Books')).toBeTruthy();
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(within(card).getByText('Production')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Integration settings' }).getAttribute('href')).toBe(`/locations?integrations=${NEW_YORK.id}`);
  });

  it('says a location needs reconnecting, why, and offers no buttons to staff who cannot manage locations', async () => {
    const message = `${QUICKBOOKS_MESSAGES.reconnect} (QuickBooks said: invalid_grant)`;
    serve(WITH_QUICKBOOKS, [], [connection({ status: 'needsReconnect', lastCheck: { ok: false, message, at: '2026-11-21T09:00:00.000Z' } })]);
    renderPage(<QuickbooksPage />, { path: '/quickbooks' });
    await screen.findByText('Needs reconnecting');
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows what Intuit’s return said: a refusal stays as an alert, a connection as a toast', async () => {
    serve(WITH_QUICKBOOKS, ['locations.manage'], [connection()]);
    renderPage(<QuickbooksPage />, { path: `/quickbooks?${new URLSearchParams({ error: QUICKBOOKS_MESSAGES.stateInvalid })}` });
    expect((await screen.findByRole('alert')).textContent).toContain(QUICKBOOKS_MESSAGES.stateInvalid);
    resetAll();
    stubMatchMedia();
    serve(WITH_QUICKBOOKS, ['locations.manage'], [connection()]);
    renderPage(<QuickbooksPage />, { path: `/quickbooks?connected=${NEW_YORK.id}` });
    await screen.findByText(QUICKBOOKS_MESSAGES.connected);
  });
});
