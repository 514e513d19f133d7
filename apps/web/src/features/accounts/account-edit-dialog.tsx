import { useEffect } from 'react';
import { UpdateAccountInput } from '@willow/contracts';
import type { Account } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SwitchInput, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useUpdateAccount } from './accounts.api';
import { TierSelect } from './tier-select';

export function AccountEditDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const form = useFormState({ name: '', subscriptionTier: '', isActive: true });
  const update = useUpdateAccount();
  const { reset } = form;
  useEffect(() => {
    if (account) reset({ name: account.name, subscriptionTier: account.subscriptionTier, isActive: account.isActive });
  }, [account, reset]);

  const submit = () => {
    if (!account) return;
    const data = form.check(UpdateAccountInput, form.values);
    if (!data) return;
    update.mutate(
      { id: account.id, data },
      {
        onSuccess: () => {
          notifySuccess('Account updated');
          onClose();
        },
        onError: form.saveFailed('Error updating account'),
      },
    );
  };

  return (
    <EntityFormDialog
      open={Boolean(account)}
      title={account ? `Edit ${account.name}` : 'Edit account'}
      submitting={update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextInput label="Practice name" required value={form.values.name} onValueChange={(x) => form.set('name', x)} error={form.errors.name} />
      <TierSelect value={form.values.subscriptionTier} onChange={(x) => form.set('subscriptionTier', x)} error={form.errors.subscriptionTier} />
      <SwitchInput label="Active" checked={form.values.isActive} onChange={(x) => form.set('isActive', x)} />
    </EntityFormDialog>
  );
}
