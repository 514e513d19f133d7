// The calculator's pure rules in the contracts (packages/contracts/src/price-calculator.ts): which
// band a weight falls in, overlap, and weights typed in kilograms or pounds turned into grams.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandFor, formatWeight, MAX_GRAMS, overlapOf, toGrams } from '@willow/contracts';

/** Bands without gaps: strictly rising edges from a first edge, each band [edge i, edge i+1). */
const contiguousBands = fc
  .uniqueArray(fc.integer({ min: 0, max: MAX_GRAMS }), { minLength: 2, maxLength: 12 })
  .map((edges) => edges.sort((a, b) => a - b))
  .map((edges) => edges.slice(1).map((maxGrams, i) => ({ minGrams: edges[i]!, maxGrams, price: i })));

describe('bandFor', () => {
  it('puts every weight from the first edge to below the top in exactly one band, a boundary in the upper one', () => {
    fc.assert(
      fc.property(
        contiguousBands,
        fc.integer({ min: 0, max: MAX_GRAMS }),
        fc.boolean(),
        (bands, w, shuffle) => {
          const stored = shuffle ? [...bands].reverse() : bands;
          const first = bands[0]!.minGrams;
          const top = bands.at(-1)!.maxGrams;
          const containing = bands.filter((b) => b.minGrams <= w && w < b.maxGrams);
          if (w >= first && w < top) {
            expect(containing).toHaveLength(1);
            expect(bandFor(stored, w)).toBe(containing[0]);
          } else {
            expect(containing).toHaveLength(0);
            expect(bandFor(stored, w)).toBeUndefined();
          }
          // Every inner edge belongs to the band that starts there.
          for (const b of bands.slice(1)) expect(bandFor(stored, b.minGrams)).toBe(b);
          expect(bandFor(stored, top)).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds no overlap between contiguous bands, and one for any band reaching into another', () => {
    fc.assert(
      fc.property(contiguousBands, fc.integer({ min: 1, max: 1000 }), (bands, reach) => {
        bands.forEach((b, i) => expect(overlapOf(bands.filter((_, j) => j !== i), b)).toBeUndefined());
        const last = bands.at(-1)!;
        const into = { minGrams: last.minGrams - Math.min(reach, last.minGrams + 1) + 1, maxGrams: last.maxGrams + reach };
        expect(overlapOf(bands, { minGrams: Math.max(0, last.maxGrams - reach), maxGrams: last.maxGrams + 1 })).toBeDefined();
        expect(overlapOf(bands, { minGrams: last.maxGrams, maxGrams: last.maxGrams + reach })).toBeUndefined();
        expect(overlapOf(bands, into)).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe('toGrams', () => {
  it('reads kilograms exactly and pounds to the nearest gram', () => {
    expect(toGrams('4.5', 'kg')).toBe(4500);
    expect(toGrams('0,75', 'kg')).toBe(750);
    expect(toGrams(' 12 ', 'kg')).toBe(12_000);
    expect(toGrams('0.0005', 'kg')).toBe(1);
    expect(toGrams('0.0004', 'kg')).toBe(0);
    // 1 lb = 453.59237 g exactly
    expect(toGrams('1', 'lb')).toBe(454);
    expect(toGrams('10', 'lb')).toBe(4536);
    expect(toGrams('100', 'lb')).toBe(45_359);
    expect(toGrams('22.05', 'lb')).toBe(10_002);
    for (const bad of ['', 'abc', '-1', '1.2.3', '1e3', '.5']) expect(toGrams(bad, 'kg'), bad).toBeNull();
  });

  it('agrees with exact rational arithmetic for any typed weight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 3 }), (units, decimals) => {
        const text = decimals === 0 ? String(units) : `${Math.floor(units / 10 ** decimals)}.${String(units % 10 ** decimals).padStart(decimals, '0')}`;
        // kilograms with ≤ 3 decimals are whole grams
        expect(toGrams(text, 'kg')).toBe(units * 10 ** (3 - decimals));
        // pounds: units / 10^d × 453.59237, rounded half up, in BigInt
        const n = BigInt(units) * 45_359_237n;
        const d = 10n ** BigInt(decimals) * 100_000n;
        const expected = Number((2n * n + d) / (2n * d));
        expect(toGrams(text, 'lb')).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('formats grams back for people', () => {
    expect(formatWeight(4500)).toBe('4.5 kg');
    expect(formatWeight(70_000)).toBe('70 kg');
    expect(formatWeight(4536, 'lb')).toBe('10 lb');
    expect(formatWeight(1, 'kg')).toBe('0.001 kg');
  });
});
