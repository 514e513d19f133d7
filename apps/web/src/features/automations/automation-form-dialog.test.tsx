import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTOMATION_TRIGGER_LABELS } from '@willow/contracts';
import type { EmailTemplate } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { AutomationFormDialog } from './automation-form-dialog';

const TEMPLATE: EmailTemplate = {
  id: '55555555-5555-4555-8555-555555555555',
  locationId: NEW_YORK.id,
  name: 'Booking confirmation',
  subject: 'See you soon',
  body: 'Dear {{ client.firstName }}',
  pdfTemplateId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as EmailTemplate;

const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
async function choose(name: string, option: string) {
  fireEvent.mouseDown(combobox(name));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}
const checkbox = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('an automation’s dialog', () => {
  let calls: Call[];
  const onClose = vi.fn();
  beforeEach(() => {
    stubMatchMedia();
    onClose.mockReset();
    calls = fakeServer((call) => {
      if (call.path === '/api/emailTemplate') return { body: [TEMPLATE] };
      if (call.path === '/api/service') return { body: [] };
      if (call.method === 'POST' && call.path === '/api/emailAutomation') return { status: 201, body: { id: 'x' } };
      return sessionAnswer(call, NEW_YORK, ['locations.manage']);
    });
  });
  afterEach(resetAll);

  it('shows the fields of the trigger chosen: a status, days and a time of day, services, a household, the deceased', async () => {
    renderPage(<AutomationFormDialog kind="email" open automation={null} locationId={NEW_YORK.id} onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'New email automation' });
    // Booked: services, any unit, no status, no time of day, no household.
    expect(screen.queryByRole('combobox', { name: /^Status/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Services' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Send time/ })).toBeNull();
    expect(screen.queryByLabelText(/One message per household/)).toBeNull();
    expect(checkbox('Also for pets that have died').disabled).toBe(false);

    // A status change names its status, each cremation one among them.
    await choose('Trigger', AUTOMATION_TRIGGER_LABELS.appointmentStatusChanged);
    fireEvent.mouseDown(combobox('Status'));
    const statuses = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(statuses).toEqual(expect.arrayContaining(['Submitted For Cremation', 'Cremated', 'Ashes Delivered', 'Ashes Spread', 'Confirmed']));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Ashes Delivered' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    // A vaccination reminder counts in days, goes at a time of day, may gather a household, has no services.
    await choose('Trigger', AUTOMATION_TRIGGER_LABELS.vaccinationDue);
    expect(screen.queryByRole('combobox', { name: /^Status/ })).toBeNull();
    expect(combobox('Unit').getAttribute('aria-disabled')).toBe('true');
    expect(combobox('Unit').textContent).toBe('Days');
    expect((screen.getByRole('textbox', { name: /Send time/ }) as HTMLInputElement).value).toMatch(/^9:00|^09:00/);
    expect(screen.getByLabelText(/One message per household/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Services' })).toBeNull();

    // A death's automation is for the deceased, fixed on.
    await choose('Trigger', AUTOMATION_TRIGGER_LABELS.patientDied);
    expect(checkbox('Also for pets that have died').checked).toBe(true);
    expect(checkbox('Also for pets that have died').disabled).toBe(true);
    expect(screen.queryByLabelText(/One message per household/)).toBeNull();
  });

  it('says what is missing under its field, then sends the automation under its wrapper', async () => {
    renderPage(<AutomationFormDialog kind="email" open automation={null} locationId={NEW_YORK.id} onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'New email automation' });
    await choose('Trigger', AUTOMATION_TRIGGER_LABELS.appointmentStatusChanged);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('This field is required for a status change.')).toBeTruthy();
    expect(screen.getByText('Choose an email template')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ashes are home' } });
    await choose('Status', 'Ashes Delivered');
    await choose('Email template', 'Booking confirmation');
    fireEvent.click(checkbox('Requires approval (waits in the queue until staff send it)'));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/emailAutomation')?.body).toEqual({
      emailAutomationData: expect.objectContaining({
        name: 'Ashes are home',
        locationId: NEW_YORK.id,
        trigger: 'appointmentStatusChanged',
        status: 'Ashes Delivered',
        requiresApproval: true,
        emailTemplateId: TEMPLATE.id,
        household: false,
        sendTime: null,
      }),
    });
    expect(await screen.findByText('Automation created')).toBeTruthy();
  });
});
