import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SubmissionChoices } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { useAppointment } from '../appointments/appointments.api';
import { appointment, APPOINTMENT_ID } from '../appointments/test-support';
import { ConsentChoices } from './consent-choices';

const SUBMISSION_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000201';
const choices = (overrides: Partial<SubmissionChoices> = {}): SubmissionChoices => ({
  submissionId: SUBMISSION_ID,
  formName: 'Euthanasia consent',
  appointmentId: APPOINTMENT_ID,
  submittedAt: '2026-11-24T13:00:00.000Z',
  addOns: [
    { addOnId: '0c8a8d4e-2a3b-4c5d-8e9f-000000000202', name: 'Paw print', price: 45 },
    { addOnId: '0c8a8d4e-2a3b-4c5d-8e9f-000000000203', name: 'Urn', price: 120 },
  ],
  cremationType: 'private',
  ashesDisposition: 'returned',
  labels: ['Paw print', 'Urn', 'Private cremation', 'Ashes returned'],
  acceptedAt: null,
  acceptedBy: null,
  ...overrides,
});

/** The appointment as the dialog reads it: accepting must refresh it (its add-ons are part of it). */
function WithAppointment() {
  useAppointment(APPOINTMENT_ID);
  return <ConsentChoices appointment={appointment()} />;
}

describe('the family’s choices on the appointment', () => {
  beforeEach(stubMatchMedia);
  afterEach(resetAll);

  it('offers what the family chose, accepts it in one click, then says it was accepted', async () => {
    let accepted = false;
    const calls = fakeServer((call) => {
      if (call.path === '/api/formSubmission/choices') {
        return { body: { choices: accepted ? choices({ acceptedAt: '2026-11-24T14:00:00.000Z', acceptedBy: { id: 'u1', name: 'Dana Desk' } }) : choices() } };
      }
      if (call.method === 'POST' && call.path === `/api/formSubmission/${SUBMISSION_ID}/acceptChoices`) {
        accepted = true;
        return { body: choices({ acceptedAt: '2026-11-24T14:00:00.000Z', acceptedBy: { id: 'u1', name: 'Dana Desk' } }) };
      }
      if (call.path === `/api/appointment/${APPOINTMENT_ID}`) return { body: appointment() };
      return undefined;
    });
    renderPage(<WithAppointment />);
    expect(await screen.findByText('The family chose: Paw print, Urn, Private cremation, Ashes returned')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/formSubmission/choices')!.query.get('appointmentId')).toBe(APPOINTMENT_ID);

    fireEvent.click(screen.getByRole('button', { name: 'Accept choices' }));
    expect(await screen.findByText('Choices added to the appointment')).toBeTruthy();
    expect(await screen.findByText('Accepted by Dana Desk: Paw print, Urn, Private cremation, Ashes returned')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept choices' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // the appointment (and so its add-ons) is read again
    await waitFor(() => expect(calls.filter((c) => c.path === `/api/appointment/${APPOINTMENT_ID}`)).toHaveLength(2));
  });

  it('says why when accepting fails, and still offers it', async () => {
    fakeServer((call) => {
      if (call.path === '/api/formSubmission/choices') return { body: { choices: choices() } };
      if (call.method === 'POST') return { status: 400, body: { error: { message: 'addOnId: this add-on is no longer offered' } } };
      return undefined;
    });
    renderPage(<ConsentChoices appointment={appointment()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept choices' }));
    expect(await screen.findByText(/this add-on is no longer offered/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept choices' })).toBeTruthy();
  });

  it('shows nothing while no submission asks for anything', async () => {
    const calls = fakeServer((call) => (call.path === '/api/formSubmission/choices' ? { body: { choices: null } } : undefined));
    const { container } = renderPage(<ConsentChoices appointment={appointment()} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
