import { z } from 'zod';
import { crudOperations } from './crud.js';
import { anyOf, authenticated } from './operation.js';
import { MANAGE_BILLING } from './permissions.js';
import { DISCOUNT_TYPES } from './pricing.js';
import { idField, PageQuery, patchOf } from './rules.js';

/**
 * The billing document kit (docs/decisions/0175): what an estimate and an invoice (or credit
 * note) share, declared once — the lines and their rules, whom the document is for, its discount
 * and notes, its list filters and its operations. invoices.ts adds what each kind has of its own.
 */

// ---------- lines ----------
export const LINE_KINDS = ['service', 'addOn', 'item', 'text'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
/** The most a line's unit price may be (cents): with 10000 as the most quantity, no sum passes 2^53. */
export const UNIT_PRICE_MAX = 10_000_000;
export const QUANTITY_MAX = 10_000;
/** The most lines one estimate or invoice has (its operations' items max). */
export const DOCUMENT_LINES_MAX = 300;

/** A line's quantity (an estimate's high quantity too): positive, at most three decimals. */
export const lineQuantityField = () =>
  z
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(QUANTITY_MAX, `must be at most ${QUANTITY_MAX}`)
    // 4.007 × 1000 is 4006.9999999999995 in floating point: compared with a tolerance, not exactly.
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'must have at most three decimals');

/** What every line of an estimate or invoice shares. */
const lineShape = {
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  taxCodeId: z.string().nullable(),
  taxName: z.string().nullable(),
  taxRate: z.number().int(),
  providerId: z.string().nullable(),
  serviceId: z.string().nullable(),
  addOnId: z.string().nullable(),
  /** an inventory item (inventory.ts): finalising takes it off stock, a credit note puts it back */
  itemId: z.string().nullable(),
};

/** A discount as sent: basis points for percent (0–10000), cents for amount (the server caps it at what it discounts). */
const discountInput = {
  discountType: z.enum(DISCOUNT_TYPES).default('none'),
  discountValue: z.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(UNIT_PRICE_MAX * QUANTITY_MAX, 'is too large').default(0),
};

const lineInputShape = {
  kind: z.enum(LINE_KINDS).default('text'),
  description: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
  quantity: lineQuantityField(),
  unitPrice: z
    .number({ message: 'must be a number' })
    .int('must be whole cents')
    .min(0, 'must be 0 or more')
    .max(UNIT_PRICE_MAX, `must be at most ${UNIT_PRICE_MAX}`),
  ...discountInput,
  /** a tax code of the invoice's location; its name and rate are copied onto the line */
  taxCodeId: idField().nullable().default(null),
  /** the staff member who performed it */
  providerId: idField().nullable().default(null),
  serviceId: idField().nullable().default(null),
  addOnId: idField().nullable().default(null),
  itemId: idField().nullable().default(null),
};

/** What the line rules read of a line. */
type RuledLine = { kind?: LineKind; serviceId?: string | null; addOnId?: string | null; itemId?: string | null; discountType?: string; discountValue?: number };

/** A service line names its service, an add-on line its add-on, an item line its item; a text line none. */
function lineKindRule(line: RuledLine, ctx: z.RefinementCtx) {
  const kind = line.kind ?? 'text';
  if (kind === 'service' && !line.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: 'is required for a service line' });
  if (kind === 'addOn' && !line.addOnId) ctx.addIssue({ code: 'custom', path: ['addOnId'], message: 'is required for an add-on line' });
  if (kind !== 'service' && line.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: 'is only for a service line' });
  if (kind !== 'addOn' && line.addOnId) ctx.addIssue({ code: 'custom', path: ['addOnId'], message: 'is only for an add-on line' });
  if (kind === 'item' && !line.itemId) ctx.addIssue({ code: 'custom', path: ['itemId'], message: 'is required for an item line' });
  if (kind !== 'item' && line.itemId) ctx.addIssue({ code: 'custom', path: ['itemId'], message: 'is only for an item line' });
}

function percentRule(line: RuledLine, ctx: z.RefinementCtx) {
  if (line.discountType === 'percent' && (line.discountValue ?? 0) > 10_000)
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'must be at most 100 %' });
}

/** A stored line of a document: the shared fields, then what its kind of document adds. */
export const documentItem = <S extends z.ZodRawShape>(extra: S) => z.object({ ...lineShape, ...extra });

/** A line as sent: the shared fields and rules (kind, percent), then what its kind of document adds. */
export const documentItemInput = <S extends z.ZodRawShape>(extra: S) =>
  z.object({ ...lineInputShape, ...extra }).superRefine((line, ctx) => {
    lineKindRule(line as RuledLine, ctx);
    percentRule(line as RuledLine, ctx);
  });

// ---------- the header ----------
/** Whom a document is for, as answered: every summary starts with these. */
export const documentPartiesShape = {
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  appointmentId: z.string().nullable(),
};

/** What a full answer adds to its summary first: the document's discount and notes. */
export const documentTermsShape = {
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  notes: z.string(),
};

/** Whom a document is for, as sent. */
export const documentPartiesInput = {
  locationId: idField(),
  clientId: idField(),
  patientId: idField().nullable().default(null),
  appointmentId: idField().nullable().default(null),
};

/** The document's discount and notes, as sent. */
export const documentTermsInput = {
  ...discountInput,
  notes: z.string().max(5_000, 'must be at most 5000 characters').default(''),
};

/** The filters every document list has: its location, client and appointment. */
export const DocumentListQuery = PageQuery.extend({
  locationId: idField().optional(),
  clientId: idField().optional(),
  appointmentId: idField().optional(),
});

/**
 * A document's CRUD operations: a paged list of summaries, one document, a header written with
 * its lines (at most DOCUMENT_LINES_MAX), and a delete that needs billing.manage (decision 0132).
 */
export function billingDocumentOps<
  const W extends string,
  const K extends string,
  E extends z.ZodType,
  S extends z.ZodType,
  I extends z.ZodType,
  In extends z.ZodRawShape,
  Q extends z.ZodType,
>(d: { path: string; tag: string; noun: string; entity: E; summary: S; wrapper: W; itemsKey: K; item: I; input: z.ZodObject<In>; query: Q }) {
  return crudOperations({
    path: d.path,
    tag: d.tag,
    noun: d.noun,
    entity: d.entity,
    read: authenticated,
    write: authenticated,
    wrapper: d.wrapper,
    items: { key: d.itemsKey, input: d.item, max: DOCUMENT_LINES_MAX },
    list: { query: d.query, paged: true, item: d.summary },
    get: {},
    create: { input: d.input },
    update: { input: patchOf(d.input) },
    remove: { access: anyOf(MANAGE_BILLING) },
  });
}
