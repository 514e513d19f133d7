import { z } from 'zod';
import { crudOperations } from './crud.js';
import { UNIT_PRICE_MAX } from './invoice-documents.js';
import type { EstimateItemInput } from './invoices.js';
import { anyOf, authenticated, operation } from './operation.js';
import { priceDocument, toCents } from './pricing.js';
import { idField, patchOf, wrapped } from './rules.js';

/**
 * The price calculator (menu Business › Price Calculator, /calculator): staff price an end-of-life
 * package in front of the family. A location prices each cremation type by the pet's weight in
 * bands; a band holds the weights w with minGrams ≤ w < maxGrams (half-open, in whole grams), so
 * adjacent bands share a boundary, which belongs to the upper band, and no weight falls between
 * them. Above the last band (or in a gap a practice left) the answer is "call for a quote"
 * (docs/decisions/0119). Prices are integer cents.
 */

export const CREMATION_TYPES = ['private', 'partitioned', 'communal'] as const;
export type CremationType = (typeof CREMATION_TYPES)[number];
export const CREMATION_TYPE_LABELS: Record<CremationType, string> = {
  private: 'Private cremation',
  partitioned: 'Partitioned cremation',
  communal: 'Communal cremation',
};

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
/** The heaviest weight a band may reach (a horse, with room): 2 tonnes. */
export const MAX_GRAMS = 2_000_000;

/** The international pound is exactly 0.45359237 kg: 45359237 grams per 100000 pounds. */
const GRAMS_PER_100000_LB = 45_359_237n;

/**
 * Grams from a weight as a person typed it ('4.5', '12', '0,75'), in kilograms or pounds, or null
 * when it is not a weight. Decimal text is read exactly (no binary fraction): kilograms with up to
 * three decimals are whole grams; pounds are rounded to the nearest gram, half up, once.
 */
export function toGrams(text: string, unit: WeightUnit): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,6}))?\s*$/.exec(text);
  if (!match) return null;
  const decimals = match[2] ?? '';
  const scaled = BigInt(match[1]! + decimals);
  const scale = 10n ** BigInt(decimals.length);
  const [numerator, denominator] = unit === 'kg' ? [scaled * 1000n, scale] : [scaled * GRAMS_PER_100000_LB, scale * 100_000n];
  const whole = numerator / denominator;
  const grams = 2n * (numerator - whole * denominator) >= denominator ? whole + 1n : whole;
  return grams > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(grams);
}

/** A weight in grams for people: '4.5 kg' (up to three decimals), or '9.92 lb' (two). */
export function formatWeight(grams: number, unit: WeightUnit = 'kg'): string {
  if (unit === 'kg') return `${Number((grams / 1000).toFixed(3))} kg`;
  return `${Number(((grams * 100_000) / Number(GRAMS_PER_100000_LB)).toFixed(2))} lb`;
}

/** '5–10 kg' */
export const formatBandRange = (band: { minGrams: number; maxGrams: number }, unit: WeightUnit = 'kg') =>
  `${formatWeight(band.minGrams, unit).replace(/ (kg|lb)$/, '')}–${formatWeight(band.maxGrams, unit)}`;

export const PRICE_BAND_MESSAGES = {
  created: 'Price band created',
  updated: 'Price band updated',
  deleted: 'Price band deleted',
  createError: 'Error creating price band',
  updateError: 'Error updating price band',
  deleteError: 'Error deleting price band',
  listError: 'Error loading price bands',
} as const;

export const QUOTE_MESSAGES = {
  aboveLastBand: 'This weight is above our price bands: call for a quote',
  noBand: 'No price band covers this weight: call for a quote',
  estimateCreated: 'Estimate created',
  estimateError: 'Error creating Estimate',
} as const;

// ---------- price bands ----------
export const PriceBand = z.object({
  id: z.string(),
  locationId: z.string(),
  cremationType: z.enum(CREMATION_TYPES),
  minGrams: z.number().int(),
  maxGrams: z.number().int(),
  /** cents */
  price: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceBand = z.infer<typeof PriceBand>;

const gramsField = () =>
  z
    .number({ message: 'must be a weight' })
    .int('must be whole grams')
    .min(0, 'must be 0 or more')
    .max(MAX_GRAMS, `must be at most ${MAX_GRAMS / 1000} kg`);

const PriceBandFields = z.object({
  locationId: idField(),
  cremationType: z.enum(CREMATION_TYPES, { message: `must be one of ${CREMATION_TYPES.join(', ')}` }),
  minGrams: gramsField(),
  maxGrams: gramsField(),
  price: z
    .number({ message: 'must be a number' })
    .int('must be whole cents')
    .min(0, 'must be 0 or more')
    .max(UNIT_PRICE_MAX, `must be at most ${UNIT_PRICE_MAX}`),
});

/** The upper weight is excluded from the band, so it must lie above the lower one. */
export const BAND_EMPTY = 'must be more than the lower weight';
export const PriceBandInput = PriceBandFields.superRefine((band, ctx) => {
  if (band.maxGrams <= band.minGrams) ctx.addIssue({ code: 'custom', path: ['maxGrams'], message: BAND_EMPTY });
});
export type PriceBandInput = z.input<typeof PriceBandInput>;

export const PriceBandListQuery = z.object({
  locationId: idField(),
  cremationType: z.enum(CREMATION_TYPES).optional(),
});

/** Everyone signed in prices with the bands; changing them needs locations.manage. */
export const priceBandOps = crudOperations({
  path: '/api/priceBand',
  tag: 'price-calculator',
  noun: 'price band',
  entity: PriceBand,
  read: authenticated,
  write: anyOf('locations.manage'),
  list: { query: PriceBandListQuery, summary: 'A location’s price bands, by cremation type, then weight' },
  create: { input: PriceBandInput },
  update: { input: patchOf(PriceBandFields) },
  remove: {},
});

/** The band a weight falls in (minGrams ≤ grams < maxGrams), of bands of one cremation type. */
export function bandFor<B extends { minGrams: number; maxGrams: number }>(bands: readonly B[], grams: number): B | undefined {
  return bands.find((b) => b.minGrams <= grams && grams < b.maxGrams);
}

/** The first band of `bands` that [minGrams, maxGrams) would share a weight with. */
export function overlapOf<B extends { minGrams: number; maxGrams: number }>(bands: readonly B[], candidate: { minGrams: number; maxGrams: number }): B | undefined {
  return bands.find((b) => candidate.minGrams < b.maxGrams && b.minGrams < candidate.maxGrams);
}

// ---------- the quote ----------
export const QuoteInput = z.object({
  locationId: idField(),
  cremationType: z.enum(CREMATION_TYPES, { message: `must be one of ${CREMATION_TYPES.join(', ')}` }),
  weightGrams: z.number({ message: 'must be a weight' }).int('must be whole grams').positive('must be more than 0').max(MAX_GRAMS, `must be at most ${MAX_GRAMS / 1000} kg`),
  addOnIds: z.array(idField()).max(50, 'must have at most 50 add-ons').default([]),
  serviceIds: z.array(idField()).max(50, 'must have at most 50 services').default([]),
});
export type QuoteInput = z.input<typeof QuoteInput>;

export const QuoteLine = z.object({
  kind: z.enum(['service', 'addOn', 'text']),
  description: z.string(),
  quantity: z.number(),
  /** cents */
  unitPrice: z.number().int(),
  serviceId: z.string().nullable(),
  addOnId: z.string().nullable(),
  total: z.number().int(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

export const Quote = z.discriminatedUnion('callForQuote', [
  z.object({ callForQuote: z.literal(true), weightGrams: z.number().int(), message: z.string() }),
  z.object({
    callForQuote: z.literal(false),
    weightGrams: z.number().int(),
    band: PriceBand,
    lines: z.array(QuoteLine),
    totals: z.object({ subtotal: z.number().int(), discount: z.number().int(), tax: z.number().int(), total: z.number().int() }),
  }),
]);
export type Quote = z.infer<typeof Quote>;

export const quotePrice = operation({
  method: 'POST',
  path: '/api/priceCalculator/quote',
  access: authenticated,
  tag: 'price-calculator',
  summary: 'Price a cremation by weight with add-ons and services: the lines and totals, or "call for a quote"',
  body: wrapped(QuoteInput),
  response: Quote,
});

/** What the calculator prices from: a catalogue's add-on or service (price in currency units, as the catalogue keeps it). */
export interface Priceable {
  id: string;
  name: string;
  price: number;
}

/**
 * The one quote computation, on the server (POST /api/priceCalculator/quote) and live on the
 * calculator page: the band's cremation line, then the add-ons, then the services, each once,
 * priced by `priceDocument` without tax or discount (those are the estimate's to add).
 */
export function quoteOf(input: {
  cremationType: CremationType;
  weightGrams: number;
  /** the location's bands (any type: the cremation type picks its own) */
  bands: readonly PriceBand[];
  addOns: readonly Priceable[];
  services: readonly Priceable[];
}): Quote {
  const { weightGrams } = input;
  const bands = input.bands.filter((b) => b.cremationType === input.cremationType);
  const band = bandFor(bands, weightGrams);
  if (!band) {
    const top = Math.max(0, ...bands.map((b) => b.maxGrams));
    return { callForQuote: true, weightGrams, message: bands.length > 0 && weightGrams >= top ? QUOTE_MESSAGES.aboveLastBand : QUOTE_MESSAGES.noBand };
  }
  const unpriced = [
    {
      kind: 'text' as const,
      description: `${CREMATION_TYPE_LABELS[band.cremationType]} (${formatBandRange(band)})`,
      unitPrice: band.price,
      serviceId: null,
      addOnId: null,
    },
    ...input.addOns.map((a) => ({ kind: 'addOn' as const, description: a.name, unitPrice: toCents(a.price), serviceId: null, addOnId: a.id })),
    ...input.services.map((s) => ({ kind: 'service' as const, description: s.name, unitPrice: toCents(s.price), serviceId: s.id, addOnId: null })),
  ];
  const priced = priceDocument(unpriced.map((l) => ({ quantity: 1, unitPrice: l.unitPrice, discount: { type: 'none', value: 0 }, taxRate: 0 })));
  return {
    callForQuote: false,
    weightGrams,
    band,
    lines: unpriced.map((l, i) => ({ ...l, quantity: 1, total: priced.lines[i]!.total })),
    totals: priced.totals,
  };
}

/** A priced quote's lines as an estimate's items (POST /api/estimate's estimateItems). */
export function estimateItemsOf(quote: Extract<Quote, { callForQuote: false }>): EstimateItemInput[] {
  return quote.lines.map((l) => ({
    kind: l.kind,
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    serviceId: l.serviceId,
    addOnId: l.addOnId,
  }));
}
