/**
 * The one pricing function: what a line, an estimate, an invoice and a credit note come to, in
 * integer minor units (cents). The web form shows what this computes while a person types and the
 * server stores what it computes when the document is saved, so the two can never disagree
 * (docs/decisions/0104). Only integer arithmetic: no amount ever passes through a fraction of a
 * cent, and every rounding is half away from zero, once, at a stated step.
 *
 * Steps, per line:
 *   gross    = quantity × unit price                     (quantity has at most 3 decimals)
 *   discount = the line's own discount                    (a percentage of gross, or an amount ≤ gross)
 *   net      = gross − discount
 * Then the invoice-level discount (a percentage, or an amount ≤ the sum of the nets) is shared
 * out over the lines in proportion to their nets, the remainder cents going to the largest
 * shares (so the shares add up to the discount exactly), and each line's tax is computed on what
 * is left of it at the line's own rate (cremation, urns and exams may be taxed differently):
 *   taxable  = net − share of the invoice discount
 *   tax      = taxable × rate
 *   total    = taxable + tax
 * The document's figures are the sums of its lines' figures, so the lines always add up to the
 * total to the cent. A credit note's figures are the same computation with the sign turned.
 */

/** A percentage is kept in basis points: 1250 = 12.5 %. */
export const BASIS_POINTS = 10_000;
export const DISCOUNT_TYPES = ['none', 'percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface Discount {
  type: DiscountType;
  /** basis points for 'percent' (0–10000), cents for 'amount' */
  value: number;
}

export interface PricedLineInput {
  /** at most three decimals; more than 0 */
  quantity: number;
  /** cents, 0 or more */
  unitPrice: number;
  discount: Discount;
  /** the line's tax rate in basis points (825 = 8.25 %), 0 when untaxed */
  taxRate: number;
}

export interface PricedLine {
  gross: number;
  lineDiscount: number;
  net: number;
  /** this line's share of the invoice-level discount */
  sharedDiscount: number;
  taxable: number;
  tax: number;
  total: number;
}

export interface PriceTotals {
  /** sum of the lines' gross amounts */
  subtotal: number;
  /** line discounts and the invoice discount together */
  discount: number;
  tax: number;
  total: number;
}

export interface Priced {
  lines: PricedLine[];
  totals: PriceTotals;
}

/**
 * a × b / c rounded half away from zero, for integers (c > 0). In BigInt: a product of cents and
 * basis points or thousandths can pass 2^53, where a Number would silently lose cents.
 */
export function mulDiv(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const q = abs / d;
  const rounded = 2n * (abs - q * d) >= d ? q + 1n : q;
  return Number(neg ? -rounded : rounded);
}

/** Quantities carry at most three decimals: their integer thousandths. */
export const thousandths = (quantity: number) => Math.round(quantity * 1000);

function discountOf(discount: Discount, base: number): number {
  if (discount.type === 'percent') return mulDiv(base, Math.min(Math.max(discount.value, 0), BASIS_POINTS), BASIS_POINTS);
  if (discount.type === 'amount') return Math.min(Math.max(discount.value, 0), base);
  return 0;
}

/**
 * Shares `amount` over `weights` in proportion, exactly: floor shares, then the remaining cents to
 * the largest remainders (earlier lines first on a tie). Every share is between 0 and its weight.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const total = BigInt(sum);
  const shares = weights.map((w) => Number((BigInt(w) * big) / total));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, rem: (BigInt(w) * big) % total }))
    .sort((a, b) => (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < weights[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * Prices a document's lines with its invoice-level discount. `sign` −1 prices a credit note: every
 * figure is negative, computed exactly as the invoice it corrects would be.
 */
export function priceDocument(lines: readonly PricedLineInput[], documentDiscount: Discount = { type: 'none', value: 0 }, sign: 1 | -1 = 1): Priced {
  const first = lines.map((line) => {
    const gross = mulDiv(thousandths(line.quantity), line.unitPrice, 1000);
    const lineDiscount = discountOf(line.discount, gross);
    return { gross, lineDiscount, net: gross - lineDiscount };
  });
  const nets = first.map((l) => l.net);
  const invoiceDiscount = discountOf(documentDiscount, nets.reduce((a, b) => a + b, 0));
  const shares = allocate(invoiceDiscount, nets);
  const priced = first.map((l, i) => {
    const taxable = l.net - shares[i]!;
    const tax = mulDiv(taxable, Math.max(lines[i]!.taxRate, 0), BASIS_POINTS);
    return { ...l, sharedDiscount: shares[i]!, taxable, tax, total: taxable + tax };
  });
  // `|| 0`: a credit note's zero is 0, not JavaScript's −0.
  const s = (n: number) => sign * n || 0;
  const signed = priced.map((l) => ({
    gross: s(l.gross),
    lineDiscount: s(l.lineDiscount),
    net: s(l.net),
    sharedDiscount: s(l.sharedDiscount),
    taxable: s(l.taxable),
    tax: s(l.tax),
    total: s(l.total),
  }));
  const sum = (pick: (l: PricedLine) => number) => signed.reduce((a, l) => a + pick(l), 0);
  return {
    lines: signed,
    totals: {
      subtotal: sum((l) => l.gross),
      discount: sum((l) => l.lineDiscount + l.sharedDiscount),
      tax: sum((l) => l.tax),
      total: sum((l) => l.total),
    },
  };
}

/** Cents from an amount in the currency's units typed or stored with two decimals (85.5 → 8550). */
export const toCents = (units: number) => Math.round(units * 100);

/**
 * One formatter per locale and currency, made on first use: making an Intl.NumberFormat costs far
 * more than formatting with one, and a list or an invoice formats dozens of amounts on every draw.
 * The keys are few: the locales are the code's own, the currencies an account's ISO codes.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in cents, formatted in the currency for people ('$1,234.50'). */
export function formatCents(cents: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}
