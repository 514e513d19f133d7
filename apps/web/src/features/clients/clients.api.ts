import { useMutation } from '@tanstack/react-query';
import { archiveClient, clientOps, deleteClient, importClients, previewClientImport, restoreClient } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { auditKeys, clientKeys, contactKeys, documentKeys, patientKeys, prescriptionKeys, searchKeys, vaccinationKeys } from '../../lib/query-keys';

/** A change refreshes the clients, search and the history. */
const clientHooks = crudHooks({
  ops: clientOps,
  keys: { all: clientKeys.all, one: clientKeys.detail },
  alsoInvalidate: [searchKeys.all, auditKeys.all],
});

export const { useList: useClientList, useGet: useClient, useCreate: useCreateClient, useUpdate: useUpdateClient } = clientHooks;

export function useDeleteClient() {
  return clientHooks.useChange(
    (id: string) => api(deleteClient, { params: { id } }),
    // The client's patients and records went with them.
    [patientKeys.all, prescriptionKeys.all, vaccinationKeys.all, documentKeys.all, contactKeys.all],
  );
}

/** Archiving or restoring a client takes the patients archived with them along. */
export function useArchiveClient() {
  return clientHooks.useChange((id: string) => api(archiveClient, { params: { id } }), [patientKeys.all]);
}

export function useRestoreClient() {
  return clientHooks.useChange((id: string) => api(restoreClient, { params: { id } }), [patientKeys.all]);
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
