import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { connectQuickbooks, disconnectQuickbooks, listQuickbooksConnections } from '@willow/contracts';
import { api } from '../../lib/http-client';
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

export function useDisconnectQuickbooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string) => api(disconnectQuickbooks, { body: { data: { locationId } } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: quickbooksKeys.all }), queryClient.invalidateQueries({ queryKey: locationKeys.all })]),
  });
}
