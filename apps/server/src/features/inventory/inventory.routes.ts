import * as api from '@willow/contracts';
import type { Container } from '../../container.js';
import { registerCrud } from '../../platform/crud.js';
import type { Router } from '../../platform/router.js';

export function inventoryRoutes(r: Router, c: Container) {
  registerCrud(r, api.itemOps, c.items);
  r.route(api.listItemLots, ({ auth, params, query }) => c.stock.lotsOfItem(auth, params.id, query));

  r.route(api.listInventoryLog, ({ auth, query }) => c.inventoryLog.list(auth, query));
  r.route(api.getInventoryLogEntry, ({ auth, params }) => c.inventoryLog.get(auth, params.id));
  r.route(api.createInventoryLogEntry, ({ auth, body }) => c.inventoryLog.create(auth, body.inventoryLogData));
  r.route(api.correctInventoryLogEntry, ({ auth, params, body }) => c.inventoryLog.correct(auth, params.id, body.inventoryLogData));
  r.route(api.deleteInventoryLogEntry, ({ auth, params, query }) => c.inventoryLog.undo(auth, params.id, query.reason));

  r.route(api.listStock, ({ auth, query }) => c.stock.list(auth, query));
  r.route(api.exportStock, async ({ auth, query, reply }) => {
    const csv = await c.stock.exportCsv(auth, query);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stock-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
    return reply as never;
  });
  r.route(api.postStockTake, ({ auth, body }) => c.stock.stockTake(auth, body.stockTakeData));
  r.route(api.listReorder, ({ auth, query }) => c.stock.reorder(auth, query));
  r.route(api.reorderPdf, async ({ auth, query, reply }) => {
    const data = await c.stock.reorderPdf(auth, query);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="reorder-list.pdf"')
      .header('cache-control', 'private, no-store')
      .send(data);
    return reply as never;
  });
}
