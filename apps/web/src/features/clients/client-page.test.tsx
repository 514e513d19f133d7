import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientDetail } from '@willow/contracts';
import { buildRegistry } from '../../app/feature-registry';
import { RegistryContext } from '../../app/registry-context';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import ClientPage, { CLIENT_KEPT_FOR_HISTORY } from './client-page';

const ID = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000c1';
const stamp = '2026-01-01T00:00:00.000Z';
const ARCHIVED_AT = '2026-11-20T15:30:00.000Z';

function clientOf(overrides: Partial<ClientDetail> = {}): ClientDetail {
  return {
    id: ID,
    locationId: NEW_YORK.id,
    firstName: 'Dana',
    lastName: 'Owner',
    email: null,
    phone: null,
    alternatePhone: null,
    address: null,
    notes: null,
    primaryVeterinarianId: null,
    archivedAt: null,
    hasHistory: true,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  };
}

/**
 * The client's page as a user holding `permissions` sees it; archive and restore answer as the
 * server does and change what the next GET answers.
 */
function serve(permissions: string[], initial: ClientDetail): Call[] {
  let client = initial;
  return fakeServer((call) => {
    if (call.path === `/api/client/${ID}` && call.method === 'GET') return { body: client };
    if (call.path === `/api/client/${ID}/archive` && call.method === 'POST') {
      client = { ...client, archivedAt: ARCHIVED_AT };
      return { body: client };
    }
    if (call.path === `/api/client/${ID}/restore` && call.method === 'POST') {
      client = { ...client, archivedAt: null };
      return { body: client };
    }
    if (call.path === `/api/client/${ID}` && call.method === 'DELETE') return { body: { ok: true } };
    if (call.path === '/api/user') return { body: [] };
    return sessionAnswer(call, NEW_YORK, permissions);
  });
}

function renderClientPage() {
  return renderPage(
    <RegistryContext.Provider value={buildRegistry([])}>
      <ClientPage />
    </RegistryContext.Provider>,
    { path: `/clients/${ID}`, pattern: '/clients/:id' },
  );
}

const button = (name: string) => screen.queryByRole('button', { name });
const sent = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('client page: archive, restore and delete', () => {
  it('offers Front Desk (no records.delete) Archive but no Delete; Esc closes the confirmation without archiving', async () => {
    const calls = serve([], clientOf());
    renderClientPage();
    await screen.findByRole('heading', { name: 'Dana Owner' });
    fireEvent.click(button('Archive')!);
    const dialog = await screen.findByRole('dialog', { name: 'Archive client' });
    // It says it will archive (kept, restorable), not delete.
    expect(dialog.textContent).toContain('Archive Dana Owner?');
    expect(dialog.textContent).toContain('Nothing is deleted');
    expect(dialog.textContent).toContain('restore them at any time');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'POST', `/api/client/${ID}/archive`)).toEqual([]);
    // By now the permissions have long been answered: still no Delete.
    expect(sent(calls, 'GET', '/api/user/permissions').length).toBeGreaterThan(0);
    expect(button('Delete')).toBeNull();
  });

  it('archives on confirmation with the SPEC-style toast, then shows Archived and restores', async () => {
    const calls = serve([], clientOf());
    renderClientPage();
    await screen.findByRole('heading', { name: 'Dana Owner' });

    fireEvent.click(button('Archive')!);
    const dialog = await screen.findByRole('dialog', { name: 'Archive client' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Client archived');
    expect(sent(calls, 'POST', `/api/client/${ID}/archive`)).toHaveLength(1);
    await screen.findByText(/^Archived .*left out of lists, search and pickers/);
    await waitFor(() => expect(button('Archive')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await screen.findByText('Client restored');
    expect(sent(calls, 'POST', `/api/client/${ID}/restore`)).toHaveLength(1);
    await screen.findByRole('button', { name: 'Archive' });
    expect(screen.queryByText(/left out of lists/)).toBeNull();
  });

  it('shows an Administrator (records.delete) Delete, disabled with the reason while the client has history', async () => {
    serve(['records.delete'], clientOf({ hasHistory: true }));
    renderClientPage();
    const remove = (await screen.findByRole('button', { name: 'Delete' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    // The reason describes the button's wrapper (a title), never labels a plain span.
    expect(screen.getByTitle(CLIENT_KEPT_FOR_HISTORY).getAttribute('aria-label')).toBeNull();
    expect(button('Archive')).not.toBeNull();
  });

  it('deletes a client without history for good after a confirmation that says so', async () => {
    const calls = serve(['records.delete'], clientOf({ hasHistory: false }));
    renderClientPage();
    const remove = (await screen.findByRole('button', { name: 'Delete' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete client' });
    expect(dialog.textContent).toContain('for good');
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Client deleted');
    expect(sent(calls, 'DELETE', `/api/client/${ID}`)).toHaveLength(1);
  });
});
