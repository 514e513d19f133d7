import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  createClient,
  deleteClient,
  getClient,
  importClients,
  listClients,
  previewClientImport,
  updateClient,
} from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { auditKeys, clientKeys, contactKeys, documentKeys, patientKeys, prescriptionKeys, searchKeys, vaccinationKeys } from '../../lib/query-keys';

export interface ClientListQuery {
  locationId: string;
  search: string;
  limit: number;
  offset: number;
}

export function useClientList(query: ClientListQuery | null) {
  return useQuery({
    queryKey: clientKeys.list(query ?? { locationId: '', search: '', limit: 0, offset: 0 }),
    queryFn: ({ signal }) =>
      api(listClients, {
        query: { ...query!, search: query!.search.trim() || undefined },
        signal,
      }),
    enabled: query !== null,
    // Typing in the search box keeps the old page on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: string | undefined) {
  return useQuery({
    queryKey: clientKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api(getClient, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** A change refreshes the clients, search and the history. */
const clientHooks = crudHooks({
  ops: { create: createClient, update: updateClient },
  keys: clientKeys,
  alsoInvalidate: [searchKeys.all, auditKeys.all],
});

export const { useCreate: useCreateClient, useUpdate: useUpdateClient } = clientHooks;

export function useDeleteClient() {
  return clientHooks.useChange(
    (id: string) => api(deleteClient, { params: { id } }),
    // The client's patients and records went with them.
    [patientKeys.all, prescriptionKeys.all, vaccinationKeys.all, documentKeys.all, contactKeys.all],
  );
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (data: { locationId: string; csv: string }) => api(previewClientImport, { body: { data } }),
  });
}

export function useImportClients() {
  return clientHooks.useChange((data: { locationId: string; csv: string }) => api(importClients, { body: { data } }), [patientKeys.all]);
}

/** A plain link: the browser downloads the CSV itself and the session cookie goes with it. */
export const clientExportUrl = (locationId: string) => `/api/client/export?locationId=${encodeURIComponent(locationId)}`;
