import { Alert, Button } from '@mui/material';
import { useProfileQuery } from '../session';
import { useSwitchAccount } from './account-select';

/**
 * Working inside another practice's account (a super administrator helping them), every screen
 * says whose data this is and offers the way back; the navigation may be closed or collapsed.
 */
export function AccountBanner() {
  const profile = useProfileQuery().data;
  const switchAccount = useSwitchAccount();
  const home = profile?.homeAccount;
  if (!profile || !home) return null;
  return (
    <Alert
      severity="warning"
      square
      role="region"
      aria-label="Account you are viewing"
      sx={{ py: 0, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" loading={switchAccount.isPending} onClick={() => switchAccount.mutate(home.id)}>
          Back to {home.name}
        </Button>
      }
    >
      Viewing <strong>{profile.account.name}</strong>
    </Alert>
  );
}
