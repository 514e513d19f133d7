import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createClient,
  deleteClient,
  getClient,
  importClients,
  listClients,
  previewClientImport,
  updateClient,
} from '@willow/contracts';
import type { ClientInput } from '@willow/contracts';
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

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCreateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (data: ClientInput) => api(createClient, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: Partial<ClientInput> }) =>
      api(updateClient, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (id: string) => api(deleteClient, { params: { id } }),
    onSuccess: () => {
      invalidate();
      // The client's patients and records went with them.
      for (const key of [patientKeys.all, prescriptionKeys.all, vaccinationKeys.all, documentKeys.all, contactKeys.all])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (data: { locationId: string; csv: string }) => api(previewClientImport, { body: { data } }),
  });
}

export function useImportClients() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (data: { locationId: string; csv: string }) => api(importClients, { body: { data } }),
    onSuccess: () => {
      invalidate();
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}

/** A plain link: the browser downloads the CSV itself and the session cookie goes with it. */
export const clientExportUrl = (locationId: string) => `/api/client/export?locationId=${encodeURIComponent(locationId)}`;
