import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTED_STATUSES } from '@willow/contracts';
import type { Appointment, ScheduleNote, ScheduleSlot, SidebarProvider } from '@willow/contracts';
import {
  appointmentVisible,
  effectiveStatuses,
  noteVisible,
  preselectedProviders,
  providerColumnOf,
  providerColumns,
  providersForColumn,
  providersForNew,
  slotVisible,
  toggleSelection,
} from './calendar-filters';
import type { CalendarFilters } from './calendar-filters';

const appointment = (patch: Partial<Appointment>) =>
  ({ status: 'Confirmed', primaryProviderId: null, secondaryProviderId: null, serviceIds: [], ...patch }) as Appointment;
const slot = (patch: Partial<ScheduleSlot>) => ({ serviceIds: [], veterinarianIds: [], ...patch }) as ScheduleSlot;
const provider = (id: string, firstName: string): SidebarProvider => ({
  id,
  firstName,
  lastName: 'Vet',
  isPrimaryProvider: true,
  isSecondaryProvider: false,
  serviceIds: [],
});
const all: CalendarFilters = { providers: [], services: [], statuses: [...DEFAULT_SELECTED_STATUSES] };

describe('calendar filters', () => {
  it('uses the default statuses until some are saved', () => {
    expect(effectiveStatuses([])).toEqual([...DEFAULT_SELECTED_STATUSES]);
    expect(effectiveStatuses(['Not a status'])).toEqual([...DEFAULT_SELECTED_STATUSES]);
    expect(effectiveStatuses(['Cancelled', 'Pending'])).toEqual(['Cancelled', 'Pending']);
    expect(DEFAULT_SELECTED_STATUSES).not.toContain('Cancelled');
  });

  it('shows appointments of the selected statuses, providers (primary, secondary or nobody yet) and services', () => {
    expect(appointmentVisible(appointment({}), all)).toBe(true);
    expect(appointmentVisible(appointment({ status: 'Cancelled' }), all)).toBe(false);
    const byProvider = { ...all, providers: ['p1'] };
    expect(appointmentVisible(appointment({ primaryProviderId: 'p1' }), byProvider)).toBe(true);
    expect(appointmentVisible(appointment({ secondaryProviderId: 'p1' }), byProvider)).toBe(true);
    expect(appointmentVisible(appointment({ primaryProviderId: 'p2' }), byProvider)).toBe(false);
    // Nobody's yet: shown under any provider filter, so it never waits unseen.
    expect(appointmentVisible(appointment({}), byProvider)).toBe(true);
    const byService = { ...all, services: ['s1'] };
    expect(appointmentVisible(appointment({ serviceIds: ['s2', 's1'] }), byService)).toBe(true);
    expect(appointmentVisible(appointment({ serviceIds: ['s2'] }), byService)).toBe(false);
  });

  it('treats slots without services or providers as open to all', () => {
    const f = { ...all, providers: ['p1'], services: ['s1'] };
    expect(slotVisible(slot({}), f)).toBe(true);
    expect(slotVisible(slot({ serviceIds: ['s2'] }), f)).toBe(false);
    expect(slotVisible(slot({ veterinarianIds: ['p2'] }), f)).toBe(false);
    expect(slotVisible(slot({ serviceIds: ['s1'], veterinarianIds: ['p1', 'p2'] }), f)).toBe(true);
  });

  it('shows location notes always and provider notes with their provider', () => {
    const note = (providerId: string | null) => ({ providerId }) as ScheduleNote;
    const f = { ...all, providers: ['p1'] };
    expect(noteVisible(note(null), f)).toBe(true);
    expect(noteVisible(note('p1'), f)).toBe(true);
    expect(noteVisible(note('p2'), f)).toBe(false);
    expect(noteVisible(note('p2'), all)).toBe(true);
  });
});

describe('primary provider preselection', () => {
  const providers = [provider('me', 'Victor')];
  const base = { permissions: ['appointments.primary_provider'], profileId: 'me', selectedProviders: [], providers };

  it('selects the primary provider themself when nothing is saved', () => {
    expect(preselectedProviders(base)).toEqual(['me']);
  });

  it('leaves saved choices, other roles and providers of other locations alone', () => {
    expect(preselectedProviders({ ...base, selectedProviders: ['other'] })).toBeNull();
    expect(preselectedProviders({ ...base, permissions: ['appointments.secondary_provider'] })).toBeNull();
    expect(preselectedProviders({ ...base, providers: [provider('else', 'Eve')] })).toBeNull();
    expect(preselectedProviders({ ...base, profileId: undefined })).toBeNull();
  });

  it('starts someone who runs the practice with everyone, even when they also see patients', () => {
    expect(preselectedProviders({ ...base, permissions: ['appointments.primary_provider', 'users.manage'] })).toBeNull();
    expect(preselectedProviders({ ...base, permissions: ['appointments.primary_provider', 'system.admin'] })).toBeNull();
  });
});

describe('providers view columns', () => {
  const providers = [provider('p1', 'Ann'), provider('p2', 'Bob'), provider('p3', 'Cy')];

  it('shows the selected providers in sidebar order, or all of them', () => {
    expect(providerColumns(providers, ['p3', 'p1'], []).map((c) => c.id)).toEqual(['p1', 'p3']);
    expect(providerColumns(providers, [], []).map((c) => c.label)).toEqual(['Ann Vet', 'Bob Vet', 'Cy Vet']);
  });

  it('adds Unassigned and Other columns only when appointments need them', () => {
    const day = [
      appointment({ primaryProviderId: null }),
      appointment({ primaryProviderId: 'gone' }),
      appointment({ primaryProviderId: 'p1' }),
    ];
    expect(providerColumns(providers, ['p1'], day).map((c) => c.id)).toEqual(['p1', 'unassigned', 'other']);
  });

  it('places an appointment with its primary provider, else its secondary', () => {
    const shown = new Set(['p1', 'p2']);
    expect(providerColumnOf({ primaryProviderId: 'p2', secondaryProviderId: 'p1' }, shown)).toBe('p2');
    expect(providerColumnOf({ primaryProviderId: 'p9', secondaryProviderId: 'p1' }, shown)).toBe('p1');
    expect(providerColumnOf({ primaryProviderId: null, secondaryProviderId: 'p9' }, shown)).toBe('unassigned');
  });
});

describe('filter check boxes', () => {
  const all = ['a', 'b', 'c'];

  it('saves the others when the first box is unticked, and nothing once all are ticked again', () => {
    expect(toggleSelection(all, [], 'b', false)).toEqual(['a', 'c']);
    expect(toggleSelection(all, ['a', 'c'], 'b', true)).toEqual([]);
    expect(toggleSelection(all, ['c'], 'a', true)).toEqual(['a', 'c']);
  });

  it('unticks the only ticked box by showing all the others, and drops ids no longer listed', () => {
    expect(toggleSelection(all, ['b'], 'b', false)).toEqual(['a', 'c']);
    expect(toggleSelection(['a'], [], 'a', false)).toEqual([]);
    expect(toggleSelection(all, ['gone', 'a'], 'b', true)).toEqual(['a', 'b']);
  });
});

describe('providers view drops', () => {
  const vet = { id: 'vet', isPrimaryProvider: true, isSecondaryProvider: true };
  const vet2 = { id: 'vet2', isPrimaryProvider: true, isSecondaryProvider: false };
  const nurse = { id: 'nurse', isPrimaryProvider: false, isSecondaryProvider: true };
  const roles = [vet, vet2, nurse];
  const a = (primaryProviderId: string | null, secondaryProviderId: string | null) => ({ primaryProviderId, secondaryProviderId });

  it('gives a vet’s column the primary role and an assistant’s the secondary one', () => {
    expect(providersForColumn(a('vet', null), 'vet', 'vet2', roles)).toEqual({ primaryProviderId: 'vet2' });
    expect(providersForColumn(a('vet', null), 'vet', 'nurse', roles)).toEqual({ secondaryProviderId: 'nurse' });
    expect(providersForColumn(a(null, null), 'unassigned', 'vet', roles)).toEqual({ primaryProviderId: 'vet' });
    expect(providersForColumn(a('vet', null), 'vet', null, roles)).toEqual({ primaryProviderId: null });
  });

  it('swaps primary and secondary when the secondary’s column takes the appointment', () => {
    expect(providersForColumn(a('vet2', 'vet'), 'vet2', 'vet', roles)).toEqual({ primaryProviderId: 'vet', secondaryProviderId: null });
    expect(providersForColumn(a('vet', 'vet2'), 'vet', 'vet2', roles)).toEqual({ primaryProviderId: 'vet2', secondaryProviderId: 'vet' });
    expect(providersForColumn(a('vet', 'nurse'), 'vet', 'nurse', roles)).toBeNull();
  });

  it('moves the assisting role when the appointment was drawn in its secondary’s column', () => {
    expect(providersForColumn(a('other', 'nurse'), 'nurse', 'vet', roles)).toEqual({ secondaryProviderId: 'vet' });
    expect(providersForColumn(a('other', 'nurse'), 'nurse', 'vet2', roles)).toEqual({ primaryProviderId: 'vet2' });
  });

  it('changes nothing on the same column or an unknown one', () => {
    expect(providersForColumn(a('vet', null), 'vet', 'vet', roles)).toBeNull();
    expect(providersForColumn(a('vet', null), 'vet', 'gone', roles)).toBeNull();
    expect(providersForColumn(a(null, null), 'unassigned', null, roles)).toBeNull();
  });

  it('starts a new appointment in an assistant’s column with them assisting', () => {
    expect(providersForNew('nurse', roles)).toEqual({ secondaryProviderId: 'nurse' });
    expect(providersForNew('vet', roles)).toEqual({ primaryProviderId: 'vet' });
    expect(providersForNew(null, roles)).toEqual({ primaryProviderId: null });
    expect(providersForNew(undefined, roles)).toEqual({});
  });
});
