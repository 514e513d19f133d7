import { useMutation, useQuery } from '@tanstack/react-query';
import { createUser, deleteUser, listUsers, resendInvitation, toggleUserActivation, updateUser } from '@willow/contracts';
import type { CreateUserInput, UpdateUserInput, User } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import { profileKeys, roleKeys, scheduleKeys, subscriptionKeys, userKeys } from '../../lib/query-keys';
import { staffChoices } from './staff';

export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api(listUsers, { query: { includePermissions: true }, signal }),
  });
}

const USER_CHANGE = [
  userKeys.all,
  // Roles list their members, the subscription counts active users, and the user may be oneself.
  roleKeys.all,
  subscriptionKeys.all,
  profileKeys.all,
  // The schedule sidebar lists the active providers: the provider filters are offered, and checked, against it.
  [...scheduleKeys.all, 'sidebar'],
];

export const useCreateUser = mutationOf(createUser, { request: (data: CreateUserInput) => ({ body: { data } }), invalidates: USER_CHANGE });

export const useUpdateUser = mutationOf(updateUser, {
  request: ({ id, data }: { id: string; data: UpdateUserInput }) => ({ params: { id }, body: { data } }),
  invalidates: USER_CHANGE,
});

export const useDeleteUser = mutationOf(deleteUser, { request: (id: string) => ({ params: { id } }), invalidates: USER_CHANGE });

export const useToggleUserActivation = mutationOf(toggleUserActivation, {
  request: ({ id, isActive }: { id: string; isActive: boolean }) => ({ params: { id }, body: { data: { isActive } } }),
  invalidates: USER_CHANGE,
});

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

/** Made once per answer: TanStack Query runs `select` again when given a new function, and a new Map draws its readers again. */
const staffNameMap = (users: User[]) => new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`]));

/** id → name of every user of the account, inactive ones too: old records still name them. */
export function useStaffNames() {
  return useQuery({ ...staffQuery(null), select: staffNameMap }).data;
}
