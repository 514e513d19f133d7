import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: roleKeys.all });
    // Membership changes what users may do, including the signed-in user.
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    // Who is a provider (the schedule sidebar) comes from the roles' permissions.
    void queryClient.invalidateQueries({ queryKey: [...scheduleKeys.all, 'sidebar'] });
  };
}

export function useSaveRole(scope: RoleScope) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: RoleInput | Partial<RoleInput> }) => {
      if (scope === 'system')
        return id
          ? api(updateSystemRole, { params: { id }, body: { data } })
          : api(createSystemRole, { body: { data: data as RoleInput } });
      return id ? api(updateRole, { params: { id }, body: { data } }) : api(createRole, { body: { data: data as RoleInput } });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteRole(scope: RoleScope) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: string) =>
      scope === 'system' ? api(deleteSystemRole, { params: { id } }) : api(deleteRole, { params: { id } }),
    onSuccess: invalidate,
  });
}
