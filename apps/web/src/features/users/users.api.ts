import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createUser, deleteUser, listUsers, resendInvitation, toggleUserActivation, updateUser } from '@willow/contracts';
import type { CreateUserInput, UpdateUserInput, User } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { profileKeys, roleKeys, scheduleKeys, subscriptionKeys, userKeys } from '../../lib/query-keys';
import { staffChoices } from './staff';

export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api(listUsers, { query: { includePermissions: true }, signal }),
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    // Roles list their members, the subscription counts active users, and the user may be oneself.
    void queryClient.invalidateQueries({ queryKey: roleKeys.all });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    // The schedule sidebar lists the active providers: the provider filters are offered, and checked, against it.
    void queryClient.invalidateQueries({ queryKey: [...scheduleKeys.all, 'sidebar'] });
  };
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (data: CreateUserInput) => api(createUser, { body: { data } }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateUserInput }) =>
      api(updateUser, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api(deleteUser, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useToggleUserActivation() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api(toggleUserActivation, { params: { id }, body: { data: { isActive } } }),
    onSuccess: invalidate,
  });
}

/** A new invitation link by email (the earlier one stops working). */
export function useResendInvitation() {
  return useMutation({ mutationFn: (id: string) => api(resendInvitation, { params: { id } }) });
}

/** Users who may be named on a record (veterinarian, prescriber), providers first. */
const staffQuery = (locationId: string | null) => ({
  queryKey: userKeys.staff(locationId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api(listUsers, { query: { includePermissions: true, locationId: locationId ?? undefined }, signal }),
});

export function useStaff(locationId: string | null = null) {
  return useQuery({ ...staffQuery(locationId), select: staffChoices });
}

/** id → name of every user of the account, inactive ones too: old records still name them. */
export function useStaffNames() {
  return useQuery({
    ...staffQuery(null),
    select: (users: User[]) => new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`])),
  }).data;
}
