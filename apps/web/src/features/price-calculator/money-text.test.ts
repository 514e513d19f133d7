import { describe, expect, it } from 'vitest';
import { centsOf } from './money-text';

describe('centsOf', () => {
  it('reads typed money exactly, to the cent', () => {
    expect(centsOf('160')).toBe(16_000);
    expect(centsOf('95.5')).toBe(9_550);
    expect(centsOf('0,07')).toBe(7);
    expect(centsOf(' 19.99 ')).toBe(1_999);
    // 0.1 + 0.2 style errors cannot happen: no binary fraction is involved
    expect(centsOf('1234567.89')).toBe(123_456_789);
  });

  it('is NaN for what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1,234.50', '.5']) expect(centsOf(text), text).toBeNaN();
  });
});
