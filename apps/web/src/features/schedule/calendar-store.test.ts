import { describe, expect, it } from 'vitest';
import { mergeById, missingRanges, weekRanges } from './calendar-store';
import { viewDays } from './calendar-views';

const NY = 'America/New_York';

describe('calendar data ranges', () => {
  it('loads whole local weeks, the one with the daylight-saving change being 169 hours long', () => {
    const [week] = weekRanges(viewDays('day', '2026-11-04'), NY);
    expect(week).toEqual({ startDate: '2026-11-01T04:00:00.000Z', endDate: '2026-11-08T05:00:00.000Z' });
  });

  it('covers a month grid with one range per week row and no repeats', () => {
    const ranges = weekRanges(viewDays('month', '2026-11-15'), NY);
    expect(ranges).toHaveLength(5);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.startDate).toBe(ranges[i - 1]!.endDate);
  });

  it('asks only for ranges not loaded yet', () => {
    const weeks = weekRanges(viewDays('month', '2026-11-15'), NY);
    const loaded = weekRanges(viewDays('week', '2026-11-04'), NY);
    const missing = missingRanges(loaded, weeks);
    expect(missing).toHaveLength(4);
    expect(missing).not.toContainEqual(loaded[0]);
  });

  it('de-duplicates by id keeping the freshest copy', () => {
    const older = { id: 'a', updatedAt: '2026-11-01T10:00:00.000Z', v: 1 };
    const newer = { id: 'a', updatedAt: '2026-11-01T11:00:00.000Z', v: 2 };
    const other = { id: 'b', updatedAt: '2026-11-01T09:00:00.000Z', v: 3 };
    expect(mergeById([[newer, other], [older], undefined])).toEqual([newer, other]);
    expect(mergeById([[older], [newer]])).toEqual([newer]);
  });
});
