import { useQuery } from '@tanstack/react-query';
import { getProfile, getUserPermissions, hasAnyPermission } from '@willow/contracts';
import type { Permission } from '@willow/contracts';
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
