import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTOMATION_MESSAGES, SUPPRESSION_REASONS } from '@willow/contracts';
import type { EmailQueueItem, SmsQueueItem } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Answer, Call } from '../../test/test-support';
import { EmailQueuePage, SmsQueuePage } from './queue-page';

const base = {
  automationId: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000c1',
  automation: { id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000c1', name: 'Vaccination reminder' },
  trigger: 'vaccinationDue' as const,
  locationId: NEW_YORK.id,
  status: 'pending' as const,
  reason: null,
  dueAt: '2026-12-01T14:00:00.000Z',
  clientId: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000d1',
  client: { id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000d1', name: 'Dana Owner' },
  patients: [
    { id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000e1', name: 'Bella' },
    { id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000e2', name: 'Max' },
  ],
  appointmentId: null,
  invoiceId: null,
  edited: false,
  sentAt: null,
  sentBy: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  to: 'dana@example.test',
};
const EMAIL: EmailQueueItem = { ...base, id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000f1', subject: 'Bella and Max are due', body: 'Dear Dana' };
const SMS: SmsQueueItem = { ...base, id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000f2', to: '+15550100', body: 'Bella and Max are due' };

function serve(path: string, item: EmailQueueItem | SmsQueueItem, send: (call: Call) => Answer): Call[] {
  let current = item;
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === path) return { body: { items: [current], total: 1 } };
    if (call.method === 'GET' && call.path === `${path}/${item.id}`) return { body: current };
    if (call.method === 'POST' && call.path === `${path}/${item.id}/send`) {
      const answer = send(call);
      if (answer.status === 409) current = { ...current, status: 'suppressed', reason: (answer.body as { error: { message: string } }).error.message };
      return answer;
    }
    if (call.method === 'POST' && call.path === `${path}/${item.id}`) {
      current = { ...current, ...(call.body as { data: object }).data, edited: true };
      return { body: current };
    }
    return sessionAnswer(call, NEW_YORK);
  });
}

const row = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('the queues', () => {
  it('lists a waiting email with its pets and state; a send refused with a reason says it, and the row shows it', async () => {
    const calls = serve('/api/emailAutomationQueueItem', EMAIL, () => ({ status: 409, body: { error: { message: SUPPRESSION_REASONS.patientDied } } }));
    renderPage(<EmailQueuePage />);
    const line = await row('Bella and Max are due');
    expect(within(line).getByText('Bella, Max')).toBeTruthy();
    expect(within(line).getByText('Awaiting approval')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/emailAutomationQueueItem')?.query.get('view')).toBe('waiting');

    fireEvent.click(within(line).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(AUTOMATION_MESSAGES.sendEmailError)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(SUPPRESSION_REASONS.patientDied).length).toBeGreaterThanOrEqual(2));
    const after = await row('Bella and Max are due');
    expect(within(after).getByText('Suppressed')).toBeTruthy();
    expect(within(after).getByText(SUPPRESSION_REASONS.patientDied)).toBeTruthy();
  });

  it('edits a text with its segments counted, then sends it: "SMS sent"', async () => {
    const calls = serve('/api/smsAutomationQueueItem', SMS, () => ({ body: { ...SMS, status: 'sent' } }));
    renderPage(<SmsQueuePage />);
    const line = await row('Bella and Max are due');
    fireEvent.click(within(line).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit pending text' });
    const message = within(dialog).getByRole('textbox', { name: /Message/ });
    fireEvent.change(message, { target: { value: 'Bella is due' } });
    expect(within(dialog).getByText(/1 SMS segment/)).toBeTruthy();
    fireEvent.change(message, { target: { value: 'x'.repeat(1000) } });
    expect(within(dialog).getByText(/Message must be less than 1000 characters/)).toBeTruthy();
    fireEvent.change(message, { target: { value: 'Bella is due' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUTOMATION_MESSAGES.queueItemUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === `/api/smsAutomationQueueItem/${SMS.id}`)?.body).toEqual({ data: { body: 'Bella is due' } });

    fireEvent.click(within(await row('Bella is due')).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(AUTOMATION_MESSAGES.smsSent)).toBeTruthy();
  });

  it('a text that fails says the server’s words when it gives some, else the SPEC’s', async () => {
    serve('/api/smsAutomationQueueItem', SMS, () => ({ status: 500, body: { error: { message: 'boom' } } }));
    renderPage(<SmsQueuePage />);
    fireEvent.click(within(await row('Bella and Max are due')).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(AUTOMATION_MESSAGES.sendSmsError)).toBeTruthy();
  });

  it('a text refused for a reason says the reason alone, and its row shows it', async () => {
    serve('/api/smsAutomationQueueItem', SMS, () => ({ status: 409, body: { error: { message: SUPPRESSION_REASONS.clientOptedOut } } }));
    renderPage(<SmsQueuePage />);
    fireEvent.click(within(await row('Bella and Max are due')).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.getAllByText(SUPPRESSION_REASONS.clientOptedOut).length).toBe(2));
    expect(screen.queryByText(AUTOMATION_MESSAGES.sendSmsError)).toBeNull();
    expect(within(await row('Bella and Max are due')).getByText('Suppressed')).toBeTruthy();
  });
});
