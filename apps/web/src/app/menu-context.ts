import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listLocations } from '@willow/contracts';
import { api } from '../lib/http-client';
import { locationKeys } from '../lib/query-keys';
import type { MenuContext } from './feature-registry';
import { useClientConfig, usePermissions } from './session';

/**
 * What the menu rules look at: the permissions, what the server lets the web app load (the help
 * widget), and the account's data the SPEC makes entries depend on (the accounting integration:
 * Business › Quickbooks). The locations are the active ones the location choices show (one cached
 * query); adding or removing an integration refreshes them.
 */
export function useMenuContext(): MenuContext {
  const permissions = usePermissions();
  const clientConfig = useClientConfig();
  const { data: locations } = useQuery({
    queryKey: locationKeys.list(true),
    queryFn: ({ signal }) => api(listLocations, { query: { onlyActive: true }, signal }),
  });
  return useMemo(
    () => ({ permissions, clientConfig, integrations: locations?.flatMap((l) => l.integrations) ?? [] }),
    [permissions, clientConfig, locations],
  );
}
