import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  correctInventoryLogEntry,
  createInventoryLogEntry,
  deleteInventoryLogEntry,
  exportStock,
  itemOps,
  listInventoryLog,
  listItemLots,
  listReorder,
  listStock,
  postStockTake,
  reorderPdf,
} from '@willow/contracts';
import type { InventoryLogCorrection, InventoryLogInput, ItemInput, OpQuery, StockTakeInput } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api, serializeQuery } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { auditKeys, inventoryKeys } from '../../lib/query-keys';

/*
 * Inventory's calls. Every change (an item saved, stock received, a count posted, an entry
 * corrected) refreshes the whole inventory root: on hand, the log's balances and the reorder
 * list all move together. Items keep their history (the kit audits them), hence the audit group.
 */
const CHANGE = [inventoryKeys.all, auditKeys.all];

const itemHooks = crudHooks({ ops: itemOps, keys: { all: inventoryKeys.all, list: inventoryKeys.items }, invalidates: CHANGE });

export type ItemListQuery = OpQuery<typeof itemOps.list>;
export type StockQuery = OpQuery<typeof listStock>;
export type LogQuery = OpQuery<typeof listInventoryLog>;

export function useItems(query: ItemListQuery, enabled = true) {
  return itemHooks.useList(query, { enabled, placeholderData: keepPreviousData });
}

export const { useArchive: useArchiveItem, useRestore: useRestoreItem, useRemove: useDeleteItem } = itemHooks;

/** The item body's `{itemData}` wrapper put on in one place: the dialog sends the fields alone. */
export function useCreateItem() {
  const m = itemHooks.useCreate();
  return { isPending: m.isPending, mutate: (data: ItemInput, options: Parameters<typeof m.mutate>[1]) => m.mutate({ itemData: data }, options) };
}
export function useUpdateItem() {
  const m = itemHooks.useUpdate();
  return {
    isPending: m.isPending,
    mutate: ({ id, data }: { id: string; data: Partial<ItemInput> }, options: Parameters<typeof m.mutate>[1]) => m.mutate({ id, data: { itemData: data } }, options),
  };
}

/** An item's lots at a location, the first to expire first. */
export function useItemLots(itemId: string | null, locationId: string | null, includeEmpty = false) {
  return useQuery({
    queryKey: inventoryKeys.lots(itemId ?? '', locationId ?? '', includeEmpty),
    queryFn: ({ signal }) => api(listItemLots, { params: { id: itemId! }, query: { locationId: locationId!, includeEmpty }, signal }),
    enabled: Boolean(itemId && locationId),
  });
}

export function useStock(query: StockQuery, options: { enabled: boolean }) {
  return useQuery({
    queryKey: inventoryKeys.stock(query),
    queryFn: ({ signal }) => api(listStock, { query, signal }),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

export function useInventoryLog(query: LogQuery, options: { enabled: boolean }) {
  return useQuery({
    queryKey: inventoryKeys.log(query),
    queryFn: ({ signal }) => api(listInventoryLog, { query, signal }),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

export function useReorder(locationId: string | null, supplierId: string) {
  const query = { locationId: locationId ?? '', supplierId: supplierId || undefined };
  return useQuery({
    queryKey: inventoryKeys.reorder(query),
    queryFn: ({ signal }) => api(listReorder, { query, signal }),
    enabled: Boolean(locationId),
  });
}

/** Stock received, used, written off or moved: the entries written. */
export const useRecordStock = mutationOf(createInventoryLogEntry, {
  request: (data: InventoryLogInput) => ({ body: { inventoryLogData: data } }),
  invalidates: CHANGE,
});

export const useCorrectLogEntry = mutationOf(correctInventoryLogEntry, {
  request: ({ id, data }: { id: string; data: InventoryLogCorrection }) => ({ params: { id }, body: { inventoryLogData: data } }),
  invalidates: CHANGE,
});

export const useUndoLogEntry = mutationOf(deleteInventoryLogEntry, {
  request: ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, query: { reason } }),
  invalidates: CHANGE,
});

export const usePostStockTake = mutationOf(postStockTake, {
  request: (data: StockTakeInput) => ({ body: { stockTakeData: data } }),
  invalidates: CHANGE,
});

/** Links the browser follows itself (a download): the same filters as the list, no paging. */
export function stockExportUrl(query: Omit<StockQuery, 'limit' | 'offset'>): string {
  return exportStock.path + serializeQuery(query);
}
export function reorderPdfUrl(locationId: string, supplierId: string): string {
  return reorderPdf.path + serializeQuery({ locationId, supplierId: supplierId || undefined });
}
