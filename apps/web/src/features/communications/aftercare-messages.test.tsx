import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppointmentDetail, ClientChannels, EmailTemplate, Message } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { AftercareMessages } from './aftercare-messages';

const CLIENT = '22222222-2222-4222-8222-222222222222';
const PATIENT = '33333333-3333-4333-8333-333333333333';
const APPOINTMENT = '44444444-4444-4444-8444-444444444444';
const BOOKED_AT = '2026-11-20T09:00:00.000Z';
const READY: ClientChannels = { email: { ready: true, reason: null, to: 'maria@example.com' }, sms: { ready: false, reason: 'SMS is not set up for this location', to: null } };

const appointment: AppointmentDetail = {
  id: APPOINTMENT,
  locationId: NEW_YORK.id,
  status: 'Completed',
  startAt: '2026-11-24T15:00:00.000Z',
  endAt: '2026-11-24T16:00:00.000Z',
  clientId: CLIENT,
  client: { id: CLIENT, firstName: 'Maria', lastName: 'Alvarez', email: 'maria@example.com', phone: null },
  patientIds: [PATIENT],
  patients: [{ id: PATIENT, name: 'Biscuit', speciesName: 'Dog', deceasedOn: '2026-11-24', alerts: [] }],
  serviceIds: [],
  services: [],
  primaryProviderId: null,
  secondaryProviderId: null,
  address: null,
  notes: null,
  cancellationReason: null,
  overlapReason: null,
  source: 'staff',
  requestedTimes: [],
  emailConfirmedAt: null,
  addOns: [],
  cremationType: null,
  ashesDisposition: null,
  createdAt: BOOKED_AT,
  updatedAt: BOOKED_AT,
  statusHistory: [],
};

const template = (id: string, name: string): EmailTemplate => ({
  id,
  locationId: NEW_YORK.id,
  name,
  subject: '{{ patient.name }}',
  body: 'Dear {{ client.firstName }}',
  createdAt: BOOKED_AT,
  updatedAt: BOOKED_AT,
});
const FOLLOW_UP = template('55555555-5555-4555-8555-555555555555', 'Aftercare follow-up');
const ASHES = template('66666666-6666-4666-8666-666666666666', 'Ashes ready');

const message = (id: string, subject: string): Message => ({
  id,
  channel: 'email',
  locationId: NEW_YORK.id,
  client: { id: CLIENT, name: 'Maria Alvarez' },
  to: 'maria@example.com',
  subject,
  body: 'Hello',
  state: 'sent',
  reason: null,
  provider: 'smtp',
  providerMessageId: 'x',
  deliveryStatus: null,
  attempts: 1,
  sentBy: { id: '77777777-7777-4777-8777-777777777777', name: 'Sam Lee' },
  createdAt: '2026-11-24T18:00:00.000Z',
  sentAt: '2026-11-24T18:00:01.000Z',
});

describe('AftercareMessages', () => {
  let calls: Call[];
  let sentList: Message[];
  beforeEach(() => {
    stubMatchMedia();
    sentList = [message('88888888-8888-4888-8888-888888888888', 'Visit confirmed')];
    calls = fakeServer((call) => {
      if (call.path === '/api/emailTemplate') return { body: [FOLLOW_UP, ASHES] };
      if (call.path === '/api/communications/channels') return { body: READY };
      if (call.path === '/api/communications' && call.method === 'GET') return { body: { items: sentList, total: sentList.length } };
      if (call.path === `/api/emailTemplate/${FOLLOW_UP.id}/render`) return { body: { subject: 'Thinking of you and Biscuit', body: 'Dear Maria,\n<b>we</b> are here.' } };
      if (call.path === '/api/communications/email') {
        const sent = message('99999999-9999-4999-8999-999999999999', 'Thinking of you and Biscuit');
        sentList = [sent, ...sentList];
        return { body: { ...sent, state: 'queued' } };
      }
      return undefined;
    });
  });
  afterEach(resetAll);

  it('lists the location’s email templates and what was sent to the client since the appointment was booked', async () => {
    renderPage(<AftercareMessages appointment={appointment} />);
    expect(await screen.findByRole('button', { name: 'Aftercare follow-up' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ashes ready' })).toBeTruthy();
    const sent = await screen.findByRole('list', { name: 'Messages to Maria Alvarez' });
    expect(within(sent).getByText('Visit confirmed')).toBeTruthy();
    const list = calls.find((c) => c.path === '/api/communications')!;
    expect(Object.fromEntries(list.query)).toMatchObject({ clientId: CLIENT, since: BOOKED_AT });
    expect(calls.find((c) => c.path === '/api/emailTemplate')!.query.get('locationId')).toBe(NEW_YORK.id);
  });

  it('opens the email filled from a template with one click, sends it with a second, and lists it', async () => {
    renderPage(<AftercareMessages appointment={appointment} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Aftercare follow-up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send email to Maria Alvarez' });
    expect(calls.find((c) => c.path.endsWith('/render'))?.body).toEqual({ data: { clientId: CLIENT, appointmentId: APPOINTMENT, patientId: PATIENT } });
    expect((within(dialog).getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('Thinking of you and Biscuit');
    // The merged text is the field's text, shown as written: nothing in it becomes markup.
    expect((within(dialog).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Dear Maria,\n<b>we</b> are here.');
    expect(dialog.querySelector('b')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Email sent');
    expect(calls.find((c) => c.path === '/api/communications/email')?.body).toEqual({
      data: { clientId: CLIENT, subject: 'Thinking of you and Biscuit', body: 'Dear Maria,\n<b>we</b> are here.' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = await screen.findByRole('list', { name: 'Messages to Maria Alvarez' });
    await waitFor(() => expect(within(sent).getByText('Thinking of you and Biscuit')).toBeTruthy());
  });

  it('says so when a template cannot be filled in, and opens nothing', async () => {
    renderPage(<AftercareMessages appointment={appointment} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ashes ready' }));
    await screen.findByText('Error filling in the template');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says nothing was sent yet', async () => {
    sentList = [];
    renderPage(<AftercareMessages appointment={appointment} />);
    expect(await screen.findByText('Nothing sent yet')).toBeTruthy();
  });
});
