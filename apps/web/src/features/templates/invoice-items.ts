import type { InvoiceTemplateItem, InvoiceTemplateItemInput } from '@willow/contracts';

/** An invoice template's line while it is edited: amounts as typed, `key` keeps rows stable. */
export interface ItemDraft {
  key: string;
  description: string;
  quantity: string;
  /** in dollars (major units), as typed */
  unitPrice: string;
  serviceId: string | null;
  addOnId: string | null;
}

/** The contract's limit of lines (invoiceTemplateOps items max). */
export const MAX_ITEMS = 200;

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

const CENTS = 100;

/**
 * Dollars as typed ('12.50', '$1,234.5', '3,75') to integer cents. Junk stays junk for the contract
 * to refuse ('must be a number'), and a third decimal stays fractional ('must be whole cents'),
 * rather than being rounded into a price nobody typed.
 */
export function dollarsToCents(text: string): number {
  let t = text.trim().replace(/^\$/, '').replace(/\s/g, '');
  if (t === '') return Number.NaN;
  // '1,234.50': thousands separators; '3,75': a decimal comma.
  t = t.includes('.') ? t.replace(/,/g, '') : t.replace(',', '.');
  if (!/^-?\d*\.?\d*$/.test(t) || t === '.' || t === '-') return Number.NaN;
  // Three decimals of a cent keep 0.29 * 100 (28.999…) whole and 12.345 fractional.
  return Math.round(Number(t) * CENTS * 1000) / 1000;
}

/** Cents to the dollars shown in the field: 1250 → '12.50'. */
export function centsToDollars(cents: number): string {
  return (cents / CENTS).toFixed(2);
}

/** Quantity as typed: blank or junk stays NaN for the contract to refuse. */
export function quantityOf(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? Number.NaN : Number(t);
}

/** A line's amount in cents (0 while it cannot be worked out). */
export function lineTotalCents(item: Pick<ItemDraft, 'quantity' | 'unitPrice'>): number {
  const amount = quantityOf(item.quantity) * dollarsToCents(item.unitPrice);
  return Number.isFinite(amount) ? Math.round(amount) : 0;
}

export function totalCents(items: readonly Pick<ItemDraft, 'quantity' | 'unitPrice'>[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

export function draftsFromItems(items: readonly InvoiceTemplateItem[]): ItemDraft[] {
  return [...items]
    .sort((a, b) => a.position - b.position)
    .map((i) => ({
      key: newKey(),
      description: i.description,
      quantity: String(i.quantity),
      unitPrice: centsToDollars(i.unitPrice),
      serviceId: i.serviceId,
      addOnId: i.addOnId,
    }));
}

export function addItem(items: readonly ItemDraft[]): ItemDraft[] {
  if (items.length >= MAX_ITEMS) return [...items];
  return [...items, { key: newKey(), description: '', quantity: '1', unitPrice: '', serviceId: null, addOnId: null }];
}

export function removeItem(items: readonly ItemDraft[], index: number): ItemDraft[] {
  return items.filter((_, i) => i !== index);
}

export function changeItem(items: readonly ItemDraft[], index: number, patch: Partial<Omit<ItemDraft, 'key'>>): ItemDraft[] {
  return items.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** The line at `from` moved to `to` (the lines' order is their order on the invoice). */
export function moveItem(items: readonly ItemDraft[], from: number, to: number): ItemDraft[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The lines as the contract takes them: amounts in cents, in their order. */
export function toItemInputs(items: readonly ItemDraft[]): InvoiceTemplateItemInput[] {
  return items.map((i) => ({
    description: i.description,
    quantity: quantityOf(i.quantity),
    unitPrice: dollarsToCents(i.unitPrice),
    serviceId: i.serviceId,
    addOnId: i.addOnId,
  }));
}
