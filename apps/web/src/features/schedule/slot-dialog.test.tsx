import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScheduleSlot, SidebarProvider } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import type { Call } from '../../test/test-support';
import { SlotDialog } from './slot-dialog';

const VET: SidebarProvider = { id: '77777777-7777-4777-8777-777777777777', firstName: 'Vera', lastName: 'Vet', isPrimaryProvider: true, isSecondaryProvider: false, serviceIds: [] };
const NURSE: SidebarProvider = { id: '88888888-8888-4888-8888-888888888888', firstName: 'Nia', lastName: 'Nurse', isPrimaryProvider: false, isSecondaryProvider: true, serviceIds: [] };

const slotAt = (startAt: string, endAt: string, veterinarianIds: string[]): ScheduleSlot => ({
  id: '44444444-4444-4444-8444-444444444444',
  locationId: NEW_YORK.id,
  startAt,
  endAt,
  serviceIds: [],
  capacity: 1,
  seriesId: null,
  veterinarianIds,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
} as ScheduleSlot);

let calls: Call[];
function serve(answer: (call: Call) => { status?: number; body: unknown } | undefined) {
  calls = fakeServer((call) => sessionAnswer(call, NEW_YORK, ['users.manage']) ?? answer(call));
}

describe('schedule slot dialog', () => {
  beforeEach(() => stubMatchMedia());
  afterEach(() => resetAll());

  it('creates a repeating series with its providers in one request, in the location’s time zone', async () => {
    serve((call) => {
      if (call.method === 'POST' && call.path === '/api/scheduleSlot')
        return { status: 201, body: [slotAt('2030-01-14T14:00:00.000Z', '2030-01-14T15:00:00.000Z', [VET.id])] };
      return undefined;
    });
    const onClose = vi.fn();
    renderPage(
      <SlotDialog
        open
        onClose={onClose}
        locationId={NEW_YORK.id}
        timeZone={NEW_YORK.timezone}
        providers={[VET, NURSE]}
        services={[]}
        slot={null}
        defaults={{ date: '2030-01-14', start: 9 * 60, end: 10 * 60 }}
      />,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Vera Vet' }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Vera Vet' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('switch', { name: 'Repeat weekly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/scheduleSlot']);
    expect(posts[0]!.body).toMatchObject({
      data: {
        locationId: NEW_YORK.id,
        startAt: '2030-01-14T14:00:00.000Z',
        endAt: '2030-01-14T15:00:00.000Z',
        repeat: { weekdays: [1], weeks: 4 },
        veterinarianIds: [VET.id],
      },
    });
  });

  it('changes only the providers ticked or unticked when a slot is saved', async () => {
    const existing = slotAt('2030-01-14T14:00:00.000Z', '2030-01-14T15:00:00.000Z', [VET.id]);
    serve((call) => {
      if (call.method === 'POST' && call.path === `/api/scheduleSlot/${existing.id}`) return { body: existing };
      if (call.method === 'POST' && call.path.startsWith('/api/user/')) return { body: { ok: true } };
      return undefined;
    });
    const onClose = vi.fn();
    renderPage(
      <SlotDialog
        open
        onClose={onClose}
        locationId={NEW_YORK.id}
        timeZone={NEW_YORK.timezone}
        providers={[VET, NURSE]}
        services={[]}
        slot={existing}
        defaults={null}
      />,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Nia Nurse' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const availability = calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/user/'));
    expect(availability.map((c) => (c.body as { data: unknown }).data)).toEqual([
      { veterinarianId: NURSE.id, startAt: existing.startAt, action: 'add', type: 'scheduleSlot' },
    ]);
  });
});
