import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AddOnCategory } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { AddOnFormDialog } from './add-on-form-dialog';

const CATEGORY: AddOnCategory = {
  id: '44444444-4444-4444-8444-444444444444',
  locationId: NEW_YORK.id,
  name: 'Keepsakes',
  description: null,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('add-on item form', () => {
  let calls: Call[];
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/api/addOnCategory') return { body: [CATEGORY] };
      if (call.method === 'POST' && call.path === '/api/addOn') return { status: 201, body: { id: 'x' } };
      return undefined;
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function fillBasics() {
    renderPage(<AddOnFormDialog open addOn={null} locationId={NEW_YORK.id} onClose={onClose} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Category/ }));
    // the categories arrive after the dialog opens
    fireEvent.click(await screen.findByRole('option', { name: 'Keepsakes' }));
    typeInto('Name', 'Paw print');
    typeInto('Price', '45');
  }

  it('sends the options with their choices, a typed but unconfirmed choice included', async () => {
    await fillBasics();
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    typeInto('Option 1 name', 'Ink colour');
    typeInto('Add a choice to Ink colour', 'Black');
    fireEvent.click(screen.getByRole('button', { name: 'Add choice' }));
    typeInto('Add a choice to Ink colour', 'Blue');
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    typeInto('Option 2 name', 'Engraving');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      data: {
        categoryId: CATEGORY.id,
        name: 'Paw print',
        description: null,
        price: 45,
        options: [
          { name: 'Ink colour', choices: ['Black', 'Blue'] },
          { name: 'Engraving', choices: [] },
        ],
        active: true,
      },
    });
    expect(await screen.findByText('Add-On created')).toBeTruthy();
  });

  it('refuses two options with the same name before sending', async () => {
    await fillBasics();
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    typeInto('Option 1 name', 'Colour');
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    typeInto('Option 2 name', 'colour');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('option names must differ')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
