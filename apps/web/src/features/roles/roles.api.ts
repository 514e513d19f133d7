import { useQuery } from '@tanstack/react-query';
import {
  createRole,
  createSystemRole,
  deleteRole,
  deleteSystemRole,
  listRoles,
  listSystemRoleCandidates,
  listSystemRoles,
  updateRole,
  updateSystemRole,
} from '@willow/contracts';
import type { RoleInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationWith } from '../../lib/mutation-of';
import { roleKeys, scheduleKeys, sessionKeys, userKeys } from '../../lib/query-keys';

export type RoleScope = 'account' | 'system';

export function useRoles() {
  return useQuery({ queryKey: roleKeys.list(), queryFn: ({ signal }) => api(listRoles, { signal }) });
}

export function useSystemRoles() {
  return useQuery({ queryKey: roleKeys.system(), queryFn: ({ signal }) => api(listSystemRoles, { signal }) });
}

export function useSystemRoleCandidates(search: string, enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.systemCandidates(search),
    queryFn: ({ signal }) => api(listSystemRoleCandidates, { query: { search: search || undefined }, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** What a change of a role, an account's or a system one, refreshes. */
const ROLE_CHANGE = [
  roleKeys.all,
  // Membership changes what users may do, including the signed-in user.
  userKeys.all,
  sessionKeys.all,
  // Who is a provider (the schedule sidebar) comes from the roles' permissions.
  [...scheduleKeys.all, 'sidebar'],
];

/** Saves a role of the scope the hook is for: created without an id, updated with one. */
export const useSaveRole = mutationWith(
  ({ id, data }: { id: string | null; data: RoleInput | Partial<RoleInput> }, scope: RoleScope) => {
    if (scope === 'system')
      return id ? api(updateSystemRole, { params: { id }, body: { data } }) : api(createSystemRole, { body: { data: data as RoleInput } });
    return id ? api(updateRole, { params: { id }, body: { data } }) : api(createRole, { body: { data: data as RoleInput } });
  },
  { invalidates: ROLE_CHANGE },
);

export const useDeleteRole = mutationWith(
  (id: string, scope: RoleScope) => (scope === 'system' ? api(deleteSystemRole, { params: { id } }) : api(deleteRole, { params: { id } })),
  { invalidates: ROLE_CHANGE },
);
