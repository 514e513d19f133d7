import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Task } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import TasksPage from './tasks-page';

const TASK: Task = {
  id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000e1',
  locationId: NEW_YORK.id,
  title: 'Call back Dana Owner',
  notes: null,
  dueAt: '2026-11-20T15:00:00.000Z',
  priority: 'normal',
  assignedToId: '99999999-9999-4999-8999-999999999999',
  assignedTo: { id: '99999999-9999-4999-8999-999999999999', name: 'Vera Vet' },
  assignedRoleId: null,
  assignedRole: null,
  clientId: null,
  client: null,
  patientId: null,
  patient: null,
  appointmentId: null,
  appointment: null,
  invoiceId: null,
  invoice: null,
  completedAt: null,
  completedBy: null,
  deletedAt: null,
  createdBy: null,
  createdAt: '2026-11-19T10:00:00.000Z',
  updatedAt: '2026-11-19T10:00:00.000Z',
  overdue: true,
};

/** The list as the server answers it: open tasks, until one is completed. */
function serve({ failList = false } = {}): Call[] {
  let completed = false;
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === '/api/task') {
      if (failList) return { status: 500, body: { error: { message: 'Something went wrong. Please try again later.' } } };
      const status = call.query.get('status');
      const items = (status === 'completed') === completed ? [{ ...TASK, completedAt: completed ? '2026-11-21T10:00:00.000Z' : null, overdue: !completed }] : [];
      return { body: { items, total: items.length } };
    }
    if (call.method === 'POST' && call.path === `/api/task/${TASK.id}`) {
      completed = (call.body as { taskData: { completed: boolean } }).taskData.completed;
      return { body: { ...TASK, completedAt: completed ? '2026-11-21T10:00:00.000Z' : null } };
    }
    if (call.path === '/api/user' || call.path === '/api/role') return { body: [] };
    return sessionAnswer(call, NEW_YORK);
  });
}
const updates = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === `/api/task/${TASK.id}`).map((c) => c.body);

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('My Tasks', () => {
  it('asks for my open tasks, flags the overdue, completes in one click and undoes from the toast', async () => {
    const calls = serve();
    renderPage(<TasksPage />, { path: '/tasks/my-tasks', pattern: '/tasks/:view' });
    await screen.findByText('Call back Dana Owner');
    const list = calls.find((c) => c.path === '/api/task')!;
    expect(list.query.get('mine')).toBe('true');
    expect(list.query.get('status')).toBe('open');
    expect(screen.getByText('Overdue')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Complete Call back Dana Owner' }));
    await screen.findByText('Task completed');
    expect(updates(calls)).toEqual([{ taskData: { completed: true } }]);
    await waitFor(() => expect(screen.queryByText('Call back Dana Owner', { selector: 'button' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('Task reopened');
    expect(updates(calls)).toEqual([{ taskData: { completed: true } }, { taskData: { completed: false } }]);
    await screen.findByText('Call back Dana Owner', { selector: 'button' });
  });

  it('says "Error getting Tasks" and offers Retry when the list fails, never "nothing to do"', async () => {
    serve({ failList: true });
    renderPage(<TasksPage />, { path: '/tasks/my-tasks', pattern: '/tasks/:view' });
    await screen.findByText('Error getting Tasks');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText(/Nothing to do/)).toBeNull();
  });
});
