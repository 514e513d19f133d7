import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppointmentInput } from '@willow/contracts';
import { useLocations } from '../locations/locations.api';
import { useOverlapAwareCreate, useOverlapAwareUpdate } from './use-overlap-aware-save';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Answer } from '../../test/test-support';
import { appointment, APPOINTMENT_ID, CLIENT_ID, location, LOCATION_ID, PATIENT_ID, VET_ID } from './test-support';

const OVERLAP = 'Overlaps with Rex (Consultation) from 9:00 AM to 10:00 AM EST';
const move = { startAt: '2026-11-23T14:00:00.000Z', endAt: '2026-11-23T15:00:00.000Z' };

/** A calendar-like caller: one button that moves the appointment and shows how it ended. */
function Mover() {
  const { update, dialog } = useOverlapAwareUpdate();
  const [result, setResult] = useState<string>('waiting');
  return (
    <>
      <button type="button" onClick={() => void update(APPOINTMENT_ID, move).then((ok) => setResult(String(ok)))}>
        Move
      </button>
      <p data-testid="result">{result}</p>
      {dialog}
    </>
  );
}

/** Answers the update with each of `answers` in turn and records what was sent. */
function serveUpdates(...answers: Answer[]) {
  const bodies: unknown[] = [];
  fakeServer((call) => {
    if (call.method === 'POST' && call.path === `/api/appointment/${APPOINTMENT_ID}`) {
      bodies.push(call.body);
      return answers.shift();
    }
    return undefined;
  });
  return bodies;
}

const overlap: Answer = { status: 409, body: { error: { message: OVERLAP } } };
const saved: Answer = { body: appointment() };
const result = () => screen.getByTestId('result').textContent;

beforeEach(() => {
  stubMatchMedia();
});
afterEach(resetAll);

describe('overlap-aware update', () => {
  it('asks for a reason on an overlap and books anyway with it', async () => {
    const bodies = serveUpdates(overlap, saved);
    renderPage(<Mover />);
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));

    const dialog = await screen.findByRole('dialog', { name: 'Overlapping appointment' });
    expect(within(dialog).getByText(OVERLAP)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book anyway' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(bodies).toHaveLength(1);

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Owner can only come then' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book anyway' }));

    await waitFor(() => expect(result()).toBe('true'));
    expect(bodies).toEqual([{ data: move }, { data: { ...move, overlapReason: 'Owner can only come then' } }]);
    expect(await screen.findByText('Appointment updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Overlapping appointment' })).toBeNull());
  });

  it('resolves false and sends nothing more when the user goes back', async () => {
    const bodies = serveUpdates(overlap);
    renderPage(<Mover />);
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overlapping appointment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));

    await waitFor(() => expect(result()).toBe('false'));
    expect(bodies).toHaveLength(1);
    expect(screen.queryByText('Appointment updated')).toBeNull();
  });

  it('shows the server’s message under the error title for other refusals', async () => {
    serveUpdates({ status: 400, body: { error: { message: 'status: cannot change from Pending to Completed' } } });
    renderPage(<Mover />);
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(result()).toBe('false'));
    expect(await screen.findByText('Error updating appointment')).toBeTruthy();
    expect(screen.getByText('status: cannot change from Pending to Completed')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Overlapping appointment' })).toBeNull();
  });
});

describe('overlap-aware create', () => {
  const input: AppointmentInput = { locationId: LOCATION_ID, clientId: CLIENT_ID, ...move };

  function Creator() {
    const { create, dialog } = useOverlapAwareCreate();
    const [created, setCreated] = useState('waiting');
    return (
      <>
        <button type="button" onClick={() => void create(input).then((a) => setCreated(a ? a.id : 'none'))}>
          Create
        </button>
        <p data-testid="result">{created}</p>
        {dialog}
      </>
    );
  }

  it('retries the create with the reason after an overlap', async () => {
    const bodies: unknown[] = [];
    const answers: Answer[] = [overlap, { status: 201, body: appointment() }];
    fakeServer((call) => {
      if (call.method !== 'POST' || call.path !== '/api/appointment') return undefined;
      bodies.push(call.body);
      return answers.shift();
    });
    renderPage(<Creator />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overlapping appointment' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Emergency' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book anyway' }));

    await waitFor(() => expect(result()).toBe(APPOINTMENT_ID));
    expect(bodies).toEqual([{ data: input }, { data: { ...input, overlapReason: 'Emergency' } }]);
    expect(await screen.findByText('Appointment created')).toBeTruthy();
  });

  it('names every clash in the location’s zone and books at the next free time in one click', async () => {
    const bodies: unknown[] = [];
    const answers: Answer[] = [overlap, { status: 201, body: appointment() }];
    // 9:00–10:00 AM New York is wanted for Vera; she is busy 8:30–9:30 and 9:30–10:15, and Rex is busy 9:45–10:00.
    const booked = [
      appointment({ id: 'a1', status: 'Confirmed', startAt: '2026-11-23T13:30:00.000Z', endAt: '2026-11-23T14:30:00.000Z', primaryProviderId: VET_ID }),
      appointment({ id: 'a2', status: 'Confirmed', startAt: '2026-11-23T14:30:00.000Z', endAt: '2026-11-23T15:15:00.000Z', primaryProviderId: VET_ID,
        patientIds: [PATIENT_ID], patients: [{ id: PATIENT_ID, name: 'Rex', speciesName: 'Dog', deceasedOn: null, alerts: [] }] }),
      appointment({ id: 'a3', status: 'Cancelled', startAt: '2026-11-23T15:15:00.000Z', endAt: '2026-11-23T16:00:00.000Z', primaryProviderId: VET_ID }),
    ];
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/api/location') return { body: [location] };
      if (call.method === 'GET' && call.path === '/api/user') return { body: [{ id: VET_ID, firstName: 'Vera', lastName: 'Vet' }] };
      if (call.method === 'GET' && call.path === '/api/appointment') return { body: { items: booked, total: booked.length } };
      if (call.method !== 'POST' || call.path !== '/api/appointment') return undefined;
      bodies.push(call.body);
      return answers.shift();
    });
    const wanted: AppointmentInput = { ...input, primaryProviderId: VET_ID };
    function VetCreator() {
      const { create, dialog } = useOverlapAwareCreate();
      const [created, setCreated] = useState('waiting');
      // The page around it has the locations (and their zones) already.
      const loaded = useLocations(false).data;
      return (
        <>
          {loaded && <p>ready</p>}
          <button type="button" onClick={() => void create(wanted).then((a) => setCreated(a ? a.id : 'none'))}>
            Create
          </button>
          <p data-testid="result">{created}</p>
          {dialog}
        </>
      );
    }
    renderPage(<VetCreator />);
    await screen.findByText('ready');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overlapping appointment' });
    const clashes = await within(dialog).findByRole('alert', { name: 'Overlapping appointments' });
    const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
    await waitFor(() => expect(plain(clashes.textContent)).toContain('with Vera Vet'));
    expect(plain(clashes.textContent)).toContain('9:00 AM – 10:00 AM on 2026-11-23 overlaps these 2 appointments (times in America/New_York)');
    const lines = within(clashes).getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(lines).toEqual(['8:30 AM – 9:30 AM: Dana Owner · Consultation · with Vera Vet', '9:30 AM – 10:15 AM: Rex (Dana Owner) · Consultation · with Vera Vet']);
    // The day was read at the location, over its own day.
    const read = calls.find((c) => c.method === 'GET' && c.path === '/api/appointment')!;
    expect(read.query.get('startDate')).toBe('2026-11-23T05:00:00.000Z');
    expect(read.query.get('endDate')).toBe('2026-11-24T05:00:00.000Z');

    fireEvent.click(within(dialog).getByRole('button', { name: /^Book at 10:15\sAM$/ }));
    await waitFor(() => expect(result()).toBe(APPOINTMENT_ID));
    expect(bodies).toEqual([{ data: wanted }, { data: { ...wanted, startAt: '2026-11-23T15:15:00.000Z', endAt: '2026-11-23T16:15:00.000Z' } }]);
  });
});
