import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateOps, priceBandOps } from '@willow/contracts';
import type { OpBody } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { auditKeys, priceBandKeys } from '../../lib/query-keys';

const bandHooks = crudHooks({ ops: priceBandOps, keys: priceBandKeys, alsoInvalidate: [auditKeys.all] });

/** A location's price bands, every cremation type, by type then weight. */
export function usePriceBands(locationId: string | null) {
  return bandHooks.useList({ locationId: locationId ?? '' }, { enabled: Boolean(locationId) });
}

export const { useCreate: useCreatePriceBand, useUpdate: useUpdatePriceBand, useRemove: useDeletePriceBand } = bandHooks;

/** The estimates' and invoices' lists (the billing pages' roots) see the new estimate. */
const BILLING_ROOTS = [['estimates'], ['invoices']] as const;

/** POST /api/estimate with the quote's lines, for the chosen client (and patient). */
export function useCreateEstimateFromQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpBody<typeof estimateOps.create>) => api(estimateOps.create, { body }),
    onSuccess: () => Promise.all(BILLING_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
