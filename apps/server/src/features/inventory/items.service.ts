import { INVENTORY_MESSAGES, ItemInput, type InventoryCategory, type Item, type ItemListQuery, type ItemListRow } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext, Caller } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { NewRow, RowPatch, Scope } from '../../platform/tenant-repository.js';
import { addOnsRepository } from '../add-ons/index.js';
import type { AuditService } from '../audit/index.js';
import { contactsRepository, referToContacts } from '../contacts/index.js';
import { linesNameItem, taxCodesRepository } from '../invoices/index.js';
import { locationsRepository } from '../locations/index.js';
import { items } from './inventory.table.js';
import { itemsRepository, type ItemRow } from './items.repository.js';

type Input = z.output<typeof ItemInput>;
type Patch = Partial<Input>;
type Query = z.output<typeof ItemListQuery>;

/** Rows to answers: each item's supplier, its settings per location and the add-ons that draw it, in one statement each. */
async function toItems(ex: Executor, scope: Scope, rows: ItemRow[]): Promise<Item[]> {
  const ids = rows.map((r) => r.id);
  const settings = await itemsRepository.settingsOf(ex, scope, ids);
  const draws = await itemsRepository.drawsOf(ex, scope, ids);
  const supplierIds = [...new Set(rows.flatMap((r) => (r.supplierId ? [r.supplierId] : [])))];
  const suppliers = new Map((await contactsRepository.findByIds(ex, scope, supplierIds)).map((c) => [c.id, c.name]));
  const addOnIds = [...new Set([...draws.values()].flat().map((d) => d.addOnId))];
  const addOns = new Map((await addOnsRepository.findByIds(ex, scope, addOnIds)).map((a) => [a.id, a.name]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category as InventoryCategory,
    sku: r.sku,
    barcode: r.barcode,
    purchaseUnit: r.purchaseUnit,
    sellUnit: r.sellUnit,
    unitsPerPurchase: r.unitsPerPurchase,
    wholeUnits: r.wholeUnits,
    cost: r.cost,
    sellPrice: r.sellPrice,
    controlled: r.controlled,
    supplierId: r.supplierId,
    supplierName: r.supplierId ? (suppliers.get(r.supplierId) ?? null) : null,
    locations: (settings.get(r.id) ?? []).map((s) => ({ locationId: s.locationId, reorderPoint: s.reorderPoint, reorderTo: s.reorderTo, taxCodeId: s.taxCodeId })),
    addOnDraws: (draws.get(r.id) ?? []).map((d) => ({ addOnId: d.addOnId, addOnName: addOns.get(d.addOnId) ?? '', quantity: d.quantity })),
    archivedAt: r.archivedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** A barcode or SKU names one item of the account (case aside): 400 naming the item that has it. */
async function checkUnique(ex: Executor, scope: Scope, input: Patch, exceptId: string | null): Promise<void> {
  for (const field of ['barcode', 'sku'] as const) {
    const value = input[field];
    if (!value) continue;
    const holder = await itemsRepository.holderOf(ex, scope, field, value, exceptId);
    if (holder !== undefined) throw badRequest(`${field}: is already used by ${holder}`);
  }
}

/** The supplier: a contact of the account (404) of category supplier (400). */
async function checkSupplier(ex: Executor, scope: Scope, supplierId: string | null | undefined): Promise<void> {
  if (!supplierId) return;
  const contact = await contactsRepository.findById(ex, scope, supplierId);
  if (!contact || contact.mergedIntoId) throw notFound();
  if (contact.category !== 'supplier') throw badRequest('supplierId: must be a supplier');
}

/**
 * The settings per location (each location of the account, 404; each tax code of the account, 404,
 * and of that location, 400) and the add-ons that draw it (of the account, 404); then written as
 * the item's whole sets.
 */
async function writeChildren(ex: Executor, scope: Scope, itemId: string, input: Patch): Promise<void> {
  if (input.locations) {
    const ls = input.locations;
    const found = await locationsRepository.findByIds(ex, scope, ls.map((l) => l.locationId));
    if (found.length !== new Set(ls.map((l) => l.locationId)).size) throw notFound();
    const taxIds = ls.flatMap((l) => (l.taxCodeId ? [l.taxCodeId] : []));
    const taxes = new Map((await taxCodesRepository.findByIds(ex, scope, taxIds, { lock: 'share' })).map((t) => [t.id, t.locationId]));
    ls.forEach((l, n) => {
      if (!l.taxCodeId) return;
      const at = taxes.get(l.taxCodeId);
      if (at === undefined) throw notFound();
      if (at !== l.locationId) throw badRequest(`locations.${n}.taxCodeId: must be a tax code of the location`);
    });
    await itemsRepository.replaceSettings(
      ex,
      scope,
      itemId,
      ls.map((l) => ({ locationId: l.locationId, reorderPoint: l.reorderPoint, reorderTo: l.reorderTo, taxCodeId: l.taxCodeId })),
    );
  }
  if (input.addOnDraws) {
    const ds = input.addOnDraws;
    const found = await addOnsRepository.findByIds(ex, scope, ds.map((d) => d.addOnId), { lock: 'share' });
    if (found.length !== new Set(ds.map((d) => d.addOnId)).size) throw notFound();
    await itemsRepository.replaceDraws(ex, scope, itemId, ds);
  }
}

const rowOf = (input: Patch): RowPatch<typeof items> => {
  const row: RowPatch<typeof items> = {};
  for (const key of ['name', 'category', 'sku', 'barcode', 'purchaseUnit', 'sellUnit', 'unitsPerPurchase', 'wholeUnits', 'cost', 'sellPrice', 'controlled', 'supplierId'] as const) {
    if (input[key] !== undefined) (row as Record<string, unknown>)[key] = input[key];
  }
  return row;
};

/**
 * The item catalogue (decision 0218) on the CRUD kit: archive and restore, a delete only of an item
 * nothing names (409 itemInUse: its stock, its log entries and invoice lines are kept; decision 0220).
 */
export class ItemsService extends TenantCrudService<typeof items, Item, Input, Patch, Query, ItemListRow> {
  constructor(db: Db, audit: AuditService, events: DomainEventBus) {
    super(db, audit, {
      entityType: 'item',
      repository: itemsRepository,
      toEntities: toItems,
      toListItems: async (ex, scope, rows) => (await toItems(ex, scope, rows)).map((i) => ({ ...i, onHand: null })),
      paged: true,
      listOptions: (q) => itemsRepository.listOptions(q),
      listFilters: (q) => [[locationsRepository, q.locationId]],
      prepareCreate: async (ex: Executor, caller: Caller, input: Input): Promise<NewRow<typeof items>> => {
        await checkUnique(ex, caller, input, null);
        await checkSupplier(ex, caller, input.supplierId);
        return rowOf(input) as NewRow<typeof items>;
      },
      preparePatch: async (ex, scope, input, existing) => {
        await checkUnique(ex, scope, input, existing.id);
        if (input.supplierId !== existing.supplierId) await checkSupplier(ex, scope, input.supplierId);
        await writeChildren(ex, scope, existing.id, input);
        return rowOf(input);
      },
      beforeRemove: async (ex, auth, existing) => {
        if ((await itemsRepository.inUse(ex, auth, existing.id)) || (await linesNameItem(ex, auth, existing.id))) throw conflict(INVENTORY_MESSAGES.itemInUse);
        await itemsRepository.removeEmptyStocks(ex, auth, existing.id);
      },
      archive: {},
      uniqueMessages: { items_barcode_unique: 'barcode: is already used by another item', items_sku_unique: 'sku: is already used by another item' },
    });
    // A merge of contacts moves the items' supplier with it.
    referToContacts({ name: 'items.supplier_id', table: items, column: items.supplierId, key: 'supplierId' });
    // What an add-on drew is a link, not a record the books keep: it goes with the add-on.
    events.on('addOn.deleting', 'inventory', (tx, caller, { addOnId }) => itemsRepository.removeDrawsOfAddOn(tx, caller, addOnId));
  }

  override create(caller: Caller, input: Input): Promise<Item> {
    return this.write(async (tx) => {
      const created = await this.createIn(tx, caller, input);
      if (!input.locations.length && !input.addOnDraws.length) return created;
      await writeChildren(tx, caller, created.id, input);
      return this.get(caller, created.id, tx);
    });
  }

  /** The page, with what is on hand at the location named (null without one). */
  override async list(auth: AuthContext, query: Query): Promise<{ items: ItemListRow[]; total: number }> {
    const page = (await super.list(auth, query)) as { items: ItemListRow[]; total: number };
    if (!query.locationId) return page;
    const onHand = await itemsRepository.onHandAt(this.db, auth, page.items.map((i) => i.id), query.locationId);
    return { items: page.items.map((i) => ({ ...i, onHand: onHand.get(i.id) ?? 0 })), total: page.total };
  }
}
