import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AppointmentAddOns } from './appointment-add-ons';
import type { DraftAddOn, PendingAddOn } from './appointment-add-ons';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { addOnOf, appointment, APPOINTMENT_ID, PAW_PRINT_ID } from './test-support';

const ATTACHED_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000014';
const pawPrint = addOnOf(PAW_PRINT_ID, 'Paw print', { options: [{ name: 'Ink colour', choices: ['Blue', 'Red'] }] });
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

/** The add-ons section as the dialog holds it: the staged list and the pending choice in its state. */
function Section({ onPending }: { onPending: (p: PendingAddOn | null) => void }) {
  const [staged, setStaged] = useState<DraftAddOn[]>([]);
  return <AppointmentAddOns appointment={appointment({ addOns: [attached] })} staged={staged} onStagedChange={setStaged} onPendingChange={onPending} />;
}

describe('add-ons of an existing appointment', () => {
  it('lists the attached ones with their answers and keeps new ones for the appointment’s Save', async () => {
    const calls = fakeServer((call) => (call.method === 'GET' && call.path === '/api/addOn' ? { body: [pawPrint] } : undefined));
    const pending: (PendingAddOn | null)[] = [];
    renderPage(<Section onPending={(p) => pending.push(p)} />);

    const list = screen.getByRole('list', { name: 'Add-ons of this appointment' });
    expect(within(list).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['Paw print · 45.00Ink colour: Red']);
    expect(screen.getByRole('button', { name: 'Edit Paw print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Paw print' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));
    expect(await screen.findByText('Choose an add-on')).toBeTruthy();
    await choose('Add-on', 'Keepsakes – Paw print (45.00)');
    await choose('Ink colour', 'Blue');
    // Chosen but not attached yet: the dialog knows, so its Save takes it along.
    expect(pending.at(-1)).toEqual({ addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Blue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));

    const toAttach = await screen.findByRole('list', { name: 'Add-ons to attach' });
    expect(within(toAttach).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['Paw print · 45.00Ink colour: Blue · Attached when you save']);
    expect(pending.at(-1)).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Attach' })).toBeNull());
  });
});
