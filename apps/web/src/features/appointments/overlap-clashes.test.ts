import { describe, expect, it } from 'vitest';
import { clashesOf, dayQueryOf, nextFreeStart } from './overlap-clashes';

const NY = 'America/New_York';
// A wall-clock time on Monday 23 November 2026 in New York (EST, UTC-5).
const at = (hhmm: string) => new Date(Date.UTC(2026, 10, 23, Number(hhmm.slice(0, 2)) + 5, Number(hhmm.slice(3)))).toISOString();
const booked = (id: string, from: string, to: string, more: { vet?: string; nurse?: string; patients?: string[]; status?: string } = {}) => ({
  id,
  status: (more.status ?? 'Confirmed') as 'Confirmed',
  startAt: at(from),
  endAt: at(to),
  primaryProviderId: more.vet ?? null,
  secondaryProviderId: more.nurse ?? null,
  patientIds: more.patients ?? [],
});
const wanted = { locationId: 'loc', startAt: at('09:00'), endAt: at('10:00'), primaryProviderId: 'vera', patientIds: ['rex'] };

describe('clashesOf', () => {
  it('is every active appointment sharing a provider (either role) or a patient over the time, earliest first', () => {
    const day = [
      booked('patient', '09:45', '10:30', { patients: ['rex'] }),
      booked('vet', '08:30', '09:15', { vet: 'vera' }),
      booked('as-nurse', '09:30', '09:45', { nurse: 'vera' }),
      booked('other-vet', '09:00', '10:00', { vet: 'otto' }),
      booked('cancelled', '09:00', '10:00', { vet: 'vera', status: 'Cancelled' }),
      booked('touching', '10:00', '11:00', { vet: 'vera' }),
    ];
    expect(clashesOf(day, wanted).map((a) => a.id)).toEqual(['vet', 'as-nurse', 'patient']);
    // The appointment being moved does not clash with itself.
    expect(clashesOf(day, { ...wanted, excludeId: 'vet' }).map((a) => a.id)).toEqual(['as-nurse', 'patient']);
  });
});

describe('nextFreeStart', () => {
  it('is the first start after the clashes where the same length fits for the same people', () => {
    const day = [booked('a', '08:30', '09:30', { vet: 'vera' }), booked('b', '10:00', '10:30', { patients: ['rex'] }), booked('c', '11:30', '12:00', { vet: 'vera' })];
    // 9:30 leaves 30 minutes before Rex's 10:00; from 10:30 an hour fits before 11:30.
    expect(nextFreeStart(day, wanted, NY)).toBe(Date.parse(at('10:30')));
  });

  it('is null when nothing is free before the day ends', () => {
    const day = [booked('a', '08:30', '23:30', { vet: 'vera' })];
    expect(nextFreeStart(day, wanted, NY)).toBeNull();
  });
});

describe('dayQueryOf', () => {
  it('reads the location’s whole local day, at every location (a provider may work at two)', () => {
    expect(dayQueryOf(wanted, NY)).toEqual({ startDate: '2026-11-23T05:00:00.000Z', endDate: '2026-11-24T05:00:00.000Z', limit: 1000 });
  });
});
