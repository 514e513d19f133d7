// What other features use of inventory: they import it from here, never from its files
// (test/feature-layers.test.ts). The stock primitive is the one way stock changes: the billing
// subscribers, the demo seed and the bench take and put through it, inside their transactions.
export { inventoryMovements, itemAddOnDraws, itemLocations, items, itemStocks, lots } from './inventory.table.js';
export { itemsRepository } from './items.repository.js';
export type { ItemFacts, ItemRow } from './items.repository.js';
export { FEFO_ORDER, stockRepository } from './stock.repository.js';
export type { LotRow, MovementRow } from './stock.repository.js';
export { assertWholeUnits, stockMovements } from './stock-movements.service.js';
export type { MovementContext, Put, PutLot, PutType, StockItem, StockMovements, Take, TakeType } from './stock-movements.service.js';
export { inventoryLogRepository } from './inventory-log.repository.js';
export { stockReadsRepository } from './stock-reads.repository.js';
export { stockValue } from './stock.service.js';
