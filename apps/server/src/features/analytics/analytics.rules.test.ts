import { describe, expect, it } from 'vitest';
import { analyticsPeriodOf } from '@willow/contracts';
import { oneDecimal, periodStart, periodsOf } from './analytics.rules.js';

describe('the periods of a range', () => {
  it('starts weeks on Monday and months on the first', () => {
    expect(periodStart('2026-03-08', 'week')).toBe('2026-03-02'); // a Sunday
    expect(periodStart('2026-03-09', 'week')).toBe('2026-03-09'); // a Monday
    expect(periodStart('2026-03-31', 'month')).toBe('2026-03-01');
    expect(periodStart('2026-03-31', 'day')).toBe('2026-03-31');
  });

  it('lists every period of the range once, across a year’s end and a daylight-saving change', () => {
    expect(periodsOf('2026-03-07', '2026-03-09', 'day')).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(periodsOf('2026-12-30', '2027-01-12', 'week')).toEqual(['2026-12-28', '2027-01-04', '2027-01-11']);
    expect(periodsOf('2026-11-15', '2027-02-01', 'month')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    expect(periodsOf('2026-05-05', '2026-05-05', 'week')).toEqual(['2026-05-04']);
  });

  it('charts by day up to two months, by week up to a year, by month beyond', () => {
    expect(analyticsPeriodOf('2026-01-01', '2026-03-03')).toBe('day'); // 62 days
    expect(analyticsPeriodOf('2026-01-01', '2026-03-04')).toBe('week');
    expect(analyticsPeriodOf('2025-01-01', '2025-12-31')).toBe('week');
    expect(analyticsPeriodOf('2024-01-01', '2025-12-31')).toBe('month');
  });

  it('rounds days to one decimal', () => {
    expect(oneDecimal(6.125)).toBe(6.1);
    expect(oneDecimal(2)).toBe(2);
  });
});
