import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppointmentDetail } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { NextStatusButton } from './next-status-button';
import { appointment, APPOINTMENT_ID, lookups, PATIENT_ID } from './test-support';

beforeEach(() => {
  stubMatchMedia();
});
afterEach(resetAll);

const EUTHANASIA = { id: 'e0000000-0000-4000-8000-000000000001', name: 'Home euthanasia', type: 'Euthanasia', duration: 60, price: 450 };
const OTHER_PATIENT = 'e0000000-0000-4000-8000-000000000002';

function serve(a: AppointmentDetail) {
  const posted: unknown[] = [];
  fakeServer((call) => {
    if (call.method === 'POST' && call.path === `/api/appointment/${APPOINTMENT_ID}`) {
      posted.push(call.body);
      return { body: { ...a, status: (call.body as { data: { status: string } }).data.status } };
    }
    return lookups(call);
  });
  return posted;
}

describe('NextStatusButton', () => {
  it('moves to the next status in one click and toasts it', async () => {
    const a = appointment({ status: 'Pending' });
    const posted = serve(a);
    const onChanged = vi.fn();
    renderPage(<NextStatusButton appointment={a} onChanged={onChanged} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Confirmed' }));
    expect(await screen.findByText('Appointment updated: Confirmed')).toBeTruthy();
    expect(posted).toEqual([{ data: { status: 'Confirmed', statusNote: null } }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('asks before checking in a visit that is not today; Cancel sends nothing', async () => {
    const a = appointment({ status: 'Confirmed', startAt: '2030-01-02T15:00:00.000Z', endAt: '2030-01-02T15:30:00.000Z' });
    const posted = serve(a);
    renderPage(<NextStatusButton appointment={a} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Checked In' }));
    const ask = await screen.findByRole('dialog', { name: 'Check in a visit that is not today?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Mark as Checked In' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Check in a visit that is not today?' })).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Appointment updated: Checked In')).toBeTruthy();
    expect(posted).toEqual([{ data: { status: 'Checked In', statusNote: null } }]);
  });

  it('checks in today’s visit without asking', async () => {
    const now = Date.now();
    const a = appointment({ status: 'Confirmed', startAt: new Date(now).toISOString(), endAt: new Date(now + 1_800_000).toISOString() });
    const posted = serve(a);
    renderPage(<NextStatusButton appointment={a} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Checked In' }));
    expect(await screen.findByText('Appointment updated: Checked In')).toBeTruthy();
    expect(posted).toHaveLength(1);
  });

  it('offers to record the death of each living patient when a euthanasia visit is completed', async () => {
    const a = appointment({
      status: 'Checked Out',
      serviceIds: [EUTHANASIA.id],
      services: [EUTHANASIA],
      patientIds: [PATIENT_ID, OTHER_PATIENT],
      patients: [
        { id: PATIENT_ID, name: 'Rex', speciesName: 'Dog', deceasedOn: null, alerts: [] },
        { id: OTHER_PATIENT, name: 'Tom', speciesName: 'Cat', deceasedOn: '2026-01-01', alerts: [] },
      ],
    });
    const posted = serve(a);
    renderPage(<NextStatusButton appointment={a} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Completed' }));
    const step = await screen.findByRole('dialog', { name: 'Change status to Completed' });
    const box = within(step).getByRole('checkbox', { name: 'Mark Rex as deceased' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(within(step).queryByRole('checkbox', { name: 'Mark Tom as deceased' })).toBeNull();
    fireEvent.click(box);
    fireEvent.click(within(step).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('Appointment updated: Completed')).toBeTruthy();
    expect(posted).toEqual([{ data: { status: 'Completed', statusNote: null, deceasedPatientIds: [] } }]);
  });

  it('renders nothing once the appointment is finished', async () => {
    const a = appointment({ status: 'Completed' });
    serve(a);
    const { container } = renderPage(<NextStatusButton appointment={a} />);
    await waitFor(() => expect(container.querySelector('button')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Mark as / })).toBeNull();
  });
});
