import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addOnCategoryOps, addOnOps } from '@willow/contracts';
import type { AddOnCategoryInput, AddOnInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { addOnKeys, auditKeys } from '../../lib/query-keys';

/*
 * These lists may include inactive rows, so their keys extend the shared ones (which the
 * appointment forms use for active add-ons only) and are still refreshed with them.
 */

export function useAddOnCategories(locationId: string | null, onlyActive: boolean) {
  return useQuery({
    queryKey: [...addOnKeys.categories(locationId), { onlyActive }],
    queryFn: ({ signal }) => api(addOnCategoryOps.list, { query: { locationId: locationId!, onlyActive }, signal }),
    enabled: Boolean(locationId),
  });
}

export function useAddOnItems(locationId: string | null, onlyActive: boolean) {
  return useQuery({
    queryKey: [...addOnKeys.items(locationId), { onlyActive }],
    queryFn: ({ signal }) => api(addOnOps.list, { query: { locationId: locationId!, onlyActive }, signal }),
    enabled: Boolean(locationId),
  });
}

function useInvalidateAddOns() {
  const queryClient = useQueryClient();
  return () => {
    // Items carry their category's name, so any change refreshes both lists.
    void queryClient.invalidateQueries({ queryKey: addOnKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCreateAddOnCategory() {
  const invalidate = useInvalidateAddOns();
  return useMutation({
    mutationFn: (data: AddOnCategoryInput) => api(addOnCategoryOps.create, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateAddOnCategory() {
  const invalidate = useInvalidateAddOns();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<AddOnCategoryInput> }) =>
      api(addOnCategoryOps.update, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteAddOnCategory() {
  const invalidate = useInvalidateAddOns();
  return useMutation({
    mutationFn: (id: string) => api(addOnCategoryOps.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useCreateAddOn() {
  const invalidate = useInvalidateAddOns();
  return useMutation({
    mutationFn: (data: AddOnInput) => api(addOnOps.create, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateAddOn() {
  const invalidate = useInvalidateAddOns();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<AddOnInput> }) =>
      api(addOnOps.update, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteAddOn() {
  const invalidate = useInvalidateAddOns();
  return useMutation({
    mutationFn: (id: string) => api(addOnOps.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
