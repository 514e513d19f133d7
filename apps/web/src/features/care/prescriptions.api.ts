import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { prescriptionOps } from '@willow/contracts';
import type { PrescriptionInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { auditKeys, prescriptionKeys } from '../../lib/query-keys';
import type { CareRecordFilter } from '../../lib/query-keys';

export function usePrescriptions(filter: CareRecordFilter) {
  return useQuery({
    queryKey: prescriptionKeys.list(filter),
    queryFn: ({ signal }) => api(prescriptionOps.list, { query: filter, signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: prescriptionKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCreatePrescription() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (data: PrescriptionInput) => api(prescriptionOps.create, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdatePrescription() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<PrescriptionInput> }) =>
      api(prescriptionOps.update, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeletePrescription() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(prescriptionOps.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
