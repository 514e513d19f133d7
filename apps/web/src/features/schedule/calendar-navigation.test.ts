import { describe, expect, it } from 'vitest';
import { calendarPosition, calendarSpan, focusDateOf, shortcutMove, withPosition, zoneLabelOf } from './calendar-navigation';
import { viewDays } from './calendar-views';

const NY = 'America/New_York';
const TODAY = '2026-11-04';

describe('calendarPosition', () => {
  it('takes a valid view and date from the address', () => {
    expect(calendarPosition('month', '2026-12-25', false, TODAY)).toEqual({ view: 'month', anchor: '2026-12-25' });
    expect(calendarPosition('providers', '2026-12-25', true, TODAY)).toEqual({ view: 'providers', anchor: '2026-12-25' });
  });

  it('without a valid view shows a week, or a day on a small screen; without a valid date, today', () => {
    expect(calendarPosition(null, null, false, TODAY)).toEqual({ view: 'week', anchor: TODAY });
    expect(calendarPosition('year', '2026-13-45', true, TODAY)).toEqual({ view: 'day', anchor: TODAY });
    expect(calendarPosition('day', 'tomorrow', false, TODAY)).toEqual({ view: 'day', anchor: TODAY });
  });
});

describe('withPosition', () => {
  it('sets the parts given and keeps the rest of the address', () => {
    const before = new URLSearchParams('view=week&date=2026-11-04&debug=1');
    expect(withPosition(before, { date: '2026-11-11' }).toString()).toBe('view=week&date=2026-11-11&debug=1');
    expect(withPosition(before, { view: 'day', date: '2026-11-05' }).toString()).toBe('view=day&date=2026-11-05&debug=1');
    expect(withPosition(new URLSearchParams(), { view: 'month' }).toString()).toBe('view=month');
    // The address it was given is left as it was.
    expect(before.get('date')).toBe('2026-11-04');
  });
});

describe('shortcutMove', () => {
  const at = { view: 'week' as const, anchor: '2026-11-18' };

  it('goes to today, a step back or forward in the view, or another view', () => {
    expect(shortcutMove({ type: 'today' }, at, TODAY)).toEqual({ date: TODAY });
    expect(shortcutMove({ type: 'step', direction: 1 }, at, TODAY)).toEqual({ date: '2026-11-25' });
    expect(shortcutMove({ type: 'step', direction: -1 }, { view: 'month', anchor: '2026-03-31' }, TODAY)).toEqual({ date: '2026-02-28' });
    expect(shortcutMove({ type: 'view', view: 'providers' }, at, TODAY)).toEqual({ view: 'providers' });
  });
});

describe('calendarSpan', () => {
  it('loads the one local week around a day, also in the providers view', () => {
    const day = calendarSpan('day', TODAY, NY);
    expect(day.days).toEqual([TODAY]);
    // The week of the daylight-saving change (Sunday, November 1) is 169 hours long.
    expect(day.ranges).toEqual([{ startDate: '2026-11-01T04:00:00.000Z', endDate: '2026-11-08T05:00:00.000Z' }]);
    expect(calendarSpan('providers', TODAY, NY).ranges).toEqual(day.ranges);
  });

  it('loads the week shown, starting on Sunday', () => {
    const week = calendarSpan('week', '2026-11-18', NY);
    expect(week.days).toEqual(viewDays('week', '2026-11-18'));
    expect(week.ranges).toEqual([{ startDate: '2026-11-15T05:00:00.000Z', endDate: '2026-11-22T05:00:00.000Z' }]);
  });

  it('loads every week row of the month grid, back to back', () => {
    const month = calendarSpan('month', '2026-11-18', NY);
    expect(month.days).toHaveLength(35);
    expect(month.ranges.map((r) => r.startDate)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-08T05:00:00.000Z',
      '2026-11-15T05:00:00.000Z',
      '2026-11-22T05:00:00.000Z',
      '2026-11-29T05:00:00.000Z',
    ]);
    expect(month.ranges.at(-1)!.endDate).toBe('2026-12-06T05:00:00.000Z');
  });
});

describe('focusDateOf', () => {
  it('is today when the view shows it, else the anchor', () => {
    expect(focusDateOf(viewDays('week', '2026-11-06'), TODAY, '2026-11-06')).toBe(TODAY);
    expect(focusDateOf(viewDays('week', '2026-11-11'), TODAY, '2026-11-11')).toBe('2026-11-11');
  });
});

describe('zoneLabelOf', () => {
  it('names the zone and its abbreviation', () => {
    expect(zoneLabelOf(viewDays('week', '2026-11-18'), NY)).toBe('Times in America/New_York (EST)');
  });

  it('names both abbreviations when the days shown cross a daylight-saving change', () => {
    expect(zoneLabelOf(viewDays('week', '2026-03-08'), NY)).toBe('Times in America/New_York (EST / EDT)');
  });
});
