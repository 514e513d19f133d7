// When automations' items are due, on the location's clock: 09:00 in London is 09:00 local on both
// sides of the October 2026 clock change, a skipped time moves on by the jump, and the windows of
// the day-based triggers take what a missed run left for a few days only.
import { describe, expect, it } from 'vitest';
import {
  afterEvent,
  beforeAppointment,
  birthdayDays,
  CATCH_UP_DAYS,
  dayRun,
  instantOn,
  invoiceFinalisedWindow,
  LEAD_MS,
  localTime,
  SLACK_MS,
  startOfDay,
  upcomingWindow,
  vaccinationDueDays,
  vaccinationOverdueDays,
} from './automation-times.rules.js';

const LONDON = 'Europe/London';
const iso = (d: Date) => d.toISOString();

describe('a local day’s time as an instant', () => {
  it('is 09:00 in London on both sides of the October 2026 clock change', () => {
    expect(iso(instantOn('2026-10-24', '09:00', LONDON))).toBe('2026-10-24T08:00:00.000Z');
    expect(iso(instantOn('2026-10-25', '09:00', LONDON))).toBe('2026-10-25T09:00:00.000Z');
    expect(iso(instantOn('2026-10-26', '09:00', LONDON))).toBe('2026-10-26T09:00:00.000Z');
  });

  it('reads other zones, days far ahead and the start of a day', () => {
    expect(iso(instantOn('2026-12-31', '23:30', 'Pacific/Auckland'))).toBe('2026-12-31T10:30:00.000Z');
    expect(iso(instantOn('2026-07-01', '09:00', 'America/New_York'))).toBe('2026-07-01T13:00:00.000Z');
    // The night of the change starts in summer time; the next day in winter time.
    expect(iso(startOfDay('2026-10-25', LONDON))).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(startOfDay('2026-10-26', LONDON))).toBe('2026-10-26T00:00:00.000Z');
  });

  it('sends a time the spring-forward night skips when the clock jumps (01:30 goes at 02:00 BST)', () => {
    expect(iso(instantOn('2026-03-29', '01:30', LONDON))).toBe('2026-03-29T01:00:00.000Z');
    expect(localTime(instantOn('2026-03-29', '01:30', LONDON), LONDON)).toBe('02:00');
  });

  it('refuses a zone it does not know', () => {
    expect(() => instantOn('2026-10-25', '09:00', 'Mars/Olympus')).toThrow();
  });
});

describe('the day’s run of a day-based automation', () => {
  it('comes at 09:00 local, on the local day, across the clock change', () => {
    expect(dayRun(new Date('2026-10-24T07:59:00Z'), '09:00', LONDON)).toBeNull();
    expect(dayRun(new Date('2026-10-24T08:00:00Z'), '09:00', LONDON)).toEqual({ day: '2026-10-24', sendAt: new Date('2026-10-24T08:00:00Z') });
    // Sunday after the change: 08:30Z is 08:30 local, not yet time.
    expect(dayRun(new Date('2026-10-25T08:30:00Z'), '09:00', LONDON)).toBeNull();
    expect(dayRun(new Date('2026-10-25T09:00:00Z'), '09:00', LONDON)).toEqual({ day: '2026-10-25', sendAt: new Date('2026-10-25T09:00:00Z') });
    // Late in the evening it is still that day's run (claimed once, so made once).
    expect(dayRun(new Date('2026-10-25T22:59:00Z'), '09:00', LONDON)?.day).toBe('2026-10-25');
    // 01:00Z on the 26th is still the evening of the 25th in New York: that day's run.
    expect(dayRun(new Date('2026-10-26T01:00:00Z'), '09:00', 'America/New_York')?.day).toBe('2026-10-25');
  });
});

describe('the windows of the day-based triggers', () => {
  it('takes vaccinations due from today to N days ahead', () => {
    expect(vaccinationDueDays('2026-10-20', 14)).toEqual({ from: '2026-10-20', to: '2026-11-03' });
    expect(vaccinationDueDays('2026-12-30', 0)).toEqual({ from: '2026-12-30', to: '2026-12-30' });
  });

  it('takes vaccinations overdue by N days, and the few days a missed run left', () => {
    expect(CATCH_UP_DAYS).toBe(6);
    expect(vaccinationOverdueDays('2026-11-10', 7)).toEqual({ from: '2026-10-28', to: '2026-11-03' });
  });

  it('takes invoices finalised N local days ago (and a few before), by the location’s midnights', () => {
    const w = invoiceFinalisedWindow('2026-11-08', 14, LONDON);
    expect(iso(w.to)).toBe('2026-10-26T00:00:00.000Z');
    // 2026-10-25 minus 6 days is in summer time: its midnight is 23:00Z the day before.
    expect(iso(w.from)).toBe('2026-10-18T23:00:00.000Z');
  });

  it('takes birthdays N days ahead, never one already past, and 29 February on the 28th of other years', () => {
    expect(birthdayDays('2027-02-20', 8).map((b) => b.day)).toEqual(['2027-02-22', '2027-02-23', '2027-02-24', '2027-02-25', '2027-02-26', '2027-02-27', '2027-02-28']);
    expect(birthdayDays('2027-02-20', 8).at(-1)!.monthDays).toEqual(['02-28', '02-29']);
    expect(birthdayDays('2028-02-28', 0)).toEqual([{ day: '2028-02-28', monthDays: ['02-28'] }]);
    expect(birthdayDays('2026-06-01', 2).map((b) => b.day)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
  });
});

describe('items about an event', () => {
  const at = new Date('2026-10-22T15:20:00Z'); // 16:20 in London (summer time)

  it('goes minutes or hours after it', () => {
    expect(iso(afterEvent(at, 0, 'minutes', null, LONDON))).toBe(iso(at));
    expect(iso(afterEvent(at, 90, 'minutes', null, LONDON))).toBe('2026-10-22T16:50:00.000Z');
    expect(iso(afterEvent(at, 2, 'hours', null, LONDON))).toBe('2026-10-22T17:20:00.000Z');
  });

  it('goes N local days after it at sendTime (10:00 local across the clock change), never before the event', () => {
    expect(iso(afterEvent(at, 3, 'days', '10:00', LONDON))).toBe('2026-10-25T10:00:00.000Z');
    expect(iso(afterEvent(at, 0, 'days', '10:00', LONDON))).toBe(iso(at));
    // Without a send time: the event's own wall-clock time, 16:20 local, now in winter time.
    expect(iso(afterEvent(at, 3, 'days', null, LONDON))).toBe('2026-10-25T16:20:00.000Z');
  });
});

describe('reminders before an appointment', () => {
  const start = new Date('2026-10-26T10:00:00Z'); // Monday 10:00 in London (winter time)

  it('goes minutes or hours before the start, or N local days before at sendTime', () => {
    expect(iso(beforeAppointment(start, 30, 'minutes', null, LONDON))).toBe('2026-10-26T09:30:00.000Z');
    expect(iso(beforeAppointment(start, 24, 'hours', null, LONDON))).toBe('2026-10-25T10:00:00.000Z');
    // The day before at 09:00 local, across the change: Sunday 09:00 is 09:00Z; Saturday's is 08:00Z.
    expect(iso(beforeAppointment(start, 1, 'days', '09:00', LONDON))).toBe('2026-10-25T09:00:00.000Z');
    expect(iso(beforeAppointment(start, 2, 'days', '09:00', LONDON))).toBe('2026-10-24T08:00:00.000Z');
    // Two days before at the same wall-clock time (10:00 local is 09:00Z in summer time).
    expect(iso(beforeAppointment(start, 2, 'days', null, LONDON))).toBe('2026-10-24T09:00:00.000Z');
  });

  it('looks at the starts whose reminder falls in the run’s window', () => {
    const now = new Date('2026-10-25T09:00:00Z');
    const hours = upcomingWindow(now, now, 24, 'hours', null, LONDON)!;
    expect(hours.startFrom.getTime()).toBe(now.getTime() - SLACK_MS + 24 * 3_600_000);
    expect(hours.startTo.getTime()).toBe(now.getTime() + LEAD_MS + 24 * 3_600_000);
    // The day before at 09:00: the run at 09:00 local looks at the whole of Monday (London).
    const days = upcomingWindow(now, now, 1, 'days', '09:00', LONDON)!;
    expect([iso(days.startFrom), iso(days.startTo)]).toEqual(['2026-10-26T00:00:00.000Z', '2026-10-27T00:00:00.000Z']);
    expect(beforeAppointment(start, 1, 'days', '09:00', LONDON) >= days.dueFrom).toBe(true);
    // An hour later, 09:00 is out of the window: nothing to look at.
    expect(upcomingWindow(new Date('2026-10-25T10:00:00Z'), new Date('2026-10-25T10:00:00Z'), 1, 'days', '09:00', LONDON)).toBeNull();
    // A run after downtime reaches back to the first minute it missed.
    const late = upcomingWindow(new Date('2026-10-25T08:30:00Z'), new Date('2026-10-25T09:20:00Z'), 1, 'days', '09:00', LONDON)!;
    expect(iso(late.startFrom)).toBe('2026-10-26T00:00:00.000Z');
  });
});
