import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Service } from '@willow/contracts';
import { ServiceFormDialog } from './service-form-dialog';
import { formatDuration } from './service-format';
import { fakeServer, NEW_YORK, renderPage, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';

const SERVICE: Service = {
  id: '22222222-2222-4222-8222-222222222222',
  locationId: NEW_YORK.id,
  type: 'Dental',
  name: 'Dental cleaning',
  duration: 60,
  price: 240,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

async function chooseType(option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Type/ }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('service form', () => {
  let calls: Call[];
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    calls = fakeServer((call) =>
      call.method === 'POST' ? { status: call.path === '/api/service' ? 201 : 200, body: { ...SERVICE, ...(call.body as { data: object }).data } } : undefined,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the contract rules before sending anything', async () => {
    renderPage(<ServiceFormDialog open service={null} locationId={NEW_YORK.id} onClose={onClose} />);
    type('Duration (min)', '3');
    type('Price', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field must be at least 5 minutes.')).toBeTruthy();
    expect(screen.getByText('This field must have at most two decimals.')).toBeTruthy();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates a service at the page location with numbers, then closes', async () => {
    renderPage(<ServiceFormDialog open service={null} locationId={NEW_YORK.id} onClose={onClose} />);
    await chooseType('Consultation');
    type('Name', 'Wellness exam');
    type('Duration (min)', '45');
    type('Price', '85,5');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/service');
    expect(post?.body).toEqual({
      data: { locationId: NEW_YORK.id, type: 'Consultation', name: 'Wellness exam', duration: 45, price: 85.5, active: true },
    });
    expect(await screen.findByText('Service created')).toBeTruthy();
  });

  it('updates without moving the service to another location', async () => {
    renderPage(<ServiceFormDialog open service={SERVICE} locationId="33333333-3333-4333-8333-333333333333" onClose={onClose} />);
    type('Price', '250');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/service/${SERVICE.id}`);
    expect(post?.body).toEqual({ data: { type: 'Dental', name: 'Dental cleaning', duration: 60, price: 250, active: true } });
  });

  it('shows the server reason under the error title', async () => {
    calls = fakeServer(() => ({ status: 409, body: { error: { message: 'A service with this name already exists' } } }));
    renderPage(<ServiceFormDialog open service={SERVICE} locationId={NEW_YORK.id} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating service')).toBeTruthy();
    expect(screen.getByText('A service with this name already exists')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  // Chrome takes the focus off a button disabled while its save runs; a keyboard user must not be
  // left on the page (or on the dialog itself) when the save is refused.
  const pressSaveAndLoseFocus = () => {
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    save.blur();
    return save;
  };

  it('after a refused save, gives the focus back to the Save button', async () => {
    calls = fakeServer(() => ({ status: 409, body: { error: { message: 'A service with this name already exists' } } }));
    renderPage(<ServiceFormDialog open service={SERVICE} locationId={NEW_YORK.id} onClose={onClose} />);
    const save = pressSaveAndLoseFocus();
    expect(await screen.findByText('Error updating service')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('after a save refused over one field, puts the focus in that field', async () => {
    calls = fakeServer(() => ({ status: 400, body: { error: { message: 'name: is already used by another service' } } }));
    renderPage(<ServiceFormDialog open service={SERVICE} locationId={NEW_YORK.id} onClose={onClose} />);
    pressSaveAndLoseFocus();
    expect(await screen.findByText('Error updating service')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(name));
  });
});

describe('formatDuration', () => {
  it('reads as minutes and hours', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});
