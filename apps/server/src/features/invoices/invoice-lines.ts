// Security-critical: the ids a client sends inside an invoice's or estimate's lines (services,
// add-ons, inventory items, tax codes, providers) are each looked up in the caller's account; another account's id
// answers 404 as a path id would, one of another location of the account 400 naming the field.
// Then the lines are priced by the contracts' `priceDocument` (docs/decisions/0104): what is
// stored is what the web showed.
import { priceDocument, type DiscountType, type InvoiceItemInput, type EstimateItemInput, type Priced } from '@willow/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { addOnsRepository } from '../add-ons/index.js';
import { servicesRepository } from '../services/index.js';
import { usersRepository } from '../users/index.js';
import { taxCodesRepository, type EstimateItemRow, type InvoiceItemRow } from './invoices.repository.js';

/** A line as sent (an estimate's lines credit nothing, so `creditedItemId` is optional here). */
export type LineInput = Omit<z.output<typeof InvoiceItemInput>, 'creditedItemId'> & { creditedItemId?: string | null };
export type EstimateLineInput = z.output<typeof EstimateItemInput>;

/** What a line needs to know of an inventory item. */
export type LineItem = { id: string; name: string; wholeUnits: boolean; sellUnit: string; archived: boolean };

/**
 * The inventory items lines name, as the inventory feature (a floor above) offers them: the
 * container hands its implementation in, as it does the payments' (decision 0174), so invoices
 * never import inventory.
 */
export interface LineItems {
  /** the account's items among `ids` (another account's are not found) */
  findByIds(ex: Executor, scope: Scope, ids: readonly string[]): Promise<LineItem[]>;
}

/** An item used at an appointment (administered, net of corrections), as the inventory feature offers it. */
export type AppointmentItem = {
  appointmentId: string;
  itemId: string;
  name: string;
  /** cents per sell unit */
  sellPrice: number;
  /** the item's tax code at the appointment's location */
  taxCodeId: string | null;
  quantity: number;
};

/** What the appointments used of inventory (missed charges, an appointment's invoice): handed in like LineItems. */
export interface AppointmentItemUse {
  administeredAt(ex: Executor, scope: Scope, appointmentIds: readonly string[]): Promise<AppointmentItem[]>;
}

/** What billing asks of inventory, as one thing the container hands in. */
export type InvoiceInventory = { lineItems: LineItems; itemUse: AppointmentItemUse };

/** Whether a quantity is whole (to the thousandth lines are kept at). */
const isWhole = (q: number) => Math.abs(q - Math.round(q)) < 1e-9;

/** A line as checked: the input with its tax code's name and rate copied onto it. */
export type CheckedLine<L extends LineInput = LineInput> = L & { taxName: string | null; taxRate: number };

/**
 * Checks every id the lines name against the account (404) and the document's location (400),
 * in one statement per kind of reference, and copies each tax code's name and rate.
 */
export async function checkLines<L extends LineInput>(
  ex: Executor,
  scope: Scope,
  itemsKey: string,
  lines: L[],
  locationId: string,
  lineItems: LineItems,
): Promise<CheckedLine<L>[]> {
  const idsOf = (key: 'serviceId' | 'addOnId' | 'itemId' | 'taxCodeId' | 'providerId') => [...new Set(lines.flatMap((l) => (l[key] ? [l[key]] : [])))];
  // One after the other: inside the write's transaction they share its connection.
  const services = new Map((await servicesRepository.findByIds(ex, scope, idsOf('serviceId'))).map((s) => [s.id, s.locationId]));
  const addOns = new Map((await addOnsRepository.findByIds(ex, scope, idsOf('addOnId'))).map((a) => [a.id, a.locationId]));
  const itemIds = idsOf('itemId');
  const items = new Map(itemIds.length === 0 ? [] : (await lineItems.findByIds(ex, scope, itemIds)).map((i) => [i.id, i]));
  const taxCodes = new Map((await taxCodesRepository.findByIds(ex, scope, idsOf('taxCodeId'), { lock: 'share' })).map((t) => [t.id, t]));
  const providers = idsOf('providerId');
  const staff = new Set((await usersRepository.findByIds(ex, scope, providers)).map((u) => u.id));
  return lines.map((line, n) => {
    const field = (name: string) => `${itemsKey}.${n}.${name}`;
    const at = (found: string | undefined, name: string, what: string) => {
      if (found === undefined) throw notFound(`${field(name)}: unknown ${what}`);
      if (found !== locationId) throw badRequest(`${field(name)}: must be a ${what} of the same location`);
    };
    if (line.serviceId) at(services.get(line.serviceId), 'serviceId', 'service');
    if (line.addOnId) at(addOns.get(line.addOnId), 'addOnId', 'add-on');
    if (line.itemId) {
      // Items are the account's, stocked per location: any location may bill one (an archived one too: it is still sold).
      const item = items.get(line.itemId);
      if (!item) throw notFound(`${field('itemId')}: unknown item`);
      if (item.wholeUnits && !isWhole(line.quantity)) throw badRequest(`${field('quantity')}: must be a whole number of ${item.sellUnit}s`);
      if (item.wholeUnits && 'highQuantity' in line && typeof line.highQuantity === 'number' && !isWhole(line.highQuantity))
        throw badRequest(`${field('highQuantity')}: must be a whole number of ${item.sellUnit}s`);
    }
    const tax = line.taxCodeId ? taxCodes.get(line.taxCodeId) : undefined;
    if (line.taxCodeId) at(tax?.locationId, 'taxCodeId', 'tax code');
    if (line.providerId && !staff.has(line.providerId)) throw notFound(`${field('providerId')}: unknown staff member`);
    return { ...line, taxName: tax?.name ?? null, taxRate: tax?.rate ?? 0 };
  });
}

type Discounted = { discountType: string; discountValue: number };
const discountOf = (d: Discounted) => ({ type: d.discountType as DiscountType, value: d.discountValue });

/** The lines priced with the document's discount (sign −1: a credit note). */
export function priceLines(
  lines: readonly { quantity: number; unitPrice: number; discountType: string; discountValue: number; taxRate: number }[],
  document: Discounted,
  sign: 1 | -1 = 1,
): Priced {
  return priceDocument(
    lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, discount: discountOf(l), taxRate: l.taxRate })),
    discountOf(document),
    sign,
  );
}

/** The stored columns of a line both kinds of document share. */
export function lineColumns(l: CheckedLine) {
  return {
    kind: l.kind,
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    discountType: l.discountType,
    discountValue: l.discountValue,
    taxCodeId: l.taxCodeId,
    taxName: l.taxName,
    taxRate: l.taxRate,
    providerId: l.providerId,
    serviceId: l.serviceId,
    addOnId: l.addOnId,
    itemId: l.itemId,
  };
}

/** An invoice's checked lines as rows, with the figures the pricing function gives them. */
export function invoiceItemRows(lines: CheckedLine[], document: Discounted, sign: 1 | -1) {
  const priced = priceLines(lines, document, sign);
  return lines.map((l, i) => {
    const p = priced.lines[i]!;
    return { ...lineColumns(l), creditedItemId: l.creditedItemId ?? null, gross: p.gross, lineDiscount: p.lineDiscount, sharedDiscount: p.sharedDiscount, lineTax: p.tax, lineTotal: p.total };
  });
}

/** A stored line as the input it was made from (to price it again, or to copy it). */
export function storedLine(r: InvoiceItemRow | EstimateItemRow): CheckedLine {
  return {
    kind: r.kind as LineInput['kind'],
    description: r.description,
    quantity: r.quantity,
    unitPrice: r.unitPrice,
    discountType: r.discountType as LineInput['discountType'],
    discountValue: r.discountValue,
    taxCodeId: r.taxCodeId,
    taxName: r.taxName,
    taxRate: r.taxRate,
    providerId: r.providerId,
    serviceId: r.serviceId,
    addOnId: r.addOnId,
    itemId: r.itemId,
    creditedItemId: 'creditedItemId' in r ? r.creditedItemId : null,
  };
}

/** The header's figures: the sums of its lines' figures (what priceDocument's totals are). */
export function totalsOf(rows: readonly { gross: number; lineDiscount: number; sharedDiscount: number; lineTax: number; lineTotal: number }[]) {
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + pick(r), 0);
  return {
    subtotal: sum((r) => r.gross),
    discount: sum((r) => r.lineDiscount + r.sharedDiscount),
    tax: sum((r) => r.lineTax),
    total: sum((r) => r.lineTotal),
  };
}

/** An estimate's low and high totals: at the lines' quantities, and at their high quantities. */
export function estimateTotals(lines: readonly (CheckedLine & { highQuantity: number | null })[], document: Discounted) {
  return {
    lowTotal: priceLines(lines, document).totals.total,
    highTotal: priceLines(
      lines.map((l) => ({ ...l, quantity: l.highQuantity ?? l.quantity })),
      document,
    ).totals.total,
  };
}
