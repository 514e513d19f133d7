import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { settingsStore } from '../../lib/settings';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import AppointmentsPage from './appointments-page';
import { appointment, lookups, providers, services, VET_ID } from './test-support';

const DELETED_VET_ID = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000ff';

/** Lists as the server does: a filter naming an id that is no record of the account is a 404. */
function serve(sidebar?: () => unknown): Call[] {
  return fakeServer((call) => {
    if (sidebar && call.path === '/api/scheduleSlot/sidebar') return { body: sidebar() };
    if (call.method === 'GET' && call.path === '/api/appointment') {
      if ((call.query.get('providerId') ?? '').includes(DELETED_VET_ID)) return { status: 404, body: { error: { message: 'Not found' } } };
      return { body: { items: [appointment({ primaryProviderId: VET_ID })], total: 1 } };
    }
    return lookups(call);
  });
}

beforeEach(stubMatchMedia);
afterEach(() => {
  resetAll();
  act(() => settingsStore.update({ locationId: null, locationName: null, selectedProviders: [], selectedServices: [] }));
});

describe('appointments page with a saved provider that was deleted', () => {
  it('waits for the providers, then lists without the deleted one and forgets it', async () => {
    act(() => settingsStore.update({ selectedProviders: [DELETED_VET_ID, VET_ID] }));
    const calls = serve();
    renderPage(<AppointmentsPage />);

    await screen.findByText('Dana Owner');
    const lists = calls.filter((c) => c.path === '/api/appointment');
    expect(lists.map((c) => c.query.get('providerId'))).toEqual([VET_ID]);
    await waitFor(() => expect(settingsStore.get().selectedProviders).toEqual([VET_ID]));
  });

  it('looks at the providers again when the list answers 404 (deleted since they were loaded)', async () => {
    act(() => settingsStore.update({ selectedProviders: [DELETED_VET_ID, VET_ID] }));
    let sidebars = 0;
    const deletedVet = { ...providers[0]!, id: DELETED_VET_ID, firstName: 'Gone' };
    const calls = serve(() => ({ providers: sidebars++ === 0 ? [...providers, deletedVet] : providers, services }));
    renderPage(<AppointmentsPage />);

    await screen.findByText('Dana Owner');
    const lists = calls.filter((c) => c.path === '/api/appointment');
    expect(lists.map((c) => c.query.get('providerId'))).toEqual([`${DELETED_VET_ID},${VET_ID}`, VET_ID]);
    expect(sidebars).toBe(2);
    expect(settingsStore.get().selectedProviders).toEqual([VET_ID]);
  });
});
