import { describe, expect, it } from 'vitest';
import { formatClock, isLocalDate, minutesOfTimeInput, openDayLabel, timeInputValue, monthGrid, startOfWeek, stepAnchor, todayIn, viewDays, viewTitle } from './calendar-views';

describe('calendar views', () => {
  it('starts weeks on Sunday', () => {
    expect(startOfWeek('2026-11-04')).toBe('2026-11-01');
    expect(startOfWeek('2026-11-01')).toBe('2026-11-01');
    expect(startOfWeek('2027-01-02')).toBe('2026-12-27');
  });

  it('builds month grids of whole weeks', () => {
    const nov = monthGrid('2026-11-15');
    expect(nov).toHaveLength(5);
    expect([nov[0]![0], nov.at(-1)![6]]).toEqual(['2026-11-01', '2026-12-05']);
    // February 2026 starts on a Sunday and fills exactly four weeks.
    expect(monthGrid('2026-02-10')).toHaveLength(4);
    const aug = monthGrid('2026-08-31');
    expect(aug).toHaveLength(6);
    expect([aug[0]![0], aug.at(-1)![6]]).toEqual(['2026-07-26', '2026-09-05']);
  });

  it('lists the days each view shows', () => {
    expect(viewDays('day', '2026-11-04')).toEqual(['2026-11-04']);
    expect(viewDays('providers', '2026-11-04')).toEqual(['2026-11-04']);
    expect(viewDays('week', '2026-11-04')).toEqual([
      '2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07',
    ]);
    expect(viewDays('month', '2026-11-04')).toHaveLength(35);
  });

  it('steps by a day, a week or a month', () => {
    expect(stepAnchor('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepAnchor('providers', '2026-03-01', -1)).toBe('2026-02-28');
    expect(stepAnchor('week', '2026-11-04', -1)).toBe('2026-10-28');
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(stepAnchor('month', '2026-01-15', -1)).toBe('2025-12-15');
  });

  it('titles each view', () => {
    // ICU puts thin spaces around the range dash.
    const week = (d: string) => viewTitle('week', d, 'en-US').replace(/\s/g, ' ');
    expect(viewTitle('day', '2026-11-02', 'en-US')).toBe('Monday, November 2, 2026');
    expect(week('2026-11-04')).toBe('Nov 1 – 7, 2026');
    expect(week('2026-10-28')).toBe('Oct 25 – 31, 2026');
    expect(week('2026-12-30')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(viewTitle('month', '2026-11-04', 'en-US')).toBe('November 2026');
  });

  it('knows today where the location is', () => {
    const instant = Date.parse('2026-11-02T03:00:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-01');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-11-02');
  });

  it('formats wall-clock times and accepts only real dates', () => {
    expect(formatClock(9 * 60 + 5, 'en-US')).toBe('9:05 AM');
    expect(formatClock(1440 + 30, 'en-US')).toBe('12:30 AM');
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-2-28')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
  });

  it('reads and writes time inputs', () => {
    expect(timeInputValue(9 * 60 + 5)).toBe('09:05');
    expect(timeInputValue(1440)).toBe('00:00');
    expect(minutesOfTimeInput('13:45')).toBe(825);
    expect(minutesOfTimeInput('24:00')).toBeNull();
    expect(minutesOfTimeInput('')).toBeNull();
  });
});

describe('openDayLabel', () => {
  it('starts with what the day button shows, then says the whole date', () => {
    expect(openDayLabel('2026-11-22', 'Sun 22', 'en-US')).toBe('Sun 22, open Sunday, November 22, 2026 in the day view');
    expect(openDayLabel('2026-02-01', '1', 'en-US')).toBe('1, open Sunday, February 1, 2026 in the day view');
  });
});
