import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createAccount, getAccount, listAllAccounts, updateAccount } from '@willow/contracts';
import type { CreateAccountInput, UpdateAccountInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { accountKeys, profileKeys, subscriptionKeys } from '../../lib/query-keys';

const ADMIN_LIST_QUERY = { onlyActive: false, includeDetails: true };

export function useCurrentAccount() {
  return useQuery({
    queryKey: accountKeys.current(),
    queryFn: ({ signal }) => api(getAccount, { signal }),
  });
}

export function useAllAccountsWithDetails() {
  return useQuery({
    queryKey: accountKeys.list(ADMIN_LIST_QUERY),
    queryFn: ({ signal }) => api(listAllAccounts, { query: ADMIN_LIST_QUERY, signal }),
  });
}

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    // The profile carries the account's name; tiers count their accounts.
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  };
}

export function useUpdateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateAccountInput }) =>
      api(updateAccount, { params: { id }, body: { data } }),
    onSuccess: invalidate,
  });
}

export function useCreateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (data: CreateAccountInput) => api(createAccount, { body: { data } }),
    onSuccess: invalidate,
  });
}
