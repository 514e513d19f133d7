import { describe, expect, it } from 'vitest';
import { mondayOf } from './unbilled-report-page';

describe('the unbilled report’s week', () => {
  it('starts on the Monday of the date’s week, across months and years', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('leaves a date still being typed as it is', () => {
    expect(mondayOf('2026-1')).toBe('2026-1');
  });
});
