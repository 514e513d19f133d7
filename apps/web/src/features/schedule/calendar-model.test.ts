import { describe, expect, it } from 'vitest';
import type { Appointment, ScheduleNote, ScheduleSlot, SidebarProvider } from '@willow/contracts';
import { buildGrid, buildMonth, ownHourLabels, toEvent, toSlotItem } from './calendar-model';
import { viewDays } from './calendar-views';

const NY = 'America/New_York';
let seq = 0;
function appointment(startAt: string, endAt: string, patch: Partial<Appointment> = {}): Appointment {
  seq += 1;
  return {
    id: `a${seq}`,
    status: 'Confirmed',
    startAt,
    endAt,
    client: { id: 'c', firstName: 'Ada', lastName: 'Lovelace', email: null, phone: null },
    patients: [{ id: 'p', name: 'Rex', speciesName: 'Dog', deceasedOn: null }],
    services: [{ id: 's', name: 'Consultation', type: 'Consultation', duration: 30, price: 50 }],
    serviceIds: ['s'],
    primaryProviderId: null,
    secondaryProviderId: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...patch,
  } as Appointment;
}
const slot = (id: string, startAt: string, endAt: string, veterinarianIds: string[] = []) =>
  ({ id, startAt, endAt, serviceIds: [], veterinarianIds, capacity: 1, seriesId: null }) as unknown as ScheduleSlot;
const note = (id: string, date: string, providerId: string | null = null) => ({ id, date, providerId, text: id }) as ScheduleNote;
const provider = (id: string, firstName: string) =>
  ({ id, firstName, lastName: 'Vet', isPrimaryProvider: true, isSecondaryProvider: false, serviceIds: [] }) as SidebarProvider;
const base = { timeZone: NY, slots: [], notes: [], providers: [], selectedProviders: [] };

describe('the week grid', () => {
  it('puts each appointment into the days it touches, drawn by its status colour', () => {
    const overnight = toEvent(appointment('2026-11-03T03:30:00Z', '2026-11-03T06:00:00Z'));
    const pending = toEvent(appointment('2026-11-04T14:00:00Z', '2026-11-04T15:00:00Z', { status: 'Pending' }));
    const grid = buildGrid({ ...base, view: 'week', days: viewDays('week', '2026-11-04'), events: [overnight, pending] });
    expect(grid.columns.map((c) => c.date)).toEqual(viewDays('week', '2026-11-04'));
    expect(grid.columns.map((c) => c.events.map((e) => e.item.id))).toEqual([[], [overnight.id], [overnight.id], [pending.id], [], [], []]);
    expect(grid.columns[3]!.events[0]).toMatchObject({ top: 540, height: 60 });
    expect(pending.colour).toBe('warning');
    expect([pending.client, pending.patients, pending.services]).toEqual(['Ada Lovelace', 'Rex', 'Consultation']);
  });

  it('keeps the gutter of a plain day and is as tall as the 25-hour day', () => {
    const grid = buildGrid({ ...base, view: 'week', days: viewDays('week', '2026-11-01'), events: [] });
    expect(grid.minutes).toBe(1500);
    expect(grid.gutter).toHaveLength(24);
    expect(grid.columns.map((c) => ownHourLabels(c, grid.gutter))).toEqual([true, false, false, false, false, false, false]);
  });

  it('lays out again only the days whose items changed', () => {
    const days = viewDays('week', '2026-11-04');
    const monday = toEvent(appointment('2026-11-02T14:00:00Z', '2026-11-02T15:00:00Z'));
    const tuesday = toEvent(appointment('2026-11-03T14:00:00Z', '2026-11-03T15:00:00Z'));
    const first = buildGrid({ ...base, view: 'week', days, events: [monday, tuesday] });
    const moved = toEvent({ ...tuesday.appointment, startAt: '2026-11-03T16:00:00Z', endAt: '2026-11-03T17:00:00Z' }, true);
    const second = buildGrid({ ...base, view: 'week', days, events: [monday, moved] }, new Map(first.columns.map((c) => [c.key, c])));
    expect(second.columns[1]).toBe(first.columns[1]);
    expect(second.columns[2]).not.toBe(first.columns[2]);
    expect(second.columns[2]!.events[0]).toMatchObject({ top: 660, item: { saving: true } });
  });

  it('shows slots and the notes of each day', () => {
    const days = viewDays('week', '2026-11-04');
    const s = toSlotItem(slot('s1', '2026-11-02T14:00:00Z', '2026-11-02T17:00:00Z'), new Map());
    const grid = buildGrid({ ...base, view: 'week', days, events: [], slots: [s], notes: [note('n1', '2026-11-02'), note('n2', '2026-11-05', 'p1')] });
    expect(grid.columns[1]!.slots.map((p) => [p.item.id, p.top, p.height])).toEqual([['s1', 540, 180]]);
    expect(s.services).toBe('Any service');
    expect(grid.columns.map((c) => c.notes.map((n) => n.id))).toEqual([[], ['n1'], [], [], ['n2'], [], []]);
  });
});

describe('the providers grid', () => {
  const providers = [provider('p1', 'Ann'), provider('p2', 'Bob')];

  it('has a column per provider and places appointments, slots and notes in them', () => {
    const ann = toEvent(appointment('2026-11-04T14:00:00Z', '2026-11-04T15:00:00Z', { primaryProviderId: 'p1' }));
    const nobody = toEvent(appointment('2026-11-04T15:00:00Z', '2026-11-04T16:00:00Z'));
    const bobsSlot = toSlotItem(slot('s1', '2026-11-04T14:00:00Z', '2026-11-04T16:00:00Z', ['p2']), new Map());
    const openSlot = toSlotItem(slot('s2', '2026-11-04T18:00:00Z', '2026-11-04T19:00:00Z'), new Map());
    const grid = buildGrid({
      ...base,
      view: 'providers',
      days: ['2026-11-04'],
      providers,
      events: [ann, nobody],
      slots: [bobsSlot, openSlot],
      notes: [note('all', '2026-11-04'), note('bob', '2026-11-04', 'p2'), note('other day', '2026-11-05', 'p2')],
    });
    expect(grid.columns.map((c) => [c.providerId, c.label])).toEqual([
      ['p1', 'Ann Vet'],
      ['p2', 'Bob Vet'],
      ['unassigned', 'Unassigned'],
    ]);
    expect(grid.columns.map((c) => c.events.map((e) => e.item.id))).toEqual([[ann.id], [], [nobody.id]]);
    expect(grid.columns.map((c) => c.slots.map((e) => e.item.id))).toEqual([['s2'], ['s1', 's2'], []]);
    expect(grid.columns.map((c) => c.notes.map((n) => n.id))).toEqual([[], ['bob'], []]);
    expect(grid.sharedNotes.map((n) => n.id)).toEqual(['all']);
    expect(grid.columns.map((c) => c.key)).toEqual(['2026-11-04|p1', '2026-11-04|p2', '2026-11-04|unassigned']);
  });

  it('shows only the selected providers', () => {
    const grid = buildGrid({ ...base, view: 'providers', days: ['2026-11-04'], providers, selectedProviders: ['p2'], events: [] });
    expect(grid.columns.map((c) => c.providerId)).toEqual(['p2']);
  });
});

describe('the month grid', () => {
  it('lists each day’s appointments in start order with its slot count and notes', () => {
    const later = toEvent(appointment('2026-11-04T18:00:00Z', '2026-11-04T19:00:00Z'));
    const earlier = toEvent(appointment('2026-11-04T14:00:00Z', '2026-11-04T15:00:00Z'));
    const cells = buildMonth(viewDays('month', '2026-11-04'), NY, {
      events: [later, earlier],
      slots: [toSlotItem(slot('s', '2026-11-04T14:00:00Z', '2026-11-04T15:00:00Z'), new Map())],
      notes: [note('n', '2026-11-04')],
    });
    const day = cells.find((c) => c.date === '2026-11-04')!;
    expect(cells).toHaveLength(35);
    expect(day.events.map((e) => e.id)).toEqual([earlier.id, later.id]);
    expect(day.slots).toBe(1);
    expect(day.notes.map((n) => n.id)).toEqual(['n']);
  });
});

describe('what a block flags', () => {
  const service = (type: string) => ({ id: type, name: type, type, duration: 30, price: 1 });
  it('marks a home visit, an end-of-life visit and the patients’ alerts once each', () => {
    const e = toEvent(
      appointment('2026-11-02T14:00:00Z', '2026-11-02T15:00:00Z', {
        services: [service('Home Visit'), service('Euthanasia')],
        patients: [
          { id: 'p1', name: 'Fang', speciesName: 'Dog', deceasedOn: null, alerts: ['bites'] },
          { id: 'p2', name: 'Tooth', speciesName: 'Dog', deceasedOn: null, alerts: ['bites', 'anxious'] },
        ],
      }),
    );
    expect({ home: e.homeVisit, endOfLife: e.endOfLife, alerts: e.alerts, patients: e.patients }).toEqual({
      home: true,
      endOfLife: true,
      alerts: ['bites', 'anxious'],
      patients: 'Fang, Tooth',
    });
    const plain = toEvent(appointment('2026-11-02T14:00:00Z', '2026-11-02T15:00:00Z'));
    expect({ home: plain.homeVisit, endOfLife: plain.endOfLife, alerts: plain.alerts }).toEqual({ home: false, endOfLife: false, alerts: [] });
  });
});
