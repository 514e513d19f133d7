import { describe, expect, it } from 'vitest';
import { formatAge, formatDate, todayIso } from './dates';

describe('formatAge', () => {
  it('reads years and months', () => {
    expect(formatAge('2019-03-10', '2025-05-20')).toBe('6 yrs 2 mos');
    expect(formatAge('2024-05-20', '2025-05-20')).toBe('1 yr');
    expect(formatAge('2023-04-20', '2025-05-20')).toBe('2 yrs 1 mo');
  });
  it('does not count a month until its day has come', () => {
    expect(formatAge('2019-03-25', '2025-05-20')).toBe('6 yrs 1 mo');
    expect(formatAge('2024-05-21', '2025-05-20')).toBe('11 mos');
  });
  it('uses weeks and days for the very young', () => {
    expect(formatAge('2025-05-01', '2025-05-20')).toBe('2 wks');
    expect(formatAge('2025-05-19', '2025-05-20')).toBe('1 day');
    expect(formatAge('2025-05-20', '2025-05-20')).toBe('0 days');
  });
  it('crosses a year end', () => {
    expect(formatAge('2024-12-15', '2025-01-20')).toBe('1 mo');
  });
  it('has no age without a valid birth date or for a future one', () => {
    expect(formatAge(null, '2025-05-20')).toBeUndefined();
    expect(formatAge('not a date', '2025-05-20')).toBeUndefined();
    expect(formatAge('2026-01-01', '2025-05-20')).toBeUndefined();
  });
});

describe('dates', () => {
  it('formats a calendar date without shifting the day', () => {
    expect(formatDate('2025-10-01')).toMatch(/1/);
    expect(formatDate('2025-10-01')).toMatch(/2025/);
    expect(formatDate(null)).toBe('');
  });
  it('gives today in local time', () => {
    expect(todayIso(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});
