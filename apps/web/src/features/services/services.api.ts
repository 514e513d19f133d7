import { serviceOps } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { auditKeys, scheduleKeys, serviceKeys } from '../../lib/query-keys';

const serviceHooks = crudHooks({
  ops: serviceOps,
  keys: serviceKeys,
  // The calendar sidebar filters by services, and booking forms offer them.
  invalidates: [serviceKeys.all, scheduleKeys.all, auditKeys.all],
});

/** A location's services, sorted by type (the server's order); with inactive ones unless `onlyActive`. */
export function useServiceList(locationId: string | null, onlyActive: boolean) {
  return serviceHooks.useList({ locationId: locationId ?? undefined, onlyActive }, { enabled: Boolean(locationId) });
}

export const { useCreate: useCreateService, useUpdate: useUpdateService, useRemove: useDeleteService } = serviceHooks;
