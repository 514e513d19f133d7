import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { settingsStore } from '../../lib/settings';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import AppointmentsPage from './appointments-page';
import { appointment, lookups } from './test-support';

// Each draw of a filter's multi-select is counted; it draws as it does in the app.
const draws = vi.hoisted(() => ({ multiSelect: 0 }));
vi.mock('../../components/form-fields', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../components/form-fields')>();
  return {
    ...real,
    MultiSelectInput: (props: Parameters<typeof real.MultiSelectInput>[0]) => {
      draws.multiSelect++;
      return real.MultiSelectInput(props);
    },
  };
});

beforeEach(stubMatchMedia);
afterEach(() => {
  resetAll();
  act(() => settingsStore.update({ locationId: null, locationName: null, selectedStatuses: [], selectedProviders: [], selectedServices: [] }));
});

describe('the appointment list’s filters', () => {
  it('are not drawn again when the list answers a search, and still filter by what is picked', async () => {
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/api/appointment') {
        const search = call.query.get('search');
        return { body: { items: search === 'zz' ? [] : [appointment()], total: search === 'zz' ? 0 : 1 } };
      }
      return lookups(call);
    });
    renderPage(<AppointmentsPage />);
    await screen.findByText('Dana Owner');
    const lists = () => calls.filter((c) => c.path === '/api/appointment');
    await waitFor(() => expect(lists().length).toBeGreaterThan(0));

    const before = draws.multiSelect;
    fireEvent.change(screen.getByRole('textbox', { name: 'Search appointments' }), { target: { value: 'zz' } });
    await screen.findByText('No appointments match these filters');
    expect(lists().at(-1)!.query.get('search')).toBe('zz');
    expect(draws.multiSelect).toBe(before);

    // The handlers the memoised panel was given still act on the page as it is now: the search stays.
    // typed into, as a person picks from a long list: Cancelled is not among the default statuses
    const status = screen.getByRole('combobox', { name: 'Status' });
    act(() => status.focus());
    fireEvent.change(status, { target: { value: 'Cancel' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await waitFor(() => expect(lists().at(-1)!.query.get('status')).toContain('Cancelled'));
    expect(lists().at(-1)!.query.get('search')).toBe('zz');
    expect(draws.multiSelect).toBeGreaterThan(before);
  });
});
