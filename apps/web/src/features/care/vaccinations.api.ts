import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vaccinationOps } from '@willow/contracts';
import type { VaccinationInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { auditKeys, vaccinationKeys } from '../../lib/query-keys';
import type { CareRecordFilter } from '../../lib/query-keys';

export function useVaccinations(filter: CareRecordFilter) {
  return useQuery({
    queryKey: vaccinationKeys.list(filter),
    queryFn: ({ signal }) => api(vaccinationOps.list, { query: filter, signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: vaccinationKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCreateVaccination() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (data: VaccinationInput) => api(vaccinationOps.create, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateVaccination() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<VaccinationInput> }) =>
      api(vaccinationOps.update, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteVaccination() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(vaccinationOps.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
