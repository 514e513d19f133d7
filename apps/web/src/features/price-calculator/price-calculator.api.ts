import { estimateOps, priceBandOps } from '@willow/contracts';
import type { OpBody } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { mutationOf } from '../../lib/mutation-of';
import { auditKeys, priceBandKeys } from '../../lib/query-keys';

const bandHooks = crudHooks({ ops: priceBandOps, keys: priceBandKeys, invalidates: [priceBandKeys.all, auditKeys.all] });

/** A location's price bands, every cremation type, by type then weight. */
export function usePriceBands(locationId: string | null) {
  return bandHooks.useList({ locationId: locationId ?? '' }, { enabled: Boolean(locationId) });
}

export const { useCreate: useCreatePriceBand, useUpdate: useUpdatePriceBand, useRemove: useDeletePriceBand } = bandHooks;

/** POST /api/estimate with the quote's lines, for the chosen client (and patient). */
export const useCreateEstimateFromQuote = mutationOf(estimateOps.create, {
  request: (body: OpBody<typeof estimateOps.create>) => ({ body }),
  // The estimates' and invoices' lists (the billing pages' roots) see the new estimate; it settles once they have.
  invalidates: [['estimates'], ['invoices']],
  awaitInvalidation: true,
});
