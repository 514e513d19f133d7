import { INVENTORY_CATEGORIES } from '@willow/contracts';
import type { InventoryCategory, Item, ItemInput } from '@willow/contracts';
import { numberOrNull } from '../../components/form-fields';
import { centsToUnits, moneyCents } from '../invoices/document-lines';

/**
 * An item's dialog as typed: numbers stay text (a half-typed '12.' stays on screen) and become
 * the contract's integers and cents only when checked. Money is typed in the currency's units.
 */
export interface LocationDraft {
  locationId: string;
  reorderPoint: string;
  reorderTo: string;
  taxCodeId: string;
}
export interface DrawDraft {
  addOnId: string;
  /** shown while the add-on is not among those listed (another location's) */
  addOnName: string;
  quantity: string;
}
export interface ItemFormValues {
  name: string;
  category: InventoryCategory;
  sku: string;
  barcode: string;
  purchaseUnit: string;
  sellUnit: string;
  unitsPerPurchase: string;
  wholeUnits: boolean;
  cost: string;
  sellPrice: string;
  controlled: boolean;
  supplierId: string;
  locations: LocationDraft[];
  addOnDraws: DrawDraft[];
}

export const CATEGORY_OPTIONS = INVENTORY_CATEGORIES;

const blankLocation = (locationId: string): LocationDraft => ({ locationId, reorderPoint: '0', reorderTo: '0', taxCodeId: '' });

/** A new item: one row of settings for each location the account works in. */
export function blankItem(locationIds: readonly string[]): ItemFormValues {
  return {
    name: '',
    category: 'medication',
    sku: '',
    barcode: '',
    purchaseUnit: 'box',
    sellUnit: 'tablet',
    unitsPerPurchase: '1',
    wholeUnits: true,
    cost: '',
    sellPrice: '',
    controlled: false,
    supplierId: '',
    locations: locationIds.map(blankLocation),
    addOnDraws: [],
  };
}

/** An item to edit: its own location settings, then a blank row for each other location listed. */
export function valuesOfItem(item: Item, locationIds: readonly string[]): ItemFormValues {
  const own = item.locations.map((l) => ({
    locationId: l.locationId,
    reorderPoint: String(l.reorderPoint),
    reorderTo: String(l.reorderTo),
    taxCodeId: l.taxCodeId ?? '',
  }));
  const others = locationIds.filter((id) => !own.some((l) => l.locationId === id)).map(blankLocation);
  return {
    name: item.name,
    category: item.category,
    sku: item.sku ?? '',
    barcode: item.barcode ?? '',
    purchaseUnit: item.purchaseUnit,
    sellUnit: item.sellUnit,
    unitsPerPurchase: String(item.unitsPerPurchase),
    wholeUnits: item.wholeUnits,
    cost: centsToUnits(item.cost),
    sellPrice: centsToUnits(item.sellPrice),
    controlled: item.controlled,
    supplierId: item.supplierId ?? '',
    locations: [...own, ...others],
    addOnDraws: item.addOnDraws.map((d) => ({ addOnId: d.addOnId, addOnName: d.addOnName, quantity: String(d.quantity) })),
  };
}

const text = (t: string) => (t.trim() === '' ? null : t.trim());
/** Blank money is nothing yet: the contract's default (0) rather than an error. */
const cents = (t: string) => (t.trim() === '' ? 0 : moneyCents(t));

/** The values as the contract's ItemInput (numbers parsed; junk left for the schema to name under its field). */
export function inputOfItem(v: ItemFormValues): ItemInput {
  return {
    name: v.name,
    category: v.category,
    sku: text(v.sku),
    barcode: text(v.barcode),
    purchaseUnit: v.purchaseUnit,
    sellUnit: v.sellUnit,
    unitsPerPurchase: numberOrNull(v.unitsPerPurchase) as number,
    wholeUnits: v.wholeUnits,
    cost: cents(v.cost),
    sellPrice: cents(v.sellPrice),
    controlled: v.controlled,
    supplierId: v.supplierId || null,
    locations: v.locations.map((l) => ({
      locationId: l.locationId,
      reorderPoint: numberOrNull(l.reorderPoint) ?? 0,
      reorderTo: numberOrNull(l.reorderTo) ?? 0,
      taxCodeId: l.taxCodeId || null,
    })),
    addOnDraws: v.addOnDraws.map((d) => ({ addOnId: d.addOnId, quantity: numberOrNull(d.quantity) as number })),
  };
}

/** How much one purchase unit holds, in words: '1 box = 100 tablets'. */
export function packSize(v: Pick<ItemFormValues, 'purchaseUnit' | 'sellUnit' | 'unitsPerPurchase'>): string {
  const n = numberOrNull(v.unitsPerPurchase);
  if (!n || !Number.isFinite(n)) return '';
  return `1 ${v.purchaseUnit || 'unit'} = ${n} ${plural(v.sellUnit || 'unit', n)}`;
}

/** 'tablet' → 'tablets', 'box' → 'boxes', 'ml' stays 'ml' (units are short nouns or abbreviations typed by staff). */
export function plural(unit: string, n: number): string {
  if (n === 1 || /s$|^(ml|mg|g|kg|l|mcg|iu|cc|oz|lb)$/i.test(unit)) return unit;
  if (/(x|z|ch|sh)$/i.test(unit)) return `${unit}es`;
  if (/[^aeiou]y$/i.test(unit)) return `${unit.slice(0, -1)}ies`;
  return `${unit}s`;
}

/** A quantity in the sell unit, with the boxes it makes when more than one: '250 tablets (2.5 boxes)'. */
export function describeQuantity(quantity: number, item: { sellUnit: string; purchaseUnit: string; unitsPerPurchase: number }): string {
  const base = `${formatQuantity(quantity)} ${plural(item.sellUnit, quantity)}`;
  // Less than one box is said in tablets alone ('0.02 boxes' reads as noise).
  if (item.unitsPerPurchase <= 1 || quantity < item.unitsPerPurchase) return base;
  const boxes = Math.round((quantity / item.unitsPerPurchase) * 100) / 100;
  return `${base} (${formatQuantity(boxes)} ${plural(item.purchaseUnit, boxes)})`;
}

/** Up to three decimals, none when whole. */
export const formatQuantity = (n: number) => String(Math.round(n * 1000) / 1000);
