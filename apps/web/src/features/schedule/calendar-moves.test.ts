import { describe, expect, it } from 'vitest';
import type { Appointment, SidebarProvider } from '@willow/contracts';
import { toEvent } from './calendar-model';
import { hasSettled, moveToDayPatch, movePatch, resizePatch, settle, withoutSettled, withPendingMoves } from './calendar-moves';
import type { PendingMove, PendingMoves } from './calendar-moves';

const NY = 'America/New_York';
const VET = 'vet';
const NURSE = 'nurse';
const providers: SidebarProvider[] = [
  { id: VET, firstName: 'Vera', lastName: 'Vet', isPrimaryProvider: true, isSecondaryProvider: false, serviceIds: [] },
  { id: NURSE, firstName: 'Nico', lastName: 'Nurse', isPrimaryProvider: false, isSecondaryProvider: true, serviceIds: [] },
];

function appointment(id: string, startAt: string, endAt: string, patch: Partial<Appointment> = {}): Appointment {
  return {
    id,
    status: 'Confirmed',
    startAt,
    endAt,
    client: { id: 'c', firstName: 'Ada', lastName: 'Lovelace', email: null, phone: null },
    patients: [],
    services: [],
    serviceIds: [],
    primaryProviderId: null,
    secondaryProviderId: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...patch,
  } as Appointment;
}

// 09:00–09:45 New York time on Wednesday, November 4, 2026 (EST).
const event = toEvent(appointment('a1', '2026-11-04T14:00:00.000Z', '2026-11-04T14:45:00.000Z'));
const at = (iso: string) => Date.parse(iso);

describe('movePatch', () => {
  it('moves the start and the end to where the block was dropped', () => {
    expect(movePatch(event, { start: at('2026-11-05T15:00:00.000Z'), end: at('2026-11-05T15:45:00.000Z') }, providers)).toEqual({
      startAt: '2026-11-05T15:00:00.000Z',
      endAt: '2026-11-05T15:45:00.000Z',
    });
  });

  it('is nothing for a drop at the same time without a provider change', () => {
    expect(movePatch(event, { start: event.start, end: event.end }, providers)).toBeNull();
    expect(movePatch(event, { start: event.start, end: event.end, columns: { from: 'unassigned', to: null } }, providers)).toBeNull();
  });

  it('in the providers view, gives the appointment the provider of the column dropped on, even at the same time', () => {
    expect(movePatch(event, { start: event.start, end: event.end, columns: { from: 'unassigned', to: VET } }, providers)).toEqual({
      startAt: '2026-11-04T14:00:00.000Z',
      endAt: '2026-11-04T14:45:00.000Z',
      primaryProviderId: VET,
    });
    expect(movePatch(event, { start: event.start, end: event.end, columns: { from: 'unassigned', to: NURSE } }, providers)).toMatchObject({
      secondaryProviderId: NURSE,
    });
  });
});

describe('resizePatch', () => {
  it('changes the end alone', () => {
    expect(resizePatch(at('2026-11-04T15:30:00.000Z'))).toEqual({ endAt: '2026-11-04T15:30:00.000Z' });
  });
});

describe('moveToDayPatch', () => {
  it('keeps the wall-clock time and the length on the new day', () => {
    expect(moveToDayPatch(event, '2026-11-10', NY)).toEqual({ startAt: '2026-11-10T14:00:00.000Z', endAt: '2026-11-10T14:45:00.000Z' });
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // 09:00 EST is 14:00 UTC; 09:00 on an October day (EDT) is 13:00 UTC.
    expect(moveToDayPatch(event, '2026-10-28', NY)).toEqual({ startAt: '2026-10-28T13:00:00.000Z', endAt: '2026-10-28T13:45:00.000Z' });
  });
});

describe('moves being saved', () => {
  const a1 = appointment('a1', '2026-11-04T14:00:00.000Z', '2026-11-04T14:45:00.000Z');
  const a2 = appointment('a2', '2026-11-04T16:00:00.000Z', '2026-11-04T16:30:00.000Z');
  const moving: PendingMove = { patch: { startAt: '2026-11-04T18:00:00.000Z', endAt: '2026-11-04T18:45:00.000Z' }, done: false };

  it('show the appointments at their new place, the others untouched', () => {
    const shown = withPendingMoves([a1, a2], new Map([['a1', moving]]));
    expect(shown[0]).toEqual({ ...a1, ...moving.patch });
    expect(shown[1]).toBe(a2);
  });

  it('leave the list itself alone when nothing is being saved', () => {
    const list = [a1, a2];
    expect(withPendingMoves(list, new Map())).toBe(list);
  });

  it('are settled one entry at a time, and dropped once settled', () => {
    const pending: PendingMoves = new Map([['a1', moving], ['a2', { patch: {}, done: false }]]);
    expect(hasSettled(pending)).toBe(false);
    const settled = settle(pending, 'a1', moving);
    expect(settled.get('a1')).toEqual({ ...moving, done: true });
    expect(hasSettled(settled)).toBe(true);
    expect([...withoutSettled(settled).keys()]).toEqual(['a2']);
  });

  it('are not settled by an earlier save of the same block that another move replaced', () => {
    const newer: PendingMove = { patch: { startAt: '2026-11-04T19:00:00.000Z' }, done: false };
    const pending: PendingMoves = new Map([['a1', newer]]);
    expect(settle(pending, 'a1', moving)).toBe(pending);
  });
});
