import { addOnCategoryOps, addOnOps } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { addOnKeys, auditKeys } from '../../lib/query-keys';

/*
 * Items carry their category's name, so any change to either refreshes both lists (addOnKeys.all)
 * and the history. The lists may include inactive rows: `onlyActive` is part of their keys.
 */
const categoryHooks = crudHooks({
  ops: addOnCategoryOps,
  keys: { all: addOnKeys.all, list: (query) => [...addOnKeys.all, 'categories', query] },
  invalidates: [addOnKeys.all, auditKeys.all],
});

const itemHooks = crudHooks({ ops: addOnOps, keys: { all: addOnKeys.all, list: addOnKeys.items }, invalidates: [addOnKeys.all, auditKeys.all] });

export function useAddOnCategories(locationId: string | null, onlyActive: boolean) {
  return categoryHooks.useList({ locationId: locationId ?? undefined, onlyActive }, { enabled: Boolean(locationId) });
}

export function useAddOnItems(locationId: string | null, onlyActive: boolean) {
  return itemHooks.useList({ locationId: locationId ?? undefined, onlyActive }, { enabled: Boolean(locationId) });
}

export const {
  useCreate: useCreateAddOnCategory,
  useUpdate: useUpdateAddOnCategory,
  useRemove: useDeleteAddOnCategory,
} = categoryHooks;

export const { useCreate: useCreateAddOn, useUpdate: useUpdateAddOn, useRemove: useDeleteAddOn } = itemHooks;
