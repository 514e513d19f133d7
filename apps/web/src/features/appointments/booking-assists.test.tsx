import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppointmentDialog } from './appointment-dialog';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { client, CLIENT_ID, LOCATION_ID, lookups, PATIENT_ID, services, VET_ID } from './test-support';

const EUTHANASIA_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000031';
const OLD_DOG_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000032';
const draft = { locationId: LOCATION_ID, startAt: '2026-11-23T14:00:00.000Z', endAt: '2026-11-23T14:30:00.000Z', primaryProviderId: VET_ID };
const pet = (id: string, name: string, deceasedOn: string | null, alerts: string[] = []) => ({
  id,
  clientId: CLIENT_ID,
  clientName: 'Dana Owner',
  name,
  speciesName: 'Dog',
  deceasedOn,
  alerts,
});
const withServices = [...services, { ...services[0]!, id: EUTHANASIA_ID, type: 'Euthanasia' as const, name: 'Home euthanasia', duration: 90 }];

/** The household: Rex (bites) alive, Old Sam deceased; the client with a phone and a note. */
function household(call: Call) {
  if (call.method === 'GET' && call.path === '/api/patient')
    return { body: { items: [pet(PATIENT_ID, 'Rex', null, ['bites']), pet(OLD_DOG_ID, 'Old Sam', '2025-02-01')], total: 2 } };
  if (call.method === 'GET' && call.path === `/api/client/${CLIENT_ID}`)
    return { body: { ...client, phone: '555-0142', notes: 'Hard of hearing: call the daughter' } };
  if (call.method === 'GET' && (call.path === '/api/service' || call.path === '/api/scheduleSlot/sidebar')) {
    const answer = lookups(call)!;
    return call.path === '/api/service' ? { body: withServices } : { body: { ...(answer.body as object), services: withServices } };
  }
  return lookups(call);
}

beforeEach(() => {
  stubMatchMedia();
});
afterEach(resetAll);

describe('booking assists', () => {
  it('picks the client’s only living animal and shows the client’s phone, notes and the animal’s alerts', async () => {
    fakeServer(household);
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Rex' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Old Sam/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Call Dana Owner on 555-0142' })).toBeTruthy();
    expect(screen.getByRole('alert', { name: 'Client alerts' }).textContent).toContain('Hard of hearing: call the daughter');
    expect(screen.getByRole('alert', { name: 'Patient alerts' }).textContent).toContain('bites');
  });

  it('leaves the pick to the person when the client has several living animals', async () => {
    fakeServer((call) =>
      call.method === 'GET' && call.path === '/api/patient'
        ? { body: { items: [pet(PATIENT_ID, 'Rex', null), pet(OLD_DOG_ID, 'Bella', null)], total: 2 } }
        : household(call),
    );
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={() => {}} />);
    await screen.findByRole('link', { name: 'Call Dana Owner on 555-0142' });
    const patients = screen.getByRole('combobox', { name: 'Patients' });
    fireEvent.keyDown(patients, { key: 'ArrowDown' });
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['RexDog', 'BellaDog']);
    expect(screen.queryByRole('button', { name: 'Rex' })).toBeNull();
  });

  it('finds a service by typing and switches the home visit on with the client’s address', async () => {
    fakeServer(household);
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={() => {}} />);
    await screen.findByRole('button', { name: 'Rex' });
    expect((screen.getByLabelText('Home visit') as HTMLInputElement).checked).toBe(false);

    const field = screen.getByRole('combobox', { name: 'Services' });
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'euth' } });
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Home euthanasia (90 min)Euthanasia']);
    fireEvent.click(within(listbox).getByRole('option'));

    await waitFor(() => expect((screen.getByLabelText('Home visit') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText(/^Address/) as HTMLTextAreaElement).value).toBe('12 Elm Street');
  });

  it('starts with the animal it was booked for (Book on a patient)', async () => {
    fakeServer((call) =>
      call.method === 'GET' && call.path === '/api/patient'
        ? { body: { items: [pet(PATIENT_ID, 'Rex', null), pet(OLD_DOG_ID, 'Bella', null)], total: 2 } }
        : household(call),
    );
    renderPage(<AppointmentDialog open clientId={CLIENT_ID} patientId={OLD_DOG_ID} onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Bella' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rex' })).toBeNull();
  });
});
