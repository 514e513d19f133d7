import { describe, expect, it } from 'vitest';
import type { SidebarProvider } from '@willow/contracts';
import { appointmentDraftOf, contextMenuDefaults, slotProviderOf, nextQuarter, NEW_APPOINTMENT_MINUTES, soleProviderOf, toolbarAppointmentSpan, WORKDAY } from './calendar-drafts';

const NY = 'America/New_York';
const LOCATION = 'loc';
const VET = 'vet';
const NURSE = 'nurse';
const providers: SidebarProvider[] = [
  { id: VET, firstName: 'Vera', lastName: 'Vet', isPrimaryProvider: true, isSecondaryProvider: false, serviceIds: [] },
  { id: NURSE, firstName: 'Nico', lastName: 'Nurse', isPrimaryProvider: false, isSecondaryProvider: true, serviceIds: [] },
];
const at = (iso: string) => Date.parse(iso);

describe('soleProviderOf', () => {
  it('is the one provider filtered to, when the location has them', () => {
    expect(soleProviderOf([VET], providers)).toBe(VET);
    expect(soleProviderOf(['someone-else'], providers)).toBeUndefined();
    expect(soleProviderOf([VET, NURSE], providers)).toBeUndefined();
    expect(soleProviderOf([], providers)).toBeUndefined();
  });
});

describe('appointmentDraftOf', () => {
  const span = { locationId: LOCATION, start: at('2026-11-04T14:00:00.000Z'), end: at('2026-11-04T14:30:00.000Z'), providers, lengthChosen: false };

  it('holds the place and the times as instants', () => {
    expect(appointmentDraftOf({ ...span, providerId: undefined, soleProvider: undefined })).toEqual({
      locationId: LOCATION,
      startAt: '2026-11-04T14:00:00.000Z',
      endAt: '2026-11-04T14:30:00.000Z',
      lengthChosen: false,
    });
  });

  it('outside the providers view books for the sole provider filtered to', () => {
    expect(appointmentDraftOf({ ...span, providerId: undefined, soleProvider: VET })).toMatchObject({ primaryProviderId: VET });
  });

  it('in the providers view takes the column’s provider, in the role they can hold, or none for Unassigned', () => {
    expect(appointmentDraftOf({ ...span, providerId: NURSE, soleProvider: VET })).toMatchObject({ secondaryProviderId: NURSE });
    expect(appointmentDraftOf({ ...span, providerId: NURSE, soleProvider: VET }).primaryProviderId).toBeUndefined();
    expect(appointmentDraftOf({ ...span, providerId: null, soleProvider: VET })).toMatchObject({ primaryProviderId: null });
  });

  it('says when the length was drawn', () => {
    expect(appointmentDraftOf({ ...span, providerId: undefined, soleProvider: undefined, lengthChosen: true }).lengthChosen).toBe(true);
  });
});

describe('nextQuarter', () => {
  it('rounds up to the quarter hour, keeping one it is on', () => {
    expect(new Date(nextQuarter(at('2026-11-04T14:07:30.000Z'))).toISOString()).toBe('2026-11-04T14:15:00.000Z');
    expect(new Date(nextQuarter(at('2026-11-04T14:15:00.000Z'))).toISOString()).toBe('2026-11-04T14:15:00.000Z');
    expect(new Date(nextQuarter(at('2026-11-04T14:45:01.000Z'))).toISOString()).toBe('2026-11-04T15:00:00.000Z');
  });
});

describe('toolbarAppointmentSpan', () => {
  const now = at('2026-11-04T19:07:00.000Z');

  it('today starts at the next quarter hour', () => {
    const { start, end } = toolbarAppointmentSpan('2026-11-04', '2026-11-04', NY, now);
    expect(new Date(start).toISOString()).toBe('2026-11-04T19:15:00.000Z');
    expect(end - start).toBe(NEW_APPOINTMENT_MINUTES * 60_000);
  });

  it('on another day starts when the workday does, in the location’s zone', () => {
    const { start, end } = toolbarAppointmentSpan('2026-11-10', '2026-11-04', NY, now);
    expect(new Date(start).toISOString()).toBe('2026-11-10T14:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-11-10T14:30:00.000Z');
  });
});

describe('contextMenuDefaults', () => {
  it('at a time in the grid: an appointment there, an hour of slot, a note for the column’s provider', () => {
    // 15:30 New York time.
    const d = contextMenuDefaults({ date: '2026-11-04', start: at('2026-11-04T20:30:00.000Z'), providerId: VET }, NY);
    expect(d.appointment).toEqual({ start: at('2026-11-04T20:30:00.000Z'), end: at('2026-11-04T21:00:00.000Z'), providerId: VET });
    expect(d.slot).toEqual({ date: '2026-11-04', start: 15 * 60 + 30, end: 16 * 60 + 30 });
    expect(d.note).toEqual({ date: '2026-11-04', providerId: VET });
  });

  it('late in the evening: the slot ends at midnight', () => {
    const d = contextMenuDefaults({ date: '2026-11-04', start: at('2026-11-05T04:30:00.000Z'), providerId: undefined }, NY);
    expect(d.slot).toEqual({ date: '2026-11-04', start: 23 * 60 + 30, end: 1440 });
    expect(d.note.providerId).toBeNull();
    expect(d.appointment.providerId).toBeUndefined();
  });

  it('on a month day: the appointment at the workday’s start and slots for the whole workday', () => {
    const d = contextMenuDefaults({ date: '2026-11-10', start: null, providerId: undefined }, NY);
    expect(new Date(d.appointment.start).toISOString()).toBe('2026-11-10T14:00:00.000Z');
    expect(d.slot).toEqual({ date: '2026-11-10', ...WORKDAY });
    expect(d.note).toEqual({ date: '2026-11-10', providerId: null });
  });
});

describe('the slot’s provider', () => {
  const span = { locationId: LOCATION, start: at('2026-11-04T14:00:00.000Z'), end: at('2026-11-04T14:30:00.000Z'), providers, lengthChosen: false };

  it('is the one provider a slot names, when the location has them', () => {
    expect(slotProviderOf({ veterinarianIds: [VET] }, providers)).toBe(VET);
    expect(slotProviderOf({ veterinarianIds: [VET, NURSE] }, providers)).toBeUndefined();
    expect(slotProviderOf({ veterinarianIds: ['gone'] }, providers)).toBeUndefined();
    expect(slotProviderOf(null, providers)).toBeUndefined();
  });

  it('books a click in the slot for them, before the provider filtered to; a provider’s column still decides', () => {
    expect(appointmentDraftOf({ ...span, providerId: undefined, soleProvider: undefined, slot: { veterinarianIds: [NURSE] } })).toMatchObject({ secondaryProviderId: NURSE });
    expect(appointmentDraftOf({ ...span, providerId: undefined, soleProvider: NURSE, slot: { veterinarianIds: [VET] } })).toMatchObject({ primaryProviderId: VET });
    expect(appointmentDraftOf({ ...span, providerId: NURSE, soleProvider: undefined, slot: { veterinarianIds: [VET] } })).toMatchObject({ secondaryProviderId: NURSE });
  });
});
