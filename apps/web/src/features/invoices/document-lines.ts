import { DOCUMENT_LINES_MAX, priceDocument, toCents } from '@willow/contracts';
import type {
  DiscountType,
  EstimateItem,
  EstimateItemInput,
  InvoiceItem,
  InvoiceItemInput,
  InvoiceTemplateItem,
  LineKind,
  MissedCharge,
  Priced,
  PricedLineInput,
} from '@willow/contracts';

/**
 * An estimate's or invoice's lines while they are edited: numbers as typed (so a half-typed '12.'
 * stays on screen), turned into the contract's integer cents and basis points only when priced or
 * sent. Pricing itself is the contracts' priceDocument, the very function the server stores
 * (docs/decisions/0104), so the totals on screen are the totals saved.
 */
export interface LineDraft {
  /** keeps a row's fields in place while rows are added, moved and removed */
  key: string;
  kind: LineKind;
  serviceId: string | null;
  addOnId: string | null;
  /** an item line's inventory item */
  itemId: string | null;
  description: string;
  quantity: string;
  /** estimates only: the most it may come to ('' = the quantity) */
  highQuantity: string;
  /** in the currency's units, as typed ('85.50') */
  unitPrice: string;
  discountType: DiscountType;
  /** a percentage ('10', '12.5') or an amount in the currency's units, as typed */
  discount: string;
  /** '' for none */
  taxCodeId: string;
  /** the rate the line was saved with, used while its tax code is not (or no longer) listed */
  savedTaxRate: number;
  /** '' for none */
  providerId: string;
  /** a credit note's line: the invoice line it credits, kept through edits (decision 0131) */
  creditedItemId: string | null;
}

/** The document-level discount, as typed. */
export interface DocumentDiscountDraft {
  discountType: DiscountType;
  discount: string;
}

/** The contracts' limit of lines on one document (invoiceOps / estimateOps items max). */
export const MAX_LINES = DOCUMENT_LINES_MAX;

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

export function blankLine(patch: Partial<Omit<LineDraft, 'key'>> = {}): LineDraft {
  return {
    key: newKey(),
    kind: 'text',
    serviceId: null,
    addOnId: null,
    itemId: null,
    description: '',
    quantity: '1',
    highQuantity: '',
    unitPrice: '',
    discountType: 'none',
    discount: '',
    taxCodeId: '',
    savedTaxRate: 0,
    providerId: '',
    creditedItemId: null,
    ...patch,
  };
}

// ---------- numbers as typed ----------

/** '1,234.50' (thousands) and '3,75' (a decimal comma) both read; a currency sign or spaces are ignored. */
function plainNumber(text: string): string | null {
  let t = text.trim().replace(/^[^\d.,-]+/, '').replace(/\s/g, '');
  if (t === '') return null;
  t = t.includes('.') ? t.replace(/,/g, '') : t.replace(',', '.');
  if (!/^-?\d*\.?\d*$/.test(t) || t === '.' || t === '-') return 'NaN';
  return t;
}

const decimalsOf = (t: string) => (t.includes('.') ? t.length - t.indexOf('.') - 1 : 0);

/**
 * An amount typed in the currency's units to integer cents with the contracts' toCents. Junk and
 * blank are NaN for the contract to refuse ('must be a number'); a third decimal stays a fraction
 * of a cent, which the contract refuses ('must be whole cents'), rather than being rounded into an
 * amount nobody typed.
 */
export function moneyCents(text: string): number {
  const t = plainNumber(text);
  if (t === null) return Number.NaN;
  const units = Number(t);
  if (!Number.isFinite(units)) return Number.NaN;
  return decimalsOf(t) > 2 ? units * 100 : toCents(units);
}

/** A percentage typed ('12.5') to basis points (1250); more than two decimals stays fractional for the contract to refuse. */
export function percentBasisPoints(text: string): number {
  const t = plainNumber(text.replace(/%\s*$/, ''));
  if (t === null) return Number.NaN;
  const percent = Number(t);
  if (!Number.isFinite(percent)) return Number.NaN;
  return decimalsOf(t) > 2 ? percent * 100 : Math.round(percent * 100);
}

/** A quantity as typed; blank or junk is NaN for the contract to refuse. */
export function quantityOf(text: string): number {
  const t = plainNumber(text);
  return t === null ? Number.NaN : Number(t);
}

/** Cents shown in a field: 1250 → '12.50'. */
export const centsToUnits = (cents: number) => (cents / 100).toFixed(2);

/** Basis points shown in a field: 1250 → '12.5', 1000 → '10'. */
export const basisPointsToPercent = (bp: number) => String(bp / 100);

/** The discount's value as the contract takes it: basis points for a percentage, cents for an amount. */
export function discountValueOf(type: DiscountType, text: string): number {
  if (type === 'none') return 0;
  return type === 'percent' ? percentBasisPoints(text) : moneyCents(text);
}

const discountText = (type: DiscountType, value: number) =>
  type === 'none' ? '' : type === 'percent' ? basisPointsToPercent(value) : centsToUnits(value);

// ---------- pricing while typing ----------

/** What a line's tax code stands for now: the listed code's rate, else what the line was saved with. */
export type RateOf = (line: Pick<LineDraft, 'taxCodeId' | 'savedTaxRate'>) => number;

export function rateOfCodes(codes: readonly { id: string; rate: number }[]): RateOf {
  const rates = new Map(codes.map((c) => [c.id, c.rate]));
  return (line) => (line.taxCodeId ? (rates.get(line.taxCodeId) ?? line.savedTaxRate) : 0);
}

/** A whole, non-negative number, or 0 while what was typed is not one yet. */
const usable = (n: number) => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);

/**
 * One line for priceDocument. A field that does not hold a valid number yet counts as nothing
 * (the form shows its error), so the totals never show NaN while someone is typing.
 */
function pricedLineOf(line: LineDraft, rateOf: RateOf, high: boolean): PricedLineInput {
  const typed = quantityOf(high && line.highQuantity.trim() !== '' ? line.highQuantity : line.quantity);
  const quantity = Number.isFinite(typed) && typed > 0 ? Math.round(typed * 1000) / 1000 : 0;
  const value = usable(discountValueOf(line.discountType, line.discount));
  return {
    quantity,
    unitPrice: usable(moneyCents(line.unitPrice)),
    discount: { type: line.discountType, value },
    taxRate: rateOf(line),
  };
}

/**
 * The document priced as typed, exactly as the server will price it on save: `high` takes each
 * line's high quantity (an estimate's high total), `sign` −1 prices a credit note.
 */
export function priceDraft(lines: readonly LineDraft[], discount: DocumentDiscountDraft, rateOf: RateOf, options: { sign?: 1 | -1; high?: boolean } = {}): Priced {
  const documentDiscount = { type: discount.discountType, value: usable(discountValueOf(discount.discountType, discount.discount)) };
  return priceDocument(
    lines.map((l) => pricedLineOf(l, rateOf, options.high ?? false)),
    documentDiscount,
    options.sign ?? 1,
  );
}

// ---------- to and from the contract ----------

const idOrNull = (id: string) => (id === '' ? null : id);

/** A line as the contract's InvoiceItemInput (numbers parsed; junk left for the schema to name). */
export function invoiceItemInput(line: LineDraft): InvoiceItemInput {
  return {
    kind: line.kind,
    description: line.description,
    quantity: quantityOf(line.quantity),
    unitPrice: moneyCents(line.unitPrice),
    discountType: line.discountType,
    discountValue: discountValueOf(line.discountType, line.discount),
    taxCodeId: idOrNull(line.taxCodeId),
    providerId: idOrNull(line.providerId),
    serviceId: line.kind === 'service' ? line.serviceId : null,
    addOnId: line.kind === 'addOn' ? line.addOnId : null,
    itemId: line.kind === 'item' ? line.itemId : null,
    ...(line.creditedItemId && { creditedItemId: line.creditedItemId }),
  };
}

export function estimateItemInput(line: LineDraft): EstimateItemInput {
  return { ...invoiceItemInput(line), highQuantity: line.highQuantity.trim() === '' ? null : quantityOf(line.highQuantity) };
}

/** A saved line (invoice or estimate) back into the editor, in its order. */
export function draftsFromItems(items: readonly (InvoiceItem | EstimateItem)[]): LineDraft[] {
  return [...items]
    .sort((a, b) => a.position - b.position)
    .map((i) =>
      blankLine({
        kind: i.kind,
        serviceId: i.serviceId,
        addOnId: i.addOnId,
        itemId: i.itemId,
        description: i.description,
        quantity: String(i.quantity),
        highQuantity: 'highQuantity' in i && i.highQuantity != null ? String(i.highQuantity) : '',
        unitPrice: centsToUnits(Math.abs(i.unitPrice)),
        discountType: i.discountType,
        discount: discountText(i.discountType, i.discountValue),
        taxCodeId: i.taxCodeId ?? '',
        savedTaxRate: i.taxRate,
        providerId: i.providerId ?? '',
        creditedItemId: 'creditedItemId' in i ? i.creditedItemId : null,
      }),
    );
}

/** An invoice template's lines: a line naming a service or add-on stays one, the rest are text. */
export function draftsFromTemplate(items: readonly InvoiceTemplateItem[]): LineDraft[] {
  return [...items]
    .sort((a, b) => a.position - b.position)
    .map((i) =>
      blankLine({
        kind: i.serviceId ? 'service' : i.addOnId ? 'addOn' : 'text',
        serviceId: i.serviceId,
        addOnId: i.serviceId ? null : i.addOnId,
        description: i.description,
        quantity: String(i.quantity),
        unitPrice: centsToUnits(i.unitPrice),
      }),
    );
}

/** Something performed at an appointment that no invoice bills yet, as a line. */
export function draftFromMissed(charge: MissedCharge): LineDraft {
  return blankLine({
    kind: charge.kind,
    serviceId: charge.serviceId,
    addOnId: charge.addOnId,
    itemId: charge.itemId,
    description: charge.description,
    quantity: String(charge.quantity),
    unitPrice: centsToUnits(charge.unitPrice),
    providerId: charge.providerId ?? '',
  });
}

/** A missed charge as the contract's line. */
export const missedItemInput = (charge: MissedCharge): InvoiceItemInput => invoiceItemInput(draftFromMissed(charge));

/** A saved line as the contract's input again (to send the lines back with one added). */
export function itemInputOf(item: InvoiceItem): InvoiceItemInput {
  return {
    kind: item.kind,
    description: item.description,
    quantity: item.quantity,
    unitPrice: Math.abs(item.unitPrice),
    discountType: item.discountType,
    discountValue: item.discountValue,
    taxCodeId: item.taxCodeId,
    providerId: item.providerId,
    serviceId: item.serviceId,
    addOnId: item.addOnId,
    itemId: item.itemId,
    creditedItemId: item.creditedItemId,
  };
}

// ---------- editing the list ----------

export function changeLine(lines: readonly LineDraft[], index: number, patch: Partial<Omit<LineDraft, 'key'>>): LineDraft[] {
  return lines.map((l, i) => (i === index ? { ...l, ...patch } : l));
}

export function removeLine(lines: readonly LineDraft[], index: number): LineDraft[] {
  return lines.filter((_, i) => i !== index);
}

export function moveLine(lines: readonly LineDraft[], from: number, to: number): LineDraft[] {
  if (to < 0 || to >= lines.length || from === to) return [...lines];
  const next = [...lines];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Lines added after the ones there (a template's, a missed charge), within the contract's limit. */
export function appendLines(lines: readonly LineDraft[], added: readonly LineDraft[]): LineDraft[] {
  // A lone untouched blank line is a placeholder: what is added takes its place.
  const kept = lines.length === 1 && isBlank(lines[0]!) ? [] : lines;
  return [...kept, ...added].slice(0, MAX_LINES);
}

const isBlank = (l: LineDraft) => l.description.trim() === '' && l.unitPrice.trim() === '' && l.kind === 'text';

/**
 * A refused save's field errors in the editor's names: the server names them by the body's path
 * (`invoiceData.clientId: …`, `invoiceItems.2.quantity: …`); the editor keeps the lines under
 * `items.<i>.<field>`.
 */
export function editorFieldErrors(placed: Record<string, string> | null, wrapper: string, itemsKey: string): Record<string, string> | null {
  if (!placed) return null;
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(placed)) {
    let field = key;
    if (field.startsWith(`${wrapper}.`)) field = field.slice(wrapper.length + 1);
    else if (field === itemsKey || field.startsWith(`${itemsKey}.`)) field = `items${field.slice(itemsKey.length)}`;
    if (field === wrapper) continue;
    result[field] = message;
  }
  return Object.keys(result).length ? result : null;
}
