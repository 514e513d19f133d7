import { z } from 'zod';
import { crudOperations } from './crud.js';
import { lineQuantityField, QUANTITY_MAX } from './invoice-documents.js';
import { anyOf, authenticated, operation } from './operation.js';
import { dateField, IdParams, idField, nameField, optionalText, page, PageQuery, patchOf, queryBoolean } from './rules.js';

/**
 * Inventory (SPEC §1, §3 "item" and "inventoryLog", §7 "Lists with create, update and delete"; menu
 * Inventory: Stock /inventory, Inventory Log /inventoryLog, Items /inventoryItems). An item is the
 * account's (bought in one unit, sold in another); its stock is per location and per lot; every
 * change of stock is a typed, append-only entry of the log, written in the transaction of what
 * caused it (decisions 0218–0224). Quantities are in the item's sell unit, at most three decimals
 * (whole where the unit is whole); money in integer cents.
 */

// ---------- texts (SPEC §8: the create/update/delete pattern for item and inventory log entry) ----------
export const INVENTORY_MESSAGES = {
  createError: 'Error creating item',
  updateError: 'Error updating item',
  deleteError: 'Error deleting item',
  created: 'Item created',
  updated: 'Item updated',
  deleted: 'Item deleted',
  archived: 'Item archived',
  restored: 'Item restored',
  listError: 'Error loading items',
  logCreateError: 'Error creating inventory log entry',
  logUpdateError: 'Error updating inventory log entry',
  logDeleteError: 'Error deleting inventory log entry',
  logCreated: 'Inventory log entry created',
  logUpdated: 'Inventory log entry updated',
  logDeleted: 'Inventory log entry deleted',
  logListError: 'Error loading the inventory log',
  stockListError: 'Error loading stock',
  stockReceived: 'Stock received',
  stockTakePosted: 'Stock count posted',
  stockTakeError: 'Error posting the stock count',
  reorderError: 'Error loading the reorder list',
  /** a sale or a use beyond what is on hand (409, nothing written) */
  notEnoughStock: (itemName: string, left: number, unit: string) => `Not enough ${itemName} in stock: ${left} ${unit} left`,
  /** the log is append-only: what caused a sale or a transfer changes it, a correction is a new entry */
  notCorrectable: 'This entry was written by an invoice or a transfer; correct what caused it instead',
  /** an item that stock, the log or the books name is archived, not deleted (decision 0220) */
  itemInUse: 'This item has stock, log entries or invoice lines, which are kept. Archive it instead.',
  archivedItem: 'This item is archived',
} as const;

// ---------- items ----------
export const INVENTORY_CATEGORIES = ['medication', 'vaccine', 'consumable', 'food', 'retail', 'urn', 'keepsake', 'other'] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];
export const INVENTORY_CATEGORY_LABELS: Record<InventoryCategory, string> = {
  medication: 'Medication',
  vaccine: 'Vaccine',
  consumable: 'Consumable',
  food: 'Food',
  retail: 'Retail',
  urn: 'Urn',
  keepsake: 'Keepsake',
  other: 'Other',
};

/** The most cents an item's cost or price may be. */
export const ITEM_PRICE_MAX = 10_000_000;
const centsField = () =>
  z
    .number({ message: 'must be a number' })
    .int('must be whole cents')
    .min(0, 'must be 0 or more')
    .max(ITEM_PRICE_MAX, `must be at most ${ITEM_PRICE_MAX}`);

/** A stock quantity as sent: more than 0, at most three decimals (whole for a whole unit: the server checks, it knows the item). */
export const stockQuantityField = lineQuantityField;
/** A counted quantity: 0 or more, at most three decimals. */
export const countedQuantityField = () =>
  z
    .number({ message: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(QUANTITY_MAX * 100, `must be at most ${QUANTITY_MAX * 100}`)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'must have at most three decimals');
/** A level (reorder point, reorder-to): like a count. */
const levelField = countedQuantityField;

/** An item's settings at one location: when to reorder, up to what, and the tax code its lines take there (tax codes are a location's). */
export const ItemLocation = z.object({
  locationId: z.string(),
  reorderPoint: z.number(),
  reorderTo: z.number(),
  taxCodeId: z.string().nullable(),
});
export type ItemLocation = z.infer<typeof ItemLocation>;
export const ItemLocationInput = z
  .object({
    locationId: idField(),
    reorderPoint: levelField().default(0),
    reorderTo: levelField().default(0),
    taxCodeId: idField().nullable().default(null),
  })
  .superRefine((l, ctx) => {
    if (l.reorderTo < l.reorderPoint) ctx.addIssue({ code: 'custom', path: ['reorderTo'], message: 'must be at least the reorder point' });
  });

/** An add-on that takes this item from stock when it is billed (the urn add-on takes an urn): `quantity` sell units per add-on. */
export const ItemAddOnDraw = z.object({ addOnId: z.string(), addOnName: z.string(), quantity: z.number() });
export const ItemAddOnDrawInput = z.object({ addOnId: idField(), quantity: stockQuantityField().default(1) });

export const Item = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** what it is bought in, e.g. "box" */
  purchaseUnit: z.string(),
  /** what it is sold and counted in, e.g. "tablet" */
  sellUnit: z.string(),
  /** sell units in one purchase unit (100 tablets to the box) */
  unitsPerPurchase: z.number().int(),
  /** counted in whole sell units only (tablets, urns); false for ml, g */
  wholeUnits: z.boolean(),
  /** cents for one purchase unit */
  cost: z.number().int(),
  /** cents for one sell unit */
  sellPrice: z.number().int(),
  controlled: z.boolean(),
  /** a contact of category supplier */
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  locations: z.array(ItemLocation),
  addOnDraws: z.array(ItemAddOnDraw),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof Item>;
/** A row of the items list: the item and, when the list names a location, what it has there. */
export const ItemListRow = Item.extend({ onHand: z.number().nullable() });
export type ItemListRow = z.infer<typeof ItemListRow>;

const unitField = () => z.string().trim().min(1, 'is required').max(30, 'must be at most 30 characters');
export const ItemInput = z.object({
  name: nameField(120),
  category: z.enum(INVENTORY_CATEGORIES).default('other'),
  sku: optionalText(60).default(null),
  barcode: optionalText(64).default(null),
  purchaseUnit: unitField().default('unit'),
  sellUnit: unitField().default('unit'),
  unitsPerPurchase: z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'must be at most 100000').default(1),
  wholeUnits: z.boolean().default(true),
  cost: centsField().default(0),
  sellPrice: centsField().default(0),
  controlled: z.boolean().default(false),
  supplierId: idField().nullable().default(null),
  locations: z
    .array(ItemLocationInput)
    .max(200)
    .refine((ls) => new Set(ls.map((l) => l.locationId)).size === ls.length, 'must name each location once')
    .default([]),
  addOnDraws: z
    .array(ItemAddOnDrawInput)
    .max(50)
    .refine((ds) => new Set(ds.map((d) => d.addOnId)).size === ds.length, 'must name each add-on once')
    .default([]),
});
export type ItemInput = z.input<typeof ItemInput>;

export const ItemListQuery = PageQuery.extend({
  /** answers onHand at this location */
  locationId: idField().optional(),
  category: z.enum(INVENTORY_CATEGORIES).optional(),
  /** name, SKU or barcode, in part */
  search: z.string().trim().max(100).optional(),
  /** exactly this barcode (a scan) */
  barcode: z.string().trim().min(1).max(64).optional(),
  includeArchived: queryBoolean().optional(),
  controlled: queryBoolean().optional(),
});
export type ItemListQuery = z.input<typeof ItemListQuery>;

/** Who writes the catalogue and corrects stock: inventory.manage (decision 0219). */
export const MANAGE_INVENTORY = 'inventory.manage' as const;

export const itemOps = crudOperations({
  path: '/api/item',
  tag: 'inventory',
  noun: 'item',
  entity: Item,
  read: authenticated,
  write: anyOf(MANAGE_INVENTORY),
  wrapper: 'itemData',
  list: { query: ItemListQuery, paged: true, item: ItemListRow, summary: 'A page of items by name (archived ones only when asked), with what is on hand at the location named' },
  get: {},
  create: { input: ItemInput },
  update: { input: patchOf(ItemInput) },
  remove: { summary: 'Delete an item that nothing names (no stock, log entry or invoice line); otherwise 409: archive it' },
  archive: {},
});
export const { list: listItems, get: getItem, create: createItem, update: updateItem, remove: deleteItem, archive: archiveItem, restore: restoreItem } = itemOps;

// ---------- lots ----------
/** Stock of an item at a location by lot; `expiresOn` null: it does not expire (never a made-up date). */
export const Lot = z.object({
  id: z.string(),
  itemId: z.string(),
  locationId: z.string(),
  lotNumber: z.string().nullable(),
  expiresOn: z.string().nullable(),
  receivedOn: z.string(),
  onHand: z.number(),
});
export type Lot = z.infer<typeof Lot>;
export const listItemLots = operation({
  method: 'GET',
  path: '/api/item/{id}/lots',
  access: authenticated,
  tag: 'inventory',
  summary: 'An item’s lots at a location, the first to expire first (empty ones only when asked)',
  params: IdParams,
  query: z.object({ locationId: idField(), includeEmpty: queryBoolean().optional() }),
  response: z.array(Lot),
});

// ---------- the log ----------
export const MOVEMENT_TYPES = [
  'received',
  'sold',
  'sale_reversed',
  'administered',
  'expired',
  'damaged',
  'count_correction',
  'transfer_out',
  'transfer_in',
  'correction',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  received: 'Received',
  sold: 'Sold',
  sale_reversed: 'Sale reversed',
  administered: 'Administered',
  expired: 'Expired',
  damaged: 'Damaged',
  count_correction: 'Count correction',
  transfer_out: 'Transfer out',
  transfer_in: 'Transfer in',
  correction: 'Entry corrected',
};
/** What POST /{id} and DELETE /{id} may correct: what a person recorded by hand (a sale changes through its invoice, a transfer by another transfer). */
export const CORRECTABLE_MOVEMENTS = ['received', 'administered', 'expired', 'damaged', 'count_correction'] as const satisfies readonly MovementType[];

/** One entry of the log: never changed once written (a correction is a new entry naming it). */
export const InventoryLogEntry = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  sellUnit: z.string(),
  controlled: z.boolean(),
  locationId: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  expiresOn: z.string().nullable(),
  type: z.enum(MOVEMENT_TYPES),
  /** signed: + into stock, − out of it (sell units) */
  quantity: z.number(),
  /** the item's stock at this location after this entry (the controlled-drug ledger's running balance) */
  balance: z.number(),
  reason: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  appointmentId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  /** the two entries of one transfer share it */
  transferId: z.string().nullable(),
  /** a correction names the entry it corrects */
  correctsId: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type InventoryLogEntry = z.infer<typeof InventoryLogEntry>;

const reasonField = () => z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters');
const optionalReason = () => optionalText(500).default(null);

/** Stock received: `quantity` in purchase units (boxes) unless `unit` says sell; a new lot (or more of the same lot number and expiry). */
const ReceivedInput = z.object({
  type: z.literal('received'),
  itemId: idField(),
  locationId: idField(),
  quantity: stockQuantityField(),
  unit: z.enum(['purchase', 'sell']).default('purchase'),
  lotNumber: optionalText(60).default(null),
  /** null: this stock does not expire */
  expiresOn: dateField().nullable(),
  /** today at the location when left out */
  receivedOn: dateField().optional(),
  reason: optionalReason(),
});
/** Given to a patient (from the lot named, or the first to expire). */
const AdministeredInput = z.object({
  type: z.literal('administered'),
  itemId: idField(),
  locationId: idField(),
  quantity: stockQuantityField(),
  lotId: idField().nullable().default(null),
  patientId: idField(),
  appointmentId: idField().nullable().default(null),
  reason: optionalReason(),
});
/** Written off from a lot. */
const WriteOffInput = z.object({
  type: z.enum(['expired', 'damaged']),
  itemId: idField(),
  locationId: idField(),
  lotId: idField(),
  quantity: stockQuantityField(),
  reason: reasonField(),
});
/** Moved to another location of the account: a transfer_out and a transfer_in entry (the lot keeps its number and expiry). */
const TransferInput = z.object({
  type: z.literal('transfer'),
  itemId: idField(),
  locationId: idField(),
  toLocationId: idField(),
  lotId: idField().nullable().default(null),
  quantity: stockQuantityField(),
  reason: optionalReason(),
});
export const InventoryLogInput = z
  .discriminatedUnion('type', [ReceivedInput, AdministeredInput, WriteOffInput, TransferInput])
  .superRefine((v, ctx) => {
    if (v.type === 'received' && v.expiresOn && v.receivedOn && v.expiresOn < v.receivedOn)
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'must not be before the day it was received' });
    if (v.type === 'transfer' && v.toLocationId === v.locationId)
      ctx.addIssue({ code: 'custom', path: ['toLocationId'], message: 'must be another location' });
  });
export type InventoryLogInput = z.input<typeof InventoryLogInput>;
export const INVENTORY_LOG_INPUT_TYPES = ['received', 'administered', 'expired', 'damaged', 'transfer'] as const;

/** A correction of an entry: what its quantity should have been (unsigned, as the entry's own direction), and why. */
export const InventoryLogCorrection = z.object({ quantity: countedQuantityField(), reason: reasonField() });
export type InventoryLogCorrection = z.input<typeof InventoryLogCorrection>;

export const InventoryLogQuery = PageQuery.extend({
  locationId: idField().optional(),
  itemId: idField().optional(),
  lotId: idField().optional(),
  patientId: idField().optional(),
  appointmentId: idField().optional(),
  type: z.enum(MOVEMENT_TYPES).optional(),
  category: z.enum(INVENTORY_CATEGORIES).optional(),
  /** only controlled drugs (the ledger) */
  controlled: queryBoolean().optional(),
  /** item name, lot number or reason, in part */
  search: z.string().trim().max(100).optional(),
  /** from this day on, and up to this day, on the location's clock */
  from: dateField().optional(),
  to: dateField().optional(),
  /** oldest first (a ledger read like a book); newest first otherwise */
  order: z.enum(['newest', 'oldest']).default('newest'),
});
export type InventoryLogQuery = z.input<typeof InventoryLogQuery>;

const logWrites = z.object({ entries: z.array(InventoryLogEntry) });
export const listInventoryLog = operation({
  method: 'GET',
  path: '/api/inventoryLog',
  access: authenticated,
  tag: 'inventory',
  summary: 'A page of the inventory log (filters; the controlled-drug ledger with controlled=true)',
  query: InventoryLogQuery,
  response: page(InventoryLogEntry),
});
export const getInventoryLogEntry = operation({
  method: 'GET',
  path: '/api/inventoryLog/{id}',
  access: authenticated,
  tag: 'inventory',
  summary: 'One entry of the inventory log',
  params: IdParams,
  response: InventoryLogEntry,
});
export const createInventoryLogEntry = operation({
  method: 'POST',
  path: '/api/inventoryLog',
  access: authenticated,
  tag: 'inventory',
  summary: 'Record a change of stock by hand: received, administered, expired, damaged, or a transfer (two entries); 409 beyond what is on hand',
  body: z.object({ inventoryLogData: InventoryLogInput }),
  response: logWrites,
});
export const correctInventoryLogEntry = operation({
  method: 'POST',
  path: '/api/inventoryLog/{id}',
  access: anyOf(MANAGE_INVENTORY),
  tag: 'inventory',
  summary: 'Correct an entry recorded by hand: a new correction entry for the difference, with its reason (the entry itself never changes)',
  params: IdParams,
  body: z.object({ inventoryLogData: InventoryLogCorrection }),
  response: logWrites,
});
export const deleteInventoryLogEntry = operation({
  method: 'DELETE',
  path: '/api/inventoryLog/{id}',
  access: anyOf(MANAGE_INVENTORY),
  tag: 'inventory',
  summary: 'Undo an entry recorded by hand: a correction entry reversing all of it, with its reason (the entry itself stays)',
  params: IdParams,
  query: z.object({ reason: reasonField() }),
  response: logWrites,
});
