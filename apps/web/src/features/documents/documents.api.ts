import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteDocument, documentTemplateOps, generateDocument, listDocuments, sendDocumentPdf, updateDocument } from '@willow/contracts';
import type { Document, GenerateDocumentInput, SendDocumentInput } from '@willow/contracts';
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

/** Emails a document (queued in the outbox): the communications log shows it at once. */
export function useSendDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: SendDocumentInput) => api(sendDocumentPdf, { body: { data } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['communications'] }),
  });
}

/** The location's document templates, to make a document from. */
export function useDocumentTemplateChoices(locationId: string | undefined) {
  return useQuery({
    queryKey: ['templates', 'document', 'list', { locationId }],
    queryFn: ({ signal }) => api(documentTemplateOps.list, { query: { locationId: locationId! }, signal }),
    enabled: Boolean(locationId),
  });
}

/** Makes a document from a document template: the new document appears in the lists. */
export function useGenerateDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: ({ templateId, data }: { templateId: string; data: GenerateDocumentInput }) =>
      api(generateDocument, { params: { id: templateId }, body: { data } }),
    onSuccess: invalidate,
  });
}

export type { Document };
