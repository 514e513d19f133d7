import { useQuery } from '@tanstack/react-query';
import { listAuditEvents } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { auditKeys } from '../../lib/query-keys';

export function useHistory(entityType: string, entityId: string) {
  return useQuery({
    queryKey: auditKeys.history(entityType, entityId),
    queryFn: ({ signal }) => api(listAuditEvents, { query: { entityType, entityId }, signal }),
  });
}
