import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteDocument, listDocuments, updateDocument } from '@willow/contracts';
import type { Document } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { auditKeys, documentKeys } from '../../lib/query-keys';

export function useDocuments(query: { clientId?: string; patientId?: string }) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => api(listDocuments, { query, signal }),
  });
}

export function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useUpdateDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: { fileName?: string; description?: string | null; patientId?: string | null } }) =>
      api(updateDocument, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (id: string) => api(deleteDocument, { params: { id } }),
    onSuccess: invalidate,
  });
}

export type { Document };
