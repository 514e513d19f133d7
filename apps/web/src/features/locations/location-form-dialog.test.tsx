import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { LocationFormDialog } from './location-form-dialog';

const created = (call: Call) => ({ status: 201, body: { ...NEW_YORK, id: '44444444-4444-4444-8444-444444444444', ...(call.body as { data: object }).data } });

describe('a new location', () => {
  let posts: Call[];
  let others: (typeof NEW_YORK)[];
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    posts = [];
    others = [NEW_YORK];
    fakeServer((call) => {
      if (call.method === 'POST') {
        posts.push(call);
        return created(call);
      }
      if (call.path === '/api/location') return { body: others };
      return sessionAnswer(call, NEW_YORK);
    });
  });
  afterEach(resetAll);

  const name = (value: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value } });

  it('starts with the common species unless another location’s are chosen', async () => {
    renderPage(<LocationFormDialog open location={null} onClose={onClose} />);
    name('North Clinic');
    const species = await screen.findByRole('combobox', { name: /Species/ });
    expect(species.textContent).toMatch(/common species/);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[0]?.body).toMatchObject({ data: { name: 'North Clinic', speciesFrom: null } });
  });

  it('copies the species of the location chosen', async () => {
    renderPage(<LocationFormDialog open location={null} onClose={onClose} />);
    name('South Clinic');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Species/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: `The same as ${NEW_YORK.name}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[0]?.body).toMatchObject({ data: { name: 'South Clinic', speciesFrom: NEW_YORK.id } });
  });

  it('offers no choice to a practice without another location, nor when a location is edited', async () => {
    others = [];
    const { unmount } = renderPage(<LocationFormDialog open location={null} onClose={onClose} />);
    await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Species/ })).toBeNull());
    unmount();
    others = [NEW_YORK];
    renderPage(<LocationFormDialog open location={NEW_YORK} onClose={onClose} />);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('combobox', { name: /Species/ })).toBeNull();
  });
});
