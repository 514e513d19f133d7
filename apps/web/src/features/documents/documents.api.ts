import { useQuery } from '@tanstack/react-query';
import { deleteDocument, documentTemplateOps, generateDocument, listDocuments, sendDocumentPdf, updateDocument } from '@willow/contracts';
import type { Document, GenerateDocumentInput, SendDocumentInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf, useInvalidate } from '../../lib/mutation-of';
import { auditKeys, documentKeys } from '../../lib/query-keys';

export function useDocuments(query: { clientId?: string; patientId?: string }) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => api(listDocuments, { query, signal }),
  });
}

/** A document added, changed or deleted: the lists that show it and the history. */
const DOCUMENT_CHANGE = [documentKeys.all, auditKeys.all];

/**
 * Refreshes what a document change does, after an upload: it goes through its own request with
 * progress and cancel (upload.ts), not a mutation hook.
 */
export function useInvalidateDocuments() {
  return useInvalidate(DOCUMENT_CHANGE);
}

export const useUpdateDocument = mutationOf(updateDocument, {
  request: ({ id, data }: { id: string; data: { fileName?: string; description?: string | null; patientId?: string | null } }) => ({
    params: { id },
    body: { data },
  }),
  invalidates: DOCUMENT_CHANGE,
});

export const useDeleteDocument = mutationOf(deleteDocument, { request: (id: string) => ({ params: { id } }), invalidates: DOCUMENT_CHANGE });

/** Emails a document (queued in the outbox): the communications log shows it at once. */
export const useSendDocument = mutationOf(sendDocumentPdf, {
  request: (data: SendDocumentInput) => ({ body: { data } }),
  invalidates: [['communications']],
});

/** The location's document templates, to make a document from. */
export function useDocumentTemplateChoices(locationId: string | undefined) {
  return useQuery({
    queryKey: ['templates', 'document', 'list', { locationId }],
    queryFn: ({ signal }) => api(documentTemplateOps.list, { query: { locationId: locationId! }, signal }),
    enabled: Boolean(locationId),
  });
}

/** Makes a document from a document template: the new document appears in the lists. */
export const useGenerateDocument = mutationOf(generateDocument, {
  request: ({ templateId, data }: { templateId: string; data: GenerateDocumentInput }) => ({ params: { id: templateId }, body: { data } }),
  invalidates: DOCUMENT_CHANGE,
});

export type { Document };
