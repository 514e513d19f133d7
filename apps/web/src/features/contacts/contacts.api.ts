import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContact,
  deleteContact,
  listContactMerges,
  listContacts,
  mergeContacts,
  undoContactMerge,
  updateContact,
} from '@willow/contracts';
import type { CONTACT_CATEGORIES, ContactInput, MergeContactsInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { auditKeys, contactKeys, documentKeys } from '../../lib/query-keys';

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export function useContacts(query: { search?: string; category?: ContactCategory; clientId?: string }) {
  const clean = { ...query, search: query.search?.trim() || undefined };
  return useQuery({
    queryKey: contactKeys.list(clean),
    queryFn: ({ signal }) => api(listContacts, { query: clean, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContactMerges() {
  return useQuery({
    queryKey: contactKeys.merges(),
    queryFn: ({ signal }) => api(listContactMerges, { signal }),
  });
}

function useInvalidateContacts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    // A merge moves documents filed under the merged contacts.
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  };
}

export function useCreateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (data: ContactInput) => api(createContact, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<ContactInput> }) =>
      api(updateContact, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteContact() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) => api(deleteContact, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useMergeContacts() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (data: MergeContactsInput) => api(mergeContacts, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUndoMerge() {
  const invalidate = useInvalidateContacts();
  return useMutation({
    mutationFn: (id: string) => api(undoContactMerge, { params: { id } }),
    onSuccess: invalidate,
  });
}
