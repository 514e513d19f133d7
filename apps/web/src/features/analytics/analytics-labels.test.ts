import { describe, expect, it } from 'vitest';
import { periodLabel, rangeErrors } from './analytics-labels';

describe('analytics labels', () => {
  it('names days, weeks and months from their first day', () => {
    expect(periodLabel('2026-03-05', 'day')).toBe('Mar 5');
    expect(periodLabel('2026-03-05', 'day', true)).toBe('Mar 5, 2026');
    expect(periodLabel('2026-03-02', 'week')).toBe('Week of Mar 2');
    expect(periodLabel('2026-03-01', 'month')).toBe('Mar 2026');
  });

  it('puts what is wrong with a range under the field it belongs to', () => {
    expect(rangeErrors('2026-03-01', '2026-03-31')).toBeNull();
    expect(rangeErrors('2026-03-31', '2026-03-01')).toEqual({ to: 'Must be on or after From' });
    expect(rangeErrors('', '2026-03-01')).toEqual({ from: 'Enter a date' });
    expect(rangeErrors('2020-01-01', '2026-03-01')?.to).toMatch(/^must be at most 1096 days after From$/);
  });
});
