import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppointmentStatus } from '@willow/contracts';
import { AppointmentDialog } from './appointment-dialog';
import { fakeServer, pickOption, renderPage, resetAll, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { addOnOf, appointment, APPOINTMENT_ID, CLIENT_ID, CONSULT_ID, location, LOCATION_ID, lookups, NAILS_ID, PAW_PRINT_ID, VET_ID } from './test-support';

const timeField = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\s*\\*?$`)) as HTMLInputElement;
/** Types a time and leaves the field, as a person does. */
const typeTime = (name: string, text: string) => {
  const field = timeField(name);
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
};

// 09:00–09:30 on a November Monday in New York (EST, UTC-5), whatever zone the test machine is in.
const draft = { locationId: LOCATION_ID, startAt: '2026-11-23T14:00:00.000Z', endAt: '2026-11-23T14:30:00.000Z', primaryProviderId: VET_ID };

beforeEach(() => {
  stubMatchMedia();
});
afterEach(resetAll);

describe('new appointment', () => {
  it('shows the draft in the location’s time zone and lets services set the end until the user changes it', async () => {
    fakeServer(lookups);
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={() => {}} />);

    await screen.findByText('Times are in America/New_York');
    expect(timeField('Date').value).toBe('2026-11-23');
    expect(timeField('Start').value).toBe('9:00 AM');
    expect(timeField('End').value).toBe('9:30 AM');

    await pickOption('Services', 'Consultation (60 min)');
    expect(timeField('End').value).toBe('10:00 AM');
    await pickOption('Services', 'Nail trim (15 min)');
    expect(timeField('End').value).toBe('10:15 AM');

    // Moving the start keeps the length.
    typeTime('Start', '11:00');
    expect(timeField('End').value).toBe('12:15 PM');

    // Once the user sets the end, services no longer move it.
    typeTime('End', '1:00 PM');
    const nailTrim = screen.getByRole('button', { name: 'Nail trim (15 min)' });
    fireEvent.click(within(nailTrim).getByTestId('CancelIcon'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Nail trim (15 min)' })).toBeNull());
    expect(timeField('End').value).toBe('1:00 PM');
  });

  it('keeps a length dragged on the calendar when services are chosen', async () => {
    fakeServer(lookups);
    renderPage(<AppointmentDialog open draft={{ ...draft, lengthChosen: true }} clientId={CLIENT_ID} onClose={() => {}} />);
    await screen.findByText('Times are in America/New_York');
    expect(timeField('End').value).toBe('9:30 AM');
    await pickOption('Services', 'Consultation (60 min)');
    expect(timeField('End').value).toBe('9:30 AM');
  });

  it('sends the times as instants of the location’s zone and closes once created', async () => {
    const calls = fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/appointment'
        ? { status: 201, body: appointment({ status: 'Confirmed' }) }
        : lookups(call),
    );
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={onClose} />);
    await screen.findByText('Times are in America/New_York');
    await pickOption('Services', 'Consultation (60 min)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/appointment')!.body as { data: Record<string, unknown> };
    expect(sent.data).toMatchObject({
      locationId: LOCATION_ID,
      clientId: CLIENT_ID,
      serviceIds: [CONSULT_ID],
      primaryProviderId: VET_ID,
      startAt: '2026-11-23T14:00:00.000Z',
      endAt: '2026-11-23T15:00:00.000Z',
      status: 'Confirmed',
    });
    expect(await screen.findByText('Appointment created')).toBeTruthy();
  });

  it('keeps what was typed and explains the server’s refusal when the create fails', async () => {
    fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/appointment'
        ? { status: 400, body: { error: { message: 'clientId: client not found' } } }
        : lookups(call),
    );
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={onClose} />);
    await screen.findByText('Times are in America/New_York');
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Bring the blue blanket' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error adding appointment')).toBeTruthy();
    expect(screen.getByText('clientId: client not found')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Bring the blue blanket');
  });

  it('checks the answers before sending and says so with the default text', async () => {
    const calls = fakeServer(lookups);
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open draft={draft} onClose={onClose} />);
    await screen.findByText('Times are in America/New_York');
    typeTime('End', '8:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error adding appointment. Please check your answers and try again.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('The end must be after the start. For a visit past midnight, set the end date.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('add-ons of a new appointment', () => {
  const UPTOWN_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000010';
  const RETIRED_ID = '0c8a8d4e-2a3b-4c5d-8e9f-000000000012';
  const riversideAddOns = [
    addOnOf(PAW_PRINT_ID, 'Paw print', { options: [{ name: 'Ink colour', choices: ['Blue', 'Red'] }, { name: 'Engraving', choices: [] }] }),
    addOnOf(RETIRED_ID, 'Fur clipping', { active: false }),
  ];

  function serve() {
    return fakeServer((call) => {
      if (call.method === 'POST' && call.path === '/api/appointment') return { status: 201, body: appointment({ status: 'Confirmed' }) };
      if (call.method === 'GET' && call.path === '/api/location')
        return { body: [location, { ...location, id: UPTOWN_ID, name: 'Uptown' }] };
      if (call.method === 'GET' && call.path === '/api/addOn')
        return { body: call.query.get('locationId') === LOCATION_ID ? riversideAddOns : [] };
      return lookups(call);
    });
  }

  async function choose(label: string, option: string) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  }

  const attachedLines = () =>
    within(screen.getByRole('list', { name: 'Add-ons of this appointment' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('attaches the location’s active add-ons with their answers and sends them with the create', async () => {
    const calls = serve();
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={onClose} />);
    await screen.findByText('Times are in America/New_York');
    expect(screen.getByText('No add-ons on this appointment.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    // Attaching needs an add-on chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));
    expect(await screen.findByText('Choose an add-on')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Add-on/ }));
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Keepsakes – Paw print (45.00)']);
    fireEvent.click(screen.getByRole('option', { name: 'Keepsakes – Paw print (45.00)' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await choose('Ink colour', 'Blue');
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));

    await waitFor(() => expect(attachedLines()).toEqual(['Paw print · 45.00Ink colour: Blue']));
    expect(screen.queryByRole('button', { name: 'Attach' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Paw print' })).toBeTruthy();
    // Nothing is saved until the appointment is.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/appointment')!.body as { data: Record<string, unknown> };
    expect(sent.data.addOns).toEqual([{ addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Blue' } }]);
  });

  it('sends an add-on chosen but not attached with the create: nothing a person picked is lost', async () => {
    const calls = serve();
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={onClose} />);
    await screen.findByText('Times are in America/New_York');
    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    await choose('Add-on', 'Keepsakes – Paw print (45.00)');
    await choose('Ink colour', 'Red');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/appointment')!.body as { data: Record<string, unknown> };
    expect(sent.data.addOns).toEqual([{ addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Red' } }]);
  });

  it('sends the add-ons chosen in an edited appointment with its update, attached or not', async () => {
    const updates: Call[] = [];
    fakeServer((call) => {
      if (call.path === `/api/appointment/${APPOINTMENT_ID}`) {
        if (call.method === 'POST') updates.push(call);
        return { body: appointment({ status: 'Confirmed' }) };
      }
      if (call.method === 'GET' && call.path === '/api/addOn') return { body: riversideAddOns };
      return lookups(call);
    });
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open appointmentId={APPOINTMENT_ID} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add add-on' }));
    await choose('Add-on', 'Keepsakes – Paw print (45.00)');
    await choose('Ink colour', 'Blue');
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));
    await screen.findByText(/Attached when you save/);
    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    await choose('Add-on', 'Keepsakes – Paw print (45.00)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates.map((c) => c.body)).toEqual([
      { data: { addOns: [{ addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Blue' } }, { addOnId: PAW_PRINT_ID, values: {} }] } },
    ]);
  });

  it('removes a chosen add-on from the list before saving', async () => {
    const calls = serve();
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open draft={draft} clientId={CLIENT_ID} onClose={onClose} />);
    await screen.findByText('Times are in America/New_York');
    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    await choose('Add-on', 'Keepsakes – Paw print (45.00)');
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Paw print' }));
    expect(await screen.findByText('No add-ons on this appointment.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/appointment')!.body as { data: Record<string, unknown> };
    expect(sent.data.addOns).toEqual([]);
  });

  it('drops the chosen add-ons when the location changes', async () => {
    const calls = serve();
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open draft={draft} onClose={onClose} />);
    await screen.findByText('Times are in America/New_York');
    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    await choose('Add-on', 'Keepsakes – Paw print (45.00)');
    await choose('Ink colour', 'Red');
    fireEvent.click(screen.getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(attachedLines()).toEqual(['Paw print · 45.00Ink colour: Red']));

    await choose('Location', 'Uptown');
    expect(await screen.findByText('No add-ons on this appointment.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Add-ons of this appointment' })).toBeNull();
    // The new location's items are the ones offered.
    fireEvent.click(screen.getByRole('button', { name: 'Add add-on' }));
    expect(await screen.findByText('This location has no add-ons yet')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/addOn' && c.query.get('locationId') === UPTOWN_ID)).toBe(true);
  });
});

describe('status of an existing appointment', () => {
  const EUTHANASIA = { id: NAILS_ID, name: 'Home euthanasia', type: 'Euthanasia', duration: 60, price: 450 };
  function serve(status: AppointmentStatus, onPost?: (call: Call) => void, services = [EUTHANASIA]) {
    return fakeServer((call) => {
      if (call.path === `/api/appointment/${APPOINTMENT_ID}`) {
        if (call.method === 'POST') {
          onPost?.(call);
          return { body: appointment({ status: (call.body as { data: { status: AppointmentStatus } }).data.status }) };
        }
        return { body: appointment({ status, serviceIds: [NAILS_ID], services }) };
      }
      return lookups(call);
    });
  }

  async function menuFor(status: AppointmentStatus, services = [EUTHANASIA]): Promise<string[]> {
    serve(status, undefined, services);
    renderPage(<AppointmentDialog open appointmentId={APPOINTMENT_ID} onClose={() => {}} />);
    const change = await screen.findByRole('button', { name: 'Change status' });
    fireEvent.click(change);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem').map((i) => i.textContent ?? '');
    cleanup();
    return items;
  }

  it('offers only the moves the status allows, never Cancelled', async () => {
    expect(await menuFor('Pending')).toEqual(['Confirmed', 'Rejected']);
    expect(await menuFor('Checked Out')).toEqual(['Completed', 'Submitted For Cremation']);
    expect(await menuFor('Cremated')).toEqual(['Ashes Delivered', 'Ashes Spread']);
  });

  it('offers the cremation path only to an appointment with an end-of-life service', async () => {
    const nails = { id: NAILS_ID, name: 'Nail trim', type: 'Other', duration: 15, price: 25 };
    expect(await menuFor('Checked Out', [nails])).toEqual(['Completed']);
  });

  it('offers no moves and no cancel once the status is final', async () => {
    serve('Ashes Spread');
    renderPage(<AppointmentDialog open appointmentId={APPOINTMENT_ID} onClose={() => {}} />);
    expect(await screen.findByText('Status history')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Mark as / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
  });

  it('sends the chosen move with its note', async () => {
    const posted: unknown[] = [];
    serve('Pending', (call) => posted.push(call.body));
    renderPage(<AppointmentDialog open appointmentId={APPOINTMENT_ID} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change status' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Confirmed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status to Confirmed' });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Owner called back' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));

    expect(await screen.findByText('Appointment updated: Confirmed')).toBeTruthy();
    expect(posted).toEqual([{ data: { status: 'Confirmed', statusNote: 'Owner called back' } }]);
  });
});

describe('deleting an existing appointment', () => {
  /** The appointment as a user holding `permissions` opens it; cancelling stays their everyday action. */
  function serve(permissions: string[]): Call[] {
    return fakeServer((call) => {
      if (call.path === `/api/appointment/${APPOINTMENT_ID}`) {
        if (call.method === 'DELETE') return { body: { ok: true } };
        return { body: appointment({ status: 'Confirmed' }) };
      }
      if (call.path === '/api/user/permissions') return { body: { permissions, roles: [] } };
      return lookups(call);
    });
  }

  it('offers no Delete without records.delete (Front Desk), only Cancel appointment', async () => {
    const calls = serve([]);
    renderPage(<AppointmentDialog open appointmentId={APPOINTMENT_ID} onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Cancel appointment' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/permissions')).toBe(true));
    await screen.findByText('Status history');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes for good with records.delete, after a confirmation that points to cancelling instead', async () => {
    const calls = serve(['records.delete']);
    const onClose = vi.fn();
    renderPage(<AppointmentDialog open appointmentId={APPOINTMENT_ID} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete appointment' });
    expect(dialog.textContent).toContain('for good');
    expect(dialog.textContent).toContain('cancel it instead');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Appointment deleted')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/appointment/${APPOINTMENT_ID}`]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
