import { useQuery } from '@tanstack/react-query';
import { createAccount, getAccount, listAllAccounts, updateAccount } from '@willow/contracts';
import type { CreateAccountInput, UpdateAccountInput } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
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

const ACCOUNT_CHANGE = [
  accountKeys.all,
  // The profile carries the account's name; tiers count their accounts.
  profileKeys.all,
  subscriptionKeys.all,
];

export const useUpdateAccount = mutationOf(updateAccount, {
  request: ({ id, data }: { id: string; data: UpdateAccountInput }) => ({ params: { id }, body: { data } }),
  invalidates: ACCOUNT_CHANGE,
});

export const useCreateAccount = mutationOf(createAccount, { request: (data: CreateAccountInput) => ({ body: { data } }), invalidates: ACCOUNT_CHANGE });
