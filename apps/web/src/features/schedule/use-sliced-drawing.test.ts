import { describe, expect, it } from 'vitest';
import { columnLimits } from './use-sliced-drawing';

describe('columnLimits', () => {
  it('draws the columns left of the limit whole and the one it falls in up to it', () => {
    expect(columnLimits([200, 200, 200], 300)).toEqual([undefined, 100, 0]);
  });

  it('draws every column whole once the limit reaches the total, or is lifted', () => {
    expect(columnLimits([3, 0, 5], 8)).toEqual([undefined, undefined, undefined]);
    expect(columnLimits([300, 500], Infinity)).toEqual([undefined, undefined]);
  });

  it('draws none of a column the limit has not reached (an empty one is complete)', () => {
    expect(columnLimits([150, 0, 80], 150)).toEqual([undefined, undefined, 0]);
  });
});
