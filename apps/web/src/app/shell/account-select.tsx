import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ListSubheader, MenuItem } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import { useMutation, useQuery } from '@tanstack/react-query';
import { canSwitchAccounts, listAllAccounts, updateAccountId } from '@willow/contracts';
import type { AccountWithDetails } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { accountKeys } from '../../lib/query-keys';
import { notifyError, useErrorToast, useLoadingToast } from '../../lib/toasts';
import { sortAccountsForSwitcher } from '../menu';
import { usePermissions, useProfileQuery } from '../session';
import { completeAccountSwitch } from './account-switch';
import { NavDropdown } from './nav-dropdown';

const SWITCHER_QUERY = { onlyActive: true, includeDetails: false };

/** Moves the session to another account: the page reloads into it. */
export function useSwitchAccount() {
  return useMutation({
    mutationFn: (newAccountId: string) => api(updateAccountId, { body: { data: { newAccountId } } }),
    onSuccess: () => completeAccountSwitch(),
    onError: (error) => notifyError('Error switching accounts', error),
  });
}

/** The account dropdown, for users who may switch accounts; the list loads when it is first opened. */
export function AccountSelect({ collapsed }: { collapsed: boolean }) {
  const permitted = canSwitchAccounts(usePermissions());
  const profile = useProfileQuery().data;
  const [opened, setOpened] = useState(false);
  const accounts = useQuery({
    queryKey: accountKeys.list(SWITCHER_QUERY),
    queryFn: ({ signal }) => api(listAllAccounts, { query: SWITCHER_QUERY, signal }),
    enabled: permitted && opened,
  });
  useLoadingToast(accounts.isLoading, 'Loading Accounts...');
  useErrorToast(accounts.error, 'Error loading accounts');
  const switchAccount = useSwitchAccount();
  const sorted = useMemo(() => sortAccountsForSwitcher(accounts.data ?? []), [accounts.data]);

  if (!permitted || !profile) return null;
  const current = profile.account;

  return (
    <NavDropdown
      name="Account"
      label={current.name}
      icon={<BusinessIcon />}
      collapsed={collapsed}
      onOpen={() => setOpened(true)}
    >
      {(close) => renderAccountItems(sorted, current.id, (id) => {
        close();
        if (id !== current.id) switchAccount.mutate(id);
      })}
    </NavDropdown>
  );
}

function renderAccountItems(accounts: AccountWithDetails[], currentId: string, onPick: (id: string) => void) {
  const items: ReactNode[] = [];
  let tier: string | undefined;
  for (const account of accounts) {
    if (account.subscriptionTier !== tier) {
      tier = account.subscriptionTier;
      items.push(
        <ListSubheader key={`tier-${tier}`} sx={{ textTransform: 'capitalize', lineHeight: '32px' }}>
          {tier}
        </ListSubheader>,
      );
    }
    items.push(
      <MenuItem key={account.id} selected={account.id === currentId} onClick={() => onPick(account.id)}>
        {account.name}
      </MenuItem>,
    );
  }
  return items;
}
