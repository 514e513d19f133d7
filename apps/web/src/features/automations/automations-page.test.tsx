import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTOMATION_MESSAGES } from '@willow/contracts';
import type { SmsAutomation, TaskAutomation } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import AutomationsPage from './automations-page';

const common = {
  locationId: null,
  location: null,
  active: true,
  requiresApproval: false,
  status: null,
  serviceIds: [],
  household: false,
  forDeceased: false,
  pendingCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const REMINDER: SmsAutomation = {
  ...common,
  id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000a1',
  name: 'Appointment reminder',
  trigger: 'appointmentUpcoming',
  offset: 1,
  offsetUnit: 'days',
  sendTime: '09:00',
  smsTemplateId: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000b1',
  smsTemplate: { id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000b1', name: 'Reminder text' },
};
const CHASE: TaskAutomation = {
  ...common,
  id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000a2',
  name: 'Chase unpaid invoices',
  trigger: 'invoiceUnpaid',
  offset: 30,
  offsetUnit: 'days',
  sendTime: '09:00',
  requiresApproval: true,
  taskTitle: 'Call about the invoice',
  taskNotes: null,
  taskPriority: 'normal',
  taskDueInDays: 2,
  assignedToId: null,
  assignedTo: null,
  assignedRoleId: null,
  assignedRole: null,
  pendingCount: 0,
};

function serve(permissions: string[]): Call[] {
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === '/api/emailAutomation') return { body: { items: [], total: 0 } };
    if (call.method === 'GET' && call.path === '/api/smsAutomation') return { body: { items: [REMINDER], total: 1 } };
    if (call.method === 'GET' && call.path === '/api/taskAutomation') return { body: { items: [CHASE], total: 1 } };
    if (call.method === 'POST' && call.path === `/api/smsAutomation/${REMINDER.id}`) return { body: { ...REMINDER, active: false } };
    return sessionAnswer(call, NEW_YORK, permissions);
  });
}

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('the automations list', () => {
  it('lists the kinds together with their trigger in words; a click pauses one', async () => {
    const calls = serve(['locations.manage']);
    renderPage(<AutomationsPage />);
    const reminder = (await screen.findByText('Appointment reminder')).closest('[role="row"]') as HTMLElement;
    expect(within(reminder).getByText('1 day before an appointment, 09:00')).toBeTruthy();
    expect(within(reminder).getByText('All locations')).toBeTruthy();
    const chase = screen.getByText('Chase unpaid invoices').closest('[role="row"]') as HTMLElement;
    expect(within(chase).getByText('Invoice unpaid 30 days after it was finalised, 09:00')).toBeTruthy();
    expect(within(chase).getByText('Requires approval')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New automation' })).toBeTruthy();

    fireEvent.click(within(reminder).getByRole('switch', { name: 'Active: Appointment reminder' }));
    expect(await screen.findByText(AUTOMATION_MESSAGES.paused)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ smsAutomationData: { active: false } });

    // The kind filter narrows the one list.
    fireEvent.click(screen.getByRole('button', { name: 'Task' }));
    await waitFor(() => expect(screen.queryByText('Appointment reminder')).toBeNull());
    expect(screen.getByText('Chase unpaid invoices')).toBeTruthy();
  });

  it('is read-only without locations.manage', async () => {
    serve([]);
    renderPage(<AutomationsPage />);
    await screen.findByText('Appointment reminder');
    expect(screen.queryByRole('button', { name: 'New automation' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Active: Appointment reminder' }) as HTMLInputElement).disabled).toBe(true);
  });
});
