import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { AppointmentDetail } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { useStatusChange } from '../appointments/use-status-change';
import { appointment, APPOINTMENT_ID, lookups, PATIENT_ID } from '../appointments/test-support';
import { AftercareStep, VisitStep } from './status-steps';

beforeEach(() => {
  stubMatchMedia();
});
afterEach(resetAll);

const EUTHANASIA = { id: 'e0000000-0000-4000-8000-000000000001', name: 'Home euthanasia', type: 'Euthanasia', duration: 60, price: 450 };
const CREMATION = { id: 'e0000000-0000-4000-8000-000000000003', name: 'Private cremation', type: 'Cremation', duration: 0, price: 200 };

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

/** The steps as the journey mounts them: one status change for both, its dialogs beside them. */
function Steps({ appointment: a }: { appointment: AppointmentDetail }) {
  const status = useStatusChange(a);
  const moves = { start: status.start, busy: status.busy };
  return (
    <>
      <VisitStep appointment={a} moves={moves} />
      <AftercareStep appointment={a} moves={moves} />
      {status.dialogs}
    </>
  );
}

const eol = (over: Partial<AppointmentDetail>) =>
  appointment({
    serviceIds: [EUTHANASIA.id, CREMATION.id],
    services: [EUTHANASIA, CREMATION],
    patientIds: [PATIENT_ID],
    patients: [{ id: PATIENT_ID, name: 'Rex', speciesName: 'Dog', deceasedOn: null, alerts: [] }],
    ...over,
  });

describe('the journey’s status steps', () => {
  it('records the death with the move in one click: the box beside the button is ticked', async () => {
    const a = eol({ status: 'Checked Out' });
    const posted = serve(a);
    renderPage(<Steps appointment={a} />);
    expect((screen.getByRole('checkbox', { name: 'Mark Rex as deceased' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move to Submitted For Cremation' }));
    expect(await screen.findByText('Appointment updated: Submitted For Cremation')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([{ data: { status: 'Submitted For Cremation', statusNote: null, deceasedPatientIds: [PATIENT_ID] } }]);
  });

  it('an unticked box moves the status without recording the death, still without a question', async () => {
    const a = eol({ status: 'Checked Out' });
    const posted = serve(a);
    renderPage(<Steps appointment={a} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mark Rex as deceased' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to Submitted For Cremation' }));
    expect(await screen.findByText('Appointment updated: Submitted For Cremation')).toBeTruthy();
    expect(posted).toEqual([{ data: { status: 'Submitted For Cremation', statusNote: null, deceasedPatientIds: [] } }]);
  });

  it('before the death move there is no box; a checked-in visit checks out', async () => {
    const now = Date.now();
    const a = eol({ status: 'Checked In', startAt: new Date(now).toISOString(), endAt: new Date(now + 3_600_000).toISOString() });
    const posted = serve(a);
    renderPage(<Steps appointment={a} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move to Checked Out' }));
    expect(await screen.findByText('Appointment updated: Checked Out')).toBeTruthy();
    expect(posted).toEqual([{ data: { status: 'Checked Out', statusNote: null } }]);
  });

  it('offers the ashes delivered or spread once cremated, and the visit step no move', async () => {
    const a = eol({ status: 'Cremated', patients: [{ id: PATIENT_ID, name: 'Rex', speciesName: 'Dog', deceasedOn: '2026-11-28', alerts: [] }] });
    const posted = serve(a);
    renderPage(<Steps appointment={a} />);
    expect(screen.getByText('Death recorded: Rex (2026-11-28)')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Move to Ashes Delivered', 'Move to Ashes Spread']);
    fireEvent.click(screen.getByRole('button', { name: 'Move to Ashes Spread' }));
    expect(await screen.findByText('Appointment updated: Ashes Spread')).toBeTruthy();
    expect(posted).toEqual([{ data: { status: 'Ashes Spread', statusNote: null, deceasedPatientIds: [] } }]);
  });
});
