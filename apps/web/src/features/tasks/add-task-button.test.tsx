import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { localDateTimeToInstant } from '@willow/contracts';
import type { ClientDetail, User } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { AddTaskButton } from './add-task-button';
import { tomorrowMorning } from './task-values';

const ME = '99999999-9999-4999-8999-999999999999';
const CLIENT = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000c1';
const PATIENT = '0c8a8d4e-2a3b-4c5d-8e9f-0000000000d1';
const stamp = '2026-01-01T00:00:00.000Z';

const client: ClientDetail = {
  id: CLIENT,
  locationId: NEW_YORK.id,
  firstName: 'Dana',
  lastName: 'Owner',
  email: null,
  phone: null,
  alternatePhone: null,
  address: null,
  notes: null,
  primaryVeterinarianId: null,
  archivedAt: null,
  hasHistory: false,
  createdAt: stamp,
  updatedAt: stamp,
};
const me: User = { id: ME, firstName: 'Vera', lastName: 'Vet', email: 'vet@example.test', phone: null, isActive: true, invitationPending: false, roleIds: [], locationIds: [NEW_YORK.id] };

const subject = { locationId: NEW_YORK.id, clientId: CLIENT, clientName: 'Dana Owner', patientId: PATIENT, patientName: 'Biscuit' };
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/task');

function serve(): Call[] {
  return fakeServer((call) => {
    if (call.method === 'POST' && call.path === '/api/task') return { status: 201, body: { id: 't1' } };
    if (call.path === `/api/client/${CLIENT}`) return { body: client };
    if (call.path === '/api/user') return { body: [me] };
    if (call.path === '/api/role') return { body: [{ id: 'r1', name: 'Front Desk', permissions: [], userCount: 0 }] };
    if (call.path === '/api/patient') return { body: { items: [], total: 0 } };
    return sessionAnswer(call, NEW_YORK);
  });
}

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('Add task', () => {
  it('opens "Call back" for tomorrow 10:00 at the location, mine and linked, so Save is the second click', async () => {
    const calls = serve();
    renderPage(<AddTaskButton subject={subject} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Call back Dana Owner');
    const due = tomorrowMorning(NEW_YORK.timezone);
    expect((within(dialog).getByLabelText('Due date') as HTMLInputElement).value).toBe(due.dueDate);
    await within(dialog).findByText('Due in America/New_York');
    // The profile (me) is asked for: once known, the task is mine.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Assigned to' }).textContent).toContain('Vera Vet'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Task created');
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        taskData: {
          locationId: NEW_YORK.id,
          title: 'Call back Dana Owner',
          notes: null,
          dueAt: localDateTimeToInstant(due.dueDate, 600, NEW_YORK.timezone).toISOString(),
          priority: 'normal',
          assignedToId: ME,
          assignedRoleId: null,
          clientId: CLIENT,
          patientId: PATIENT,
          appointmentId: null,
          invoiceId: null,
        },
      },
    ]);
  });

  it('asks before Esc discards what was typed, and sends no date without its time', async () => {
    const calls = serve();
    renderPage(<AddTaskButton subject={subject} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Order the urn' } });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Order the urn');

    // The time cleared, the date kept: said under the time, nothing sent.
    const time = within(dialog).getByRole('textbox', { name: 'Due time' });
    fireEvent.change(time, { target: { value: '' } });
    fireEvent.blur(time);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('Enter a time, or clear the date');
    expect(posts(calls)).toEqual([]);
  });
});
