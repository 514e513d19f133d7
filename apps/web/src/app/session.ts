import { useQuery } from '@tanstack/react-query';
import { getClientConfig, getProfile, getUserPermissions, hasAnyPermission } from '@willow/contracts';
import type { ClientConfig, Permission } from '@willow/contracts';
import { api } from '../lib/http-client';
import { profileKeys, sessionKeys } from '../lib/query-keys';

export function usePermissionsQuery() {
  return useQuery({
    queryKey: sessionKeys.permissions(),
    queryFn: ({ signal }) => api(getUserPermissions, { signal }),
  });
}

export function useProfileQuery() {
  return useQuery({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) => api(getProfile, { signal }),
  });
}

/** The signed-in user's permissions; empty until loaded (the session guard waits for them). */
export function usePermissions(): readonly Permission[] {
  return usePermissionsQuery().data?.permissions ?? [];
}

/** True if the user holds at least one of `required` (system.admin holds all). */
export function useHasAnyPermission(required: readonly Permission[]): boolean {
  return hasAnyPermission(usePermissions(), required);
}

/**
 * What the server lets the web app load beside itself (help widget, documentation link,
 * analytics); asked once behind the session, never on the sign-in page. Undefined until known
 * or when it cannot be read: then nothing from outside is loaded.
 */
export function useClientConfig(): ClientConfig | undefined {
  return useQuery({
    queryKey: sessionKeys.clientConfig(),
    queryFn: ({ signal }) => api(getClientConfig, { signal }),
    // it changes only when the server restarts with other settings
    staleTime: Infinity,
  }).data;
}
