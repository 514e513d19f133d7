import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createContact,
  deleteContact,
  listContactMerges,
  listContacts,
  mergeContacts,
  undoContactMerge,
  updateContact,
} from '@willow/contracts';
import type { CONTACT_CATEGORIES, MergeContactsInput } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { auditKeys, contactKeys, documentKeys } from '../../lib/query-keys';

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** Lists under ['contacts', 'list', query]; every change (a merge too) refreshes them, the history and the documents. */
const contactHooks = crudHooks({
  ops: { list: listContacts, create: createContact, update: updateContact, remove: deleteContact },
  keys: contactKeys,
  // A merge moves documents filed under the merged contacts.
  alsoInvalidate: [auditKeys.all, documentKeys.all],
});

const mergesKey = [...contactKeys.all, 'merges'] as const;

export function useContacts(query: { search?: string; category?: ContactCategory; clientId?: string }) {
  const clean = { ...query, search: query.search?.trim() || undefined };
  return contactHooks.useList(clean, { placeholderData: keepPreviousData });
}

export function useContactMerges() {
  return useQuery({
    queryKey: mergesKey,
    queryFn: ({ signal }) => api(listContactMerges, { signal }),
  });
}

export const { useCreate: useCreateContact, useUpdate: useUpdateContact, useRemove: useDeleteContact } = contactHooks;

export function useMergeContacts() {
  return contactHooks.useChange((data: MergeContactsInput) => api(mergeContacts, { body: { data } }));
}

export function useUndoMerge() {
  return contactHooks.useChange((id: string) => api(undoContactMerge, { params: { id } }));
}
