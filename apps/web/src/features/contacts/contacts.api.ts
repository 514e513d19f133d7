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
import { mutationOf } from '../../lib/mutation-of';
import { auditKeys, contactKeys, documentKeys } from '../../lib/query-keys';

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** Lists under ['contacts', 'list', query]; every change (a merge too) refreshes them, the history and the documents. */
const CONTACT_CHANGE = [
  contactKeys.all,
  auditKeys.all,
  // A merge moves documents filed under the merged contacts.
  documentKeys.all,
];

const contactHooks = crudHooks({
  ops: { list: listContacts, create: createContact, update: updateContact, remove: deleteContact },
  keys: contactKeys,
  invalidates: CONTACT_CHANGE,
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

export const useMergeContacts = mutationOf(mergeContacts, {
  request: (data: MergeContactsInput) => ({ body: { data } }),
  invalidates: CONTACT_CHANGE,
});

export const useUndoMerge = mutationOf(undoContactMerge, { request: (id: string) => ({ params: { id } }), invalidates: CONTACT_CHANGE });
