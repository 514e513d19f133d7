import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addOns } from '../add-ons/add-ons.table.js';
import { appointments } from '../appointments/appointments.table.js';
import { contacts } from '../contacts/contacts.table.js';
import { invoiceItems, invoices, taxCodes } from '../invoices/invoices.table.js';
import { locationRef, locationReference } from '../locations/locations.table.js';
import { patients } from '../patients/patients.table.js';
import { users } from '../users/users.table.js';
import { accountColumn, tenantKey, tenantPrimaryKey, tenantReference, timestamps } from '../../db/columns.js';

/**
 * Inventory (decisions 0218–0222). Stock is kept per location in `item_stocks` (the gate every take
 * passes, one conditional UPDATE) and per lot in `lots`; every change of either is a typed entry of
 * `inventory_movements`, which is append-only (a trigger refuses UPDATE and DELETE, migration 0033).
 * Quantities are in the item's sell unit, numeric(14,3), read as JS numbers; stock arithmetic is
 * done in SQL so no float ever reaches a column.
 */
const quantity = () => numeric({ precision: 14, scale: 3, mode: 'number' });

/** An item of the account's catalogue: bought in one unit, sold and counted in another. */
export const items = pgTable(
  'items',
  {
    ...tenantKey(),
    name: text().notNull(),
    /** INVENTORY_CATEGORIES */
    category: text().notNull().default('other'),
    sku: text(),
    barcode: text(),
    purchaseUnit: text().notNull().default('unit'),
    sellUnit: text().notNull().default('unit'),
    unitsPerPurchase: integer().notNull().default(1),
    wholeUnits: boolean().notNull().default(true),
    /** cents per purchase unit */
    cost: integer().notNull().default(0),
    /** cents per sell unit */
    sellPrice: integer().notNull().default(0),
    controlled: boolean().notNull().default(false),
    /** a contact of category supplier; cleared when the contact is deleted (db/references.ts), moved by a merge */
    supplierId: uuid(),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('items', t, t.supplierId, contacts),
    uniqueIndex('items_barcode_unique').on(t.accountId, sql`lower(${t.barcode})`).where(sql`${t.barcode} is not null`),
    uniqueIndex('items_sku_unique').on(t.accountId, sql`lower(${t.sku})`).where(sql`${t.sku} is not null`),
    index('items_account_name').on(t.accountId, sql`lower(${t.name})`),
    index('items_supplier').on(t.accountId, t.supplierId).where(sql`${t.supplierId} is not null`),
  ],
);
export const ITEM_BARCODE_UNIQUE = 'items_barcode_unique';
export const ITEM_SKU_UNIQUE = 'items_sku_unique';

/** An item's settings at a location: when to reorder and up to what, and the tax code its lines take there. */
export const itemLocations = pgTable(
  'item_locations',
  {
    accountId: accountColumn(),
    itemId: uuid().notNull(),
    locationId: locationRef(),
    reorderPoint: quantity().notNull().default(0),
    reorderTo: quantity().notNull().default(0),
    taxCodeId: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.itemId, t.locationId] }),
    tenantReference('item_locations', t, t.itemId, items, 'cascade'),
    locationReference('item_locations', t),
    tenantReference('item_locations', t, t.taxCodeId, taxCodes),
    index('item_locations_location').on(t.accountId, t.locationId),
    index('item_locations_tax_code').on(t.accountId, t.taxCodeId).where(sql`${t.taxCodeId} is not null`),
  ],
);

/**
 * An add-on that takes an item from stock when it is billed (the urn add-on takes an urn). A link,
 * not a record the books keep: deleting the add-on removes it (`addOn.deleting`).
 */
export const itemAddOnDraws = pgTable(
  'item_add_on_draws',
  {
    accountId: accountColumn(),
    itemId: uuid().notNull(),
    addOnId: uuid().notNull(),
    quantity: quantity().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.itemId, t.addOnId] }),
    tenantReference('item_add_on_draws', t, t.itemId, items, 'cascade'),
    tenantReference('item_add_on_draws', t, t.addOnId, addOns),
    index('item_add_on_draws_add_on').on(t.accountId, t.addOnId),
  ],
);

/**
 * Stock of an item at a location by lot. One lot per (item, location, lot number, expiry): receiving
 * the same lot again adds to it. `expiresOn` null: it does not expire (never a made-up date).
 */
export const lots = pgTable(
  'lots',
  {
    ...tenantKey(),
    itemId: uuid().notNull(),
    locationId: locationRef(),
    lotNumber: text(),
    expiresOn: date(),
    receivedOn: date().notNull(),
    onHand: quantity().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('lots', t, t.itemId, items),
    locationReference('lots', t, 'no action'),
    check('lots_on_hand_not_negative', sql`${t.onHand} >= 0`),
    uniqueIndex('lots_identity_unique').on(t.accountId, t.itemId, t.locationId, sql`coalesce(${t.lotNumber}, '')`, sql`coalesce(${t.expiresOn}, 'infinity'::date)`),
    // First expiring first: the lots of an item at a location in the order takes use.
    index('lots_fefo').on(t.accountId, t.itemId, t.locationId, t.expiresOn, t.receivedOn, t.createdAt),
    index('lots_location_expiry').on(t.accountId, t.locationId, t.expiresOn).where(sql`${t.onHand} > 0`),
  ],
);

/** The per-location total of an item: the gate of every take and the source of the log's balance. */
export const itemStocks = pgTable(
  'item_stocks',
  {
    accountId: accountColumn(),
    itemId: uuid().notNull(),
    locationId: locationRef(),
    onHand: quantity().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.itemId, t.locationId] }),
    tenantReference('item_stocks', t, t.itemId, items),
    locationReference('item_stocks', t, 'no action'),
    check('item_stocks_on_hand_not_negative', sql`${t.onHand} >= 0`),
    index('item_stocks_location').on(t.accountId, t.locationId),
  ],
);

/**
 * The log: one typed entry per change of stock, written in the transaction of what caused it, never
 * changed (the trigger of migration 0033 refuses UPDATE and DELETE). What it names is kept: its
 * references restrict, so a patient, appointment, invoice or user it names is not deleted from
 * under it (and nothing clears them, which would be an UPDATE the trigger refuses).
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    ...tenantKey(),
    /** the order entries were written in (created_at is the transaction's time: one for all its entries) */
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    itemId: uuid().notNull(),
    locationId: locationRef(),
    lotId: uuid(),
    /** MOVEMENT_TYPES */
    type: text().notNull(),
    /** signed: + into stock, − out of it */
    quantity: quantity().notNull(),
    /** item_stocks.on_hand after this entry */
    balance: quantity().notNull(),
    reason: text(),
    patientId: uuid(),
    appointmentId: uuid(),
    invoiceId: uuid(),
    /** the invoice line that sold it (a credit note reverses per line) */
    invoiceItemId: uuid(),
    /** the two entries of one transfer */
    transferId: uuid(),
    /** a correction: the entry it corrects */
    correctsId: uuid(),
    userId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference('inventory_movements', t, t.itemId, items, 'restrict'),
    locationReference('inventory_movements', t, 'no action'),
    tenantReference('inventory_movements', t, t.lotId, lots, 'restrict'),
    tenantReference('inventory_movements', t, t.patientId, patients, 'restrict'),
    tenantReference('inventory_movements', t, t.appointmentId, appointments, 'restrict'),
    tenantReference('inventory_movements', t, t.invoiceId, invoices, 'restrict'),
    tenantReference('inventory_movements', t, t.invoiceItemId, invoiceItems, 'restrict'),
    tenantReference('inventory_movements', t, t.correctsId, t, 'restrict'),
    tenantReference('inventory_movements', t, t.userId, users, 'restrict'),
    index('inventory_movements_order').on(t.accountId, t.seq),
    index('inventory_movements_item_location').on(t.accountId, t.itemId, t.locationId, t.seq),
    index('inventory_movements_location').on(t.accountId, t.locationId, t.seq),
    // the controlled-drug ledger (each controlled item's entries in a range of days) reads only the range's entries (decision 0290)
    index('inventory_movements_item_created').on(t.accountId, t.itemId, t.createdAt),
    index('inventory_movements_lot').on(t.accountId, t.lotId).where(sql`${t.lotId} is not null`),
    index('inventory_movements_patient').on(t.accountId, t.patientId).where(sql`${t.patientId} is not null`),
    index('inventory_movements_appointment').on(t.accountId, t.appointmentId).where(sql`${t.appointmentId} is not null`),
    index('inventory_movements_invoice').on(t.accountId, t.invoiceId).where(sql`${t.invoiceId} is not null`),
    index('inventory_movements_invoice_item').on(t.accountId, t.invoiceItemId).where(sql`${t.invoiceItemId} is not null`),
    index('inventory_movements_corrects').on(t.accountId, t.correctsId).where(sql`${t.correctsId} is not null`),
    index('inventory_movements_user').on(t.accountId, t.userId).where(sql`${t.userId} is not null`),
  ],
);
