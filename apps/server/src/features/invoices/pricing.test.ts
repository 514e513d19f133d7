// The pricing function of the contracts (packages/contracts/src/pricing.ts), checked by properties
// over generated documents and by worked examples whose figures were done by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, formatCents, mulDiv, priceDocument, QUANTITY_MAX, UNIT_PRICE_MAX, type Discount, type PricedLineInput } from '@willow/contracts';

const discount = (base: number): fc.Arbitrary<Discount> =>
  fc.oneof(
    fc.constant<Discount>({ type: 'none', value: 0 }),
    fc.integer({ min: 0, max: 10_000 }).map((value): Discount => ({ type: 'percent', value })),
    fc.integer({ min: 0, max: base }).map((value): Discount => ({ type: 'amount', value })),
  );

const line: fc.Arbitrary<PricedLineInput> = fc.record({
  quantity: fc.integer({ min: 1, max: QUANTITY_MAX * 1000 }).map((t) => t / 1000),
  unitPrice: fc.integer({ min: 0, max: UNIT_PRICE_MAX }),
  discount: discount(UNIT_PRICE_MAX),
  taxRate: fc.constantFrom(0, 500, 825, 1000, 1250, 2000),
});
const documentArb = fc.record({ lines: fc.array(line, { minLength: 0, maxLength: 40 }), discount: discount(10 * UNIT_PRICE_MAX) });

describe('priceDocument', () => {
  it('adds its lines up to the total to the cent, and never goes below zero on an invoice', () => {
    fc.assert(
      fc.property(documentArb, ({ lines, discount }) => {
        const { lines: priced, totals } = priceDocument(lines, discount);
        expect(priced.reduce((a, l) => a + l.total, 0)).toBe(totals.total);
        expect(totals.subtotal - totals.discount + totals.tax).toBe(totals.total);
        for (const l of priced) {
          expect(Number.isSafeInteger(l.total)).toBe(true);
          expect(l.lineDiscount).toBeGreaterThanOrEqual(0);
          expect(l.lineDiscount).toBeLessThanOrEqual(l.gross);
          expect(l.sharedDiscount).toBeGreaterThanOrEqual(0);
          expect(l.taxable).toBeGreaterThanOrEqual(0);
          expect(l.tax).toBeGreaterThanOrEqual(0);
        }
        expect(totals.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('shares the invoice discount out exactly: the shares add up to the discount asked for', () => {
    fc.assert(
      fc.property(documentArb, ({ lines, discount }) => {
        const { lines: priced } = priceDocument(lines, discount);
        const nets = priced.reduce((a, l) => a + l.net, 0);
        const shared = priced.reduce((a, l) => a + l.sharedDiscount, 0);
        const expected = discount.type === 'percent' ? mulDiv(nets, discount.value, 10_000) : discount.type === 'amount' ? Math.min(discount.value, nets) : 0;
        expect(shared).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('prices a credit note as the invoice it corrects with every figure negative', () => {
    fc.assert(
      fc.property(documentArb, ({ lines, discount }) => {
        const invoice = priceDocument(lines, discount);
        const credit = priceDocument(lines, discount, -1);
        expect(credit.totals.total).toBe(-invoice.totals.total || 0);
        expect(credit.totals.total).toBeLessThanOrEqual(0);
        expect(credit.lines.map((l) => l.tax)).toEqual(invoice.lines.map((l) => -l.tax || 0));
      }),
      { numRuns: 200 },
    );
  });

  it('works a line discount, an invoice discount and two tax rates together, rounding half away from zero', () => {
    // Exam: 1 × $85.00, 10 % off → 76.50. Urn: 2 × $49.99 = 99.98, $4.98 off → 95.00.
    // Invoice discount $10.00 over nets 76.50 : 95.00 (171.50): 4.4606… → 4.46 and 5.5393… → 5.54.
    // Taxable 72.04 at 0 % and 89.46 at 8.25 % = 7.38045 → 7.38. Total 72.04 + 89.46 + 7.38 = 168.88.
    const priced = priceDocument(
      [
        { quantity: 1, unitPrice: 8500, discount: { type: 'percent', value: 1000 }, taxRate: 0 },
        { quantity: 2, unitPrice: 4999, discount: { type: 'amount', value: 498 }, taxRate: 825 },
      ],
      { type: 'amount', value: 1000 },
    );
    expect(priced.lines.map((l) => [l.gross, l.lineDiscount, l.sharedDiscount, l.taxable, l.tax, l.total])).toEqual([
      [8500, 850, 446, 7204, 0, 7204],
      [9998, 498, 554, 8946, 738, 9684],
    ]);
    expect(priced.totals).toEqual({ subtotal: 18498, discount: 2348, tax: 738, total: 16888 });
  });

  it('rounds a fractional quantity and a half cent of tax away from zero', () => {
    // 0.125 kg × $3.00 = 37.5 → 38 cents; tax 10 % of 38 = 3.8 → 4; 5 % of 50 = 2.5 → 3.
    expect(priceDocument([{ quantity: 0.125, unitPrice: 300, discount: { type: 'none', value: 0 }, taxRate: 1000 }]).totals).toEqual({ subtotal: 38, discount: 0, tax: 4, total: 42 });
    expect(priceDocument([{ quantity: 1, unitPrice: 50, discount: { type: 'none', value: 0 }, taxRate: 500 }]).totals.tax).toBe(3);
    expect(mulDiv(-5, 1, 2)).toBe(-3);
  });
});

describe('allocate', () => {
  it('gives every weight a share between 0 and itself, adding up to the amount', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 30 }), fc.nat(), (weights, seed) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const amount = sum === 0 ? 0 : seed % (sum + 1);
        const shares = allocate(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(weights[i]!);
        });
      }),
    );
  });
});

describe('formatCents', () => {
  it('writes each amount in its own currency and locale, however the calls interleave (its formatters are kept per pair)', () => {
    const cases: [number, string, string | undefined, string][] = [
      [123_450, 'USD', 'en-US', '$1,234.50'],
      [123_450, 'EUR', 'de-DE', '1.234,50 €'],
      [-5, 'USD', 'en-US', '-$0.05'],
      [123_450, 'GBP', 'en-GB', '£1,234.50'],
      [123_450, 'EUR', 'en-US', '€1,234.50'],
    ];
    for (const round of [1, 2]) {
      for (const [cents, currency, locale, text] of cases) expect(formatCents(cents, currency, locale).replace(/\s/g, ' '), `${currency} ${locale} round ${round}`).toBe(text);
    }
    expect(() => formatCents(100, 'not a currency', 'en-US')).toThrow(RangeError);
  });
});
