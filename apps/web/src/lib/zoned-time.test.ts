import { describe, expect, it } from 'vitest';
import { addDays, localClock, localDate, localDateTimeToInstant, localMinutes, offsetMinutes, startOfLocalDay, weekdayOf, zonedToInstant } from '@willow/contracts';

const NY = 'America/New_York';

describe('zoned time', () => {
  it('reads offsets on both sides of a daylight-saving change', () => {
    expect(offsetMinutes(Date.parse('2026-01-15T12:00:00Z'), NY)).toBe(-300);
    expect(offsetMinutes(Date.parse('2026-07-15T12:00:00Z'), NY)).toBe(-240);
  });

  it('turns a wall-clock time into the instant it happens', () => {
    expect(zonedToInstant({ year: 2026, month: 11, day: 2, hour: 9 }, NY).toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect(zonedToInstant({ year: 2026, month: 10, day: 30, hour: 9 }, NY).toISOString()).toBe('2026-10-30T13:00:00.000Z');
  });

  it('moves a time skipped by spring-forward ahead and takes the first of a repeated time', () => {
    // 2026-03-08 02:30 does not exist in New York
    expect(zonedToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 2026-11-01 01:30 happens twice; the first is EDT
    expect(zonedToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('takes the first of a repeated time and moves a skipped one ahead in zones east of UTC too', () => {
    // London falls back at 02:00 BST: 01:30 happens at 00:30Z (BST) and again at 01:30Z (GMT).
    expect(zonedToInstant({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Sydney falls back at 03:00 AEDT: 02:30 happens at 15:30Z (AEDT) and again at 16:30Z (AEST).
    expect(zonedToInstant({ year: 2026, month: 4, day: 5, hour: 2, minute: 30 }, 'Australia/Sydney').toISOString()).toBe('2026-04-04T15:30:00.000Z');
    // Sydney springs forward at 02:00 AEST: 02:30 does not exist and is 03:30 AEDT.
    expect(zonedToInstant({ year: 2026, month: 10, day: 4, hour: 2, minute: 30 }, 'Australia/Sydney').toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(zonedToInstant({ year: 2026, month: 7, day: 1, hour: 9 }, 'Asia/Kolkata').toISOString()).toBe('2026-07-01T03:30:00.000Z');
  });

  it('knows the local day, its start and minutes', () => {
    expect(localDate('2026-11-22T03:00:00Z', NY)).toBe('2026-11-21');
    expect(localMinutes('2026-11-22T03:00:00Z', NY)).toBe(22 * 60);
    expect(startOfLocalDay('2026-11-01', NY).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(localDateTimeToInstant('2026-11-01', 24 * 60, NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it("reads many instants' local day and minutes as localDate and localMinutes do, across offset changes", () => {
    // Daylight saving both ways, half-hour and 45-minute offsets, a half-hour change (Lord Howe)
    // and a day skipped (Samoa, 2011-12-30).
    const zones = [NY, 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Apia', 'UTC'];
    const days = ['2011-12-29', '2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
    const differing: string[] = [];
    for (const zone of zones) {
      const clock = localClock(zone);
      for (const day of days) {
        // every 7 minutes and 13 seconds for two days, so readings fall on either side of each change
        for (let t = Date.parse(`${day}T00:00:00Z`) - 86_400_000; t < Date.parse(`${day}T00:00:00Z`) + 86_400_000; t += 433_000) {
          const { date, minutes } = clock(new Date(t));
          if (date !== localDate(t, zone) || minutes !== localMinutes(t, zone)) differing.push(`${zone} ${new Date(t).toISOString()}: ${date} ${minutes}`);
        }
      }
    }
    expect(differing).toEqual([]);
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-21')).toBe(6);
  });
});
