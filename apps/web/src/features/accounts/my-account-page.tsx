import { Suspense, useEffect } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { UpdateAccountInput } from '@willow/contracts';
import type { Account } from '@willow/contracts';
import { TextInput, useFormState } from '../../components/form-fields';
import { InlineForm } from '../../components/inline-form';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { useRegistry } from '../../app/registry-context';
import { hasAnyPermission } from '@willow/contracts';
import { usePermissions } from '../../app/session';
import { notifySuccess, useErrorToast } from '../../lib/toasts';
import { useCurrentAccount, useUpdateAccount } from './accounts.api';

export default function MyAccountPage() {
  const account = useCurrentAccount();
  useErrorToast(account.error, 'Error loading account');
  return (
    <>
      <PageHeader title="Account" />
      {account.data ? <AccountDetails account={account.data} /> : account.isLoading ? <PageLoader /> : null}
      <AccountSections />
    </>
  );
}

/** What other features add below the account's details (e.g. Export all data), each where the user may see it. */
function AccountSections() {
  const { accountSections } = useRegistry();
  const held = usePermissions();
  return accountSections
    .filter((s) => !s.permissions || hasAnyPermission(held, s.permissions))
    .map(({ id, element: Section }) => (
      <Suspense key={id} fallback={null}>
        <Section />
      </Suspense>
    ));
}

function AccountDetails({ account }: { account: Account }) {
  const form = useFormState({ name: account.name });
  const update = useUpdateAccount();
  const { reset } = form;
  useEffect(() => reset({ name: account.name }), [account.name, reset]);

  const submit = () => {
    const data = form.check(UpdateAccountInput.required({ name: true }), form.values);
    if (!data) return;
    update.mutate(
      { id: account.id, data: { name: data.name } },
      {
        onSuccess: () => notifySuccess('Account updated'),
        onError: form.saveFailed('Error updating account'),
      },
    );
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <InlineForm onSubmit={submit} submitting={update.isPending}>
          <TextInput label="Practice name" required value={form.values.name} onValueChange={(v) => form.set('name', v)} error={form.errors.name} />
          <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>Subscription</Typography>
            <Typography variant="body2" sx={{ textTransform: 'capitalize' }}>{account.subscriptionTier}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>Status</Typography>
            <Typography variant="body2">{account.isActive ? 'Active' : 'Inactive'}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>Created</Typography>
            <Typography variant="body2">{new Date(account.createdAt).toLocaleDateString()}</Typography>
          </Box>
        </InlineForm>
      </CardContent>
    </Card>
  );
}
