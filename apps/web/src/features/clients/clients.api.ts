import { useMutation } from '@tanstack/react-query';
import { archiveClient, clientOps, deleteClient, importClients, previewClientImport, restoreClient } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { auditKeys, clientKeys, contactKeys, documentKeys, patientKeys, prescriptionKeys, searchKeys, vaccinationKeys } from '../../lib/query-keys';

/** A change refreshes the clients, search and the history. */
const CLIENT_CHANGE = [clientKeys.all, searchKeys.all, auditKeys.all];

const clientHooks = crudHooks({
  ops: clientOps,
  keys: { all: clientKeys.all, one: clientKeys.detail },
  invalidates: CLIENT_CHANGE,
});

export const { useList: useClientList, useGet: useClient, useCreate: useCreateClient, useUpdate: useUpdateClient } = clientHooks;

export const useDeleteClient = mutationOf(deleteClient, {
  request: (id: string) => ({ params: { id } }),
  // The client's patients and records went with them.
  invalidates: [...CLIENT_CHANGE, patientKeys.all, prescriptionKeys.all, vaccinationKeys.all, documentKeys.all, contactKeys.all],
});

/** Archiving or restoring a client takes the patients archived with them along. */
export const useArchiveClient = mutationOf(archiveClient, { request: (id: string) => ({ params: { id } }), invalidates: [...CLIENT_CHANGE, patientKeys.all] });

export const useRestoreClient = mutationOf(restoreClient, { request: (id: string) => ({ params: { id } }), invalidates: [...CLIENT_CHANGE, patientKeys.all] });

export function usePreviewImport() {
  return useMutation({
    mutationFn: (data: { locationId: string; csv: string }) => api(previewClientImport, { body: { data } }),
  });
}

/** An import adds patients with their clients. */
export const useImportClients = mutationOf(importClients, {
  request: (data: { locationId: string; csv: string }) => ({ body: { data } }),
  invalidates: [...CLIENT_CHANGE, patientKeys.all],
});

/** A plain link: the browser downloads the CSV itself and the session cookie goes with it. */
export const clientExportUrl = (locationId: string) => `/api/client/export?locationId=${encodeURIComponent(locationId)}`;
