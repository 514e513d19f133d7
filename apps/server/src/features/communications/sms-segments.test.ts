// How many SMS a text is sent as (contracts' smsSegments, which the composer shows as staff type).
import { describe, expect, it } from 'vitest';
import { smsSegments } from '@willow/contracts';

describe('smsSegments', () => {
  it('counts GSM-7 texts in 160 septets, then 153 per part', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0 });
    expect(smsSegments('Max is due for his rabies booster.')).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts the extension characters (€, [, ], {, }, ~, ^, |, \\) as two septets', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('Prices in £ and ¥, café à Zürich')).toMatchObject({ encoding: 'GSM-7' });
  });

  it('counts anything else as UCS-2: 70 units, then 67 per part, an emoji being two', () => {
    expect(smsSegments('Ça va? ✓')).toMatchObject({ encoding: 'UCS-2', units: 8, segments: 1 });
    expect(smsSegments('ç'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('ç'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments('ç'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsSegments('ç'.repeat(135))).toMatchObject({ segments: 3 });
    expect(smsSegments('🐶')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
  });
});
