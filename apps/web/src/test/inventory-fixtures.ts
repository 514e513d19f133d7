import type { ItemListRow, Lot } from '@willow/contracts';
import { NEW_YORK } from './test-support';

/** Inventory records the web tests share: a boxed tablet (100 to the box) and its lots. */
export const TAX_ID = '77777777-7777-4777-8777-777777777777';

export const AMOXICILLIN: ItemListRow = {
  id: '12121212-1212-4121-8121-121212121212',
  name: 'Amoxicillin 250 mg',
  category: 'medication',
  sku: 'AMX-250',
  barcode: '5012345678900',
  purchaseUnit: 'box',
  sellUnit: 'tablet',
  unitsPerPurchase: 100,
  wholeUnits: true,
  cost: 2000,
  sellPrice: 150,
  controlled: false,
  supplierId: null,
  supplierName: null,
  locations: [{ locationId: NEW_YORK.id, reorderPoint: 50, reorderTo: 200, taxCodeId: TAX_ID }],
  addOnDraws: [],
  archivedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  onHand: 120,
};

export const LOT_A: Lot = {
  id: '13131313-1313-4131-8131-131313131313',
  itemId: AMOXICILLIN.id,
  locationId: NEW_YORK.id,
  lotNumber: 'A100',
  expiresOn: '2027-01-31',
  receivedOn: '2026-11-01',
  onHand: 20,
};
export const LOT_B: Lot = { ...LOT_A, id: '14141414-1414-4141-8141-141414141414', lotNumber: 'B200', expiresOn: null, onHand: 100 };

/** A page of the items list as the server answers it. */
export const itemPage = (items: ItemListRow[]) => ({ items, total: items.length });
