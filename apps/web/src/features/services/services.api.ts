import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serviceOps } from '@willow/contracts';
import type { ServiceInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { auditKeys, scheduleKeys, serviceKeys } from '../../lib/query-keys';

/** A location's services, sorted by type (the server's order); with inactive ones unless `onlyActive`. */
export function useServiceList(locationId: string | null, onlyActive: boolean) {
  return useQuery({
    queryKey: serviceKeys.list(locationId, onlyActive),
    queryFn: ({ signal }) => api(serviceOps.list, { query: { locationId: locationId!, onlyActive }, signal }),
    enabled: Boolean(locationId),
  });
}

function useInvalidateServices() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    // The calendar sidebar filters by services, and booking forms offer them.
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCreateService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (data: ServiceInput) => api(serviceOps.create, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<ServiceInput> }) =>
      api(serviceOps.update, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (id: string) => api(serviceOps.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
