import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AddOn } from '@willow/contracts';
import { AppointmentAddOns } from './appointment-add-ons';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { appointment, APPOINTMENT_ID, LOCATION_ID } from './test-support';

const PAW_PRINT_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000011';
const ATTACHED_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000014';
const pawPrint: AddOn = {
  id: PAW_PRINT_ID,
  locationId: LOCATION_ID,
  categoryId: '0c8a8d4e-2a3b-4c5d-8e9f-000000000013',
  categoryName: 'Keepsakes',
  name: 'Paw print',
  description: null,
  price: 45,
  options: [{ name: 'Ink colour', choices: ['Blue', 'Red'] }],
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const attached = { id: ATTACHED_ID, appointmentId: APPOINTMENT_ID, addOnId: PAW_PRINT_ID, name: 'Paw print', price: 45, values: { 'Ink colour': 'Red' } };

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

beforeEach(() => {
  stubMatchMedia();
});
afterEach(resetAll);

describe('add-ons of an existing appointment', { timeout: 20_000 }, () => {
  it('lists the attached ones with their answers and attaches another straight away', async () => {
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/api/addOn') return { body: [pawPrint] };
      if (call.method === 'POST' && call.path === '/api/appointmentAddOn') return { status: 201, body: { ...attached, id: 'new', values: { 'Ink colour': 'Blue' } } };
      return undefined;
    });
    renderPage(<AppointmentAddOns appointment={appointment({ addOns: [attached] })} />);

    const list = screen.getByRole('list', { name: 'Add-ons of this appointment' });
    expect(within(list).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['Paw print · 45.00Ink colour: Red']);
    expect(screen.getByRole('button', { name: 'Edit Paw print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Paw print' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await choose('Add-on', 'Keepsakes – Paw print (45.00)');
    await choose('Ink colour', 'Blue');
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));

    expect(await screen.findByText('Add-On Added to Appointment')).toBeTruthy();
    const posted = calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(posted).toEqual([['/api/appointmentAddOn', { data: { appointmentId: APPOINTMENT_ID, addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Blue' } } }]]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Attach' })).toBeNull());
  });
});
