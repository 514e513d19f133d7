import {
  DEFAULT_EXPIRY_WINDOW,
  INVENTORY_CATEGORY_LABELS,
  type InventoryCategory,
  type InventoryLogEntry,
  type Lot,
  type ReorderRow,
  type StockQuery,
  type StockRow,
  type StockTakeInput,
} from '@willow/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { toCsv } from '../../platform/csv.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { renderPdf } from '../../platform/pdf-renderer.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { contactsRepository } from '../contacts/index.js';
import { locationsRepository } from '../locations/index.js';
import { entriesOf, itemOf } from './inventory-log.service.js';
import { itemsRepository } from './items.repository.js';
import { assertWholeUnits, stockMovements } from './stock-movements.service.js';
import { stockReadsRepository, type StockFilters } from './stock-reads.repository.js';
import { stockRepository, type LotRow, type MovementRow } from './stock.repository.js';

type Query = z.output<typeof StockQuery>;
type ExportQuery = Omit<Query, 'limit' | 'offset'>;
type TakeInput = z.output<typeof StockTakeInput>;

const toLot = (l: LotRow): Lot => ({
  id: l.id,
  itemId: l.itemId,
  locationId: l.locationId,
  lotNumber: l.lotNumber,
  expiresOn: l.expiresOn,
  receivedOn: l.receivedOn,
  onHand: l.onHand,
});

function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Cents: what is on hand at the item's cost (cost is per purchase unit), as the stock list and the reports value it. */
export const stockValue = (r: { onHand: number; cost: number; unitsPerPurchase: number }) => Math.round((r.onHand * r.cost) / r.unitsPerPurchase);

/** What a stock row figures from an item, its figures at the location, and its lots. */
type Figured = Awaited<ReturnType<typeof stockReadsRepository.all>>[number];
function toStockRow(r: Figured | Omit<Figured, 'supplierName'>, lots: LotRow[]): StockRow {
  return {
    itemId: r.id,
    name: r.name,
    category: r.category as InventoryCategory,
    sku: r.sku,
    barcode: r.barcode,
    sellUnit: r.sellUnit,
    purchaseUnit: r.purchaseUnit,
    unitsPerPurchase: r.unitsPerPurchase,
    wholeUnits: r.wholeUnits,
    controlled: r.controlled,
    archived: r.archivedAt !== null,
    onHand: r.onHand,
    value: stockValue(r),
    reorderPoint: r.reorderPoint,
    reorderTo: r.reorderTo,
    belowReorder: r.below,
    nextExpiry: r.nextExpiry,
    expiring: r.expiring,
    lots: lots.map(toLot),
  };
}

const groupLots = (lots: LotRow[]) => {
  const map = new Map<string, LotRow[]>();
  for (const l of lots) map.set(l.itemId, [...(map.get(l.itemId) ?? []), l]);
  return map;
};

/** Stock at a location (the list, its CSV, the reorder list and its PDF) and the stock take. */
export class StockService {
  constructor(private readonly db: Db) {}

  /** The location of the account (404) and the filters on its clock. */
  private async filters(ex: Executor, scope: Scope, q: Omit<StockFilters, 'today' | 'window'>): Promise<StockFilters & { locationName: string }> {
    const location = await locationsRepository.findById(ex, scope, q.locationId);
    if (!location) throw notFound();
    const window = (q as { expiringWithin?: number }).expiringWithin ?? DEFAULT_EXPIRY_WINDOW;
    return { ...q, today: todayIn(location.timezone), window, locationName: location.name };
  }

  async list(auth: AuthContext, q: Query) {
    const f = await this.filters(this.db, auth, q);
    const page = await stockReadsRepository.page(this.db, auth, f, q.limit, q.offset);
    const lots = groupLots(await stockReadsRepository.lotsOf(this.db, auth, page.items.map((i) => i.id), f.locationId));
    const totals = await stockReadsRepository.totals(this.db, auth, f);
    return { items: page.items.map((r) => toStockRow(r, lots.get(r.id) ?? [])), total: page.total, ...totals };
  }

  /** One row per lot (an item without stock: one row without a lot); user text goes out escaped against formulas (platform/csv). */
  async exportCsv(auth: AuthContext, q: ExportQuery): Promise<string> {
    const f = await this.filters(this.db, auth, q);
    const rows = await stockReadsRepository.all(this.db, auth, f);
    const lots = groupLots(await stockReadsRepository.lotsOf(this.db, auth, rows.map((i) => i.id), f.locationId));
    const header = ['Item', 'Category', 'SKU', 'Barcode', 'Lot number', 'Expires on', 'Received on', 'On hand', 'Unit', 'Item on hand', 'Value at cost', 'Reorder point', 'Below reorder point', 'Supplier'];
    const out: unknown[][] = [];
    for (const r of rows) {
      const s = toStockRow(r, lots.get(r.id) ?? []);
      const common = [s.name, INVENTORY_CATEGORY_LABELS[s.category], s.sku ?? '', s.barcode ?? ''];
      const tail = [s.sellUnit, s.onHand, (s.value / 100).toFixed(2), s.reorderPoint, s.belowReorder ? 'yes' : 'no', r.supplierName ?? ''];
      if (s.lots.length === 0) out.push([...common, '', '', '', 0, ...tail]);
      for (const l of s.lots) out.push([...common, l.lotNumber ?? '', l.expiresOn ?? 'does not expire', l.receivedOn, l.onHand, ...tail]);
    }
    return toCsv(header, out);
  }

  /** Items at or below their reorder point, with whole purchase units that bring them up to the reorder-to level. */
  async reorder(auth: AuthContext, q: { locationId: string; supplierId?: string | undefined }): Promise<ReorderRow[]> {
    return (await this.reorderList(auth, q)).rows;
  }

  private async reorderList(auth: AuthContext, q: { locationId: string; supplierId?: string | undefined }) {
    if (q.supplierId && !(await contactsRepository.findById(this.db, auth, q.supplierId))) throw notFound();
    const f = await this.filters(this.db, auth, { locationId: q.locationId, supplierId: q.supplierId, belowReorder: true });
    const rows = (await stockReadsRepository.all(this.db, auth, f)).map((r): ReorderRow => {
      const orderQuantity = Math.max(0, Math.ceil((Math.round((r.reorderTo - r.onHand) * 1000) / 1000 - 1e-9) / r.unitsPerPurchase));
      return {
        itemId: r.id,
        name: r.name,
        sku: r.sku,
        supplierId: r.supplierId,
        supplierName: r.supplierName,
        onHand: r.onHand,
        reorderPoint: r.reorderPoint,
        reorderTo: r.reorderTo,
        purchaseUnit: r.purchaseUnit,
        sellUnit: r.sellUnit,
        unitsPerPurchase: r.unitsPerPurchase,
        orderQuantity,
        orderCost: orderQuantity * r.cost,
      };
    });
    return { rows, locationName: f.locationName };
  }

  /** The reorder list as a PDF; item and supplier names are data in table cells, never markup. */
  async reorderPdf(auth: AuthContext, q: { locationId: string; supplierId?: string | undefined }): Promise<Buffer> {
    const { rows, locationName } = await this.reorderList(auth, q);
    const supplier = q.supplierId ? rows[0]?.supplierName : undefined;
    const header: TableCell[] = ['Item', 'SKU', 'On hand', 'Reorder to', 'Order', 'Cost'].map((text) => ({ text, bold: true }));
    const body: TableCell[][] = rows.map((r) => [
      { text: r.name },
      { text: r.sku ?? '' },
      { text: `${r.onHand} ${r.sellUnit}` },
      { text: `${r.reorderTo} ${r.sellUnit}` },
      { text: `${r.orderQuantity} × ${r.purchaseUnit}` },
      { text: (r.orderCost / 100).toFixed(2), alignment: 'right' },
    ]);
    const content: Content = [
      { text: [locationName, supplier ? ` — ${supplier}` : ''].join(''), margin: [0, 0, 0, 10] },
      rows.length
        ? { table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'], body: [header, ...body] } }
        : { text: 'Nothing to reorder.' },
    ];
    return renderPdf({ page: { pageSize: 'A4', orientation: 'portrait', showPageNumbers: true }, title: 'Reorder list', content });
  }

  /**
   * A stock take: the item's total at the location locked first (the order every take locks in),
   * then its lots; a count_correction for each lot whose count differs from what is on hand.
   */
  async stockTake(auth: AuthContext, input: TakeInput): Promise<{ entries: InventoryLogEntry[] }> {
    return this.db.transaction(async (tx) => {
      const item = await itemOf(tx, auth, input.itemId);
      if (!(await locationsRepository.findById(tx, auth, input.locationId))) throw notFound();
      await stockRepository.totalOf(tx, auth, item.id, input.locationId, { lock: true });
      const lots = new Map((await stockRepository.lots.findByIds(tx, auth, input.counts.map((c) => c.lotId), { lock: 'update' })).map((l) => [l.id, l]));
      input.counts.forEach((c, n) => {
        const lot = lots.get(c.lotId);
        if (!lot) throw notFound();
        if (lot.itemId !== item.id || lot.locationId !== input.locationId) throw badRequest(`counts.${n}.lotId: must be a lot of the item at the location`);
        assertWholeUnits(item, c.counted, `counts.${n}.counted`);
      });
      const rows: MovementRow[] = [];
      const by = { userId: auth.userId, reason: input.reason, type: 'count_correction' as const, locationId: input.locationId };
      for (const c of input.counts) {
        const diff = Math.round(c.counted * 1000) - Math.round(lots.get(c.lotId)!.onHand * 1000);
        if (diff < 0) rows.push(...(await stockMovements.take(tx, auth, item, { ...by, quantity: -diff / 1000, lotId: c.lotId })));
        if (diff > 0) rows.push(await stockMovements.put(tx, auth, item, { ...by, quantity: diff / 1000, lot: { lotId: c.lotId } }));
      }
      return entriesOf(tx, auth, rows);
    });
  }

  /** An item's lots at a location, first to expire first. */
  async lotsOfItem(auth: AuthContext, itemId: string, q: { locationId: string; includeEmpty?: boolean | undefined }): Promise<Lot[]> {
    const [item, location] = await Promise.all([itemsRepository.findById(this.db, auth, itemId), locationsRepository.findById(this.db, auth, q.locationId)]);
    if (!item || !location) throw notFound();
    return (await stockReadsRepository.lotsOf(this.db, auth, [itemId], q.locationId, q.includeEmpty ?? false)).map(toLot);
  }
}
