import { useMutation, useQuery } from '@tanstack/react-query';
import { connectQuickbooks, disconnectQuickbooks, listQuickbooksConnections } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { locationKeys } from '../../lib/query-keys';

export const quickbooksKeys = {
  all: ['quickbooks'] as const,
  connections: () => ['quickbooks', 'connections'] as const,
};

/** Each location's QuickBooks connection (the server reads the company's name from QuickBooks). */
export function useQuickbooksConnections(enabled: boolean) {
  return useQuery({
    queryKey: quickbooksKeys.connections(),
    queryFn: ({ signal }) => api(listQuickbooksConnections, { signal }),
    enabled,
  });
}

/** Intuit's consent address for a location; the browser goes there next. */
export function useConnectQuickbooks() {
  return useMutation({ mutationFn: (locationId: string) => api(connectQuickbooks, { body: { data: { locationId } } }) });
}

/** Settles once the connections and the locations (which list their integrations) have been read again. */
export const useDisconnectQuickbooks = mutationOf(disconnectQuickbooks, {
  request: (locationId: string) => ({ body: { data: { locationId } } }),
  invalidates: [quickbooksKeys.all, locationKeys.all],
  awaitInvalidation: true,
});
