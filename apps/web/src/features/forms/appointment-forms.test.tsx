import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FormRequest } from '@willow/contracts';
import { fakeServer, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import { appointment, APPOINTMENT_ID, CLIENT_ID, LOCATION_ID } from '../appointments/test-support';
import { AppointmentForms } from './appointment-forms';

const request = (overrides: Partial<FormRequest>): FormRequest => ({
  id: '0c8a8d4e-2a3b-4c5d-8e9f-000000000101',
  locationId: LOCATION_ID,
  formTemplateId: '0c8a8d4e-2a3b-4c5d-8e9f-000000000102',
  formName: 'Photo release',
  purpose: 'general',
  clientId: CLIENT_ID,
  patientId: null,
  appointmentId: APPOINTMENT_ID,
  channel: 'email',
  state: 'pending',
  expiresAt: '2026-12-08T12:00:00.000Z',
  submittedAt: null,
  submissionId: null,
  createdAt: '2026-11-24T12:00:00.000Z',
  ...overrides,
});

describe('the appointment’s consent forms', () => {
  beforeEach(stubMatchMedia);
  afterEach(resetAll);

  it('lists the forms sent for it, consent forms first, each sent or submitted', async () => {
    const calls = fakeServer((call) =>
      call.path === '/api/formRequest'
        ? {
            body: [
              request({ id: '0c8a8d4e-2a3b-4c5d-8e9f-000000000111' }),
              request({ id: '0c8a8d4e-2a3b-4c5d-8e9f-000000000112', formName: 'Cremation choice', purpose: 'cremation_choice', channel: 'sms' }),
              request({
                id: '0c8a8d4e-2a3b-4c5d-8e9f-000000000113',
                formName: 'Euthanasia consent',
                purpose: 'euthanasia_consent',
                state: 'submitted',
                submittedAt: '2026-11-24T13:00:00.000Z',
                submissionId: '0c8a8d4e-2a3b-4c5d-8e9f-000000000114',
              }),
            ],
          }
        : undefined,
    );
    renderPage(<AppointmentForms appointment={appointment()} />);
    const list = await screen.findByRole('list', { name: 'Consent forms' });
    expect(calls.find((c) => c.path === '/api/formRequest')!.query.get('appointmentId')).toBe(APPOINTMENT_ID);
    const rows = within(list).getAllByTestId('form-request');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^Cremation choice/), expect.stringMatching(/^Euthanasia consent/), expect.stringMatching(/^Photo release/)]);
    expect(within(rows[0]!).getByText('Sent')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Sent by sms /)).toBeTruthy();
    expect(within(rows[1]!).getByText('Submitted')).toBeTruthy();
    // A submitted one opens its submission.
    expect(within(rows[1]!).getByRole('button', { name: 'Euthanasia consent' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('says when none were sent, and offers sending one', async () => {
    fakeServer((call) => (call.path === '/api/formRequest' ? { body: [] } : undefined));
    renderPage(<AppointmentForms appointment={appointment()} />);
    expect(await screen.findByText('No forms sent for this appointment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send form' })).toBeTruthy();
  });
});
