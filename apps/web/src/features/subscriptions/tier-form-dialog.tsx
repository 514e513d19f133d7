import { useEffect } from 'react';
import { SubscriptionTierInput } from '@willow/contracts';
import type { SubscriptionTier } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useCreateTier, useUpdateTier } from './subscriptions.api';

interface TierFormDialogProps {
  open: boolean;
  tier: SubscriptionTier | null;
  onClose: () => void;
}

const toText = (limit: number | null | undefined) => (limit === null || limit === undefined ? '' : String(limit));
/** Blank means unlimited; anything else goes to the schema as a number so it can say what is wrong. */
const toLimit = (text: string) => (text.trim() === '' ? null : Number(text));

export function TierFormDialog({ open, tier, onClose }: TierFormDialogProps) {
  const form = useFormState({ key: '', name: '', maxUsers: '', maxLocations: '' });
  const create = useCreateTier();
  const update = useUpdateTier();
  const { reset } = form;
  useEffect(() => {
    if (open)
      reset({
        key: tier?.key ?? '',
        name: tier?.name ?? '',
        maxUsers: toText(tier?.maxUsers),
        maxLocations: toText(tier?.maxLocations),
      });
  }, [open, tier, reset]);

  const submit = () => {
    const data = form.check(SubscriptionTierInput, {
      key: form.values.key,
      name: form.values.name,
      maxUsers: toLimit(form.values.maxUsers),
      maxLocations: toLimit(form.values.maxLocations),
    });
    if (!data) return;
    if (tier)
      update.mutate(data, {
        onSuccess: () => {
          notifySuccess('Subscription tier updated');
          onClose();
        },
        onError: form.saveFailed('Error updating subscription tier'),
      });
    else
      create.mutate(data, {
        onSuccess: () => {
          notifySuccess('Subscription tier created');
          onClose();
        },
        onError: form.saveFailed('Error creating subscription tier'),
      });
  };

  return (
    <EntityFormDialog
      open={open}
      title={tier ? `Edit ${tier.name}` : 'New subscription tier'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextInput
        label="Key"
        required
        disabled={Boolean(tier)}
        value={form.values.key}
        onValueChange={(v) => form.set('key', v)}
        error={form.errors.key}
        helperText="Lowercase identifier stored on accounts, e.g. premium"
      />
      <TextInput label="Name" required value={form.values.name} onValueChange={(v) => form.set('name', v)} error={form.errors.name} />
      <TextInput
        label="Maximum active users"
        type="number"
        value={form.values.maxUsers}
        onValueChange={(v) => form.set('maxUsers', v)}
        error={form.errors.maxUsers}
        helperText="Leave blank for unlimited"
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <TextInput
        label="Maximum locations"
        type="number"
        value={form.values.maxLocations}
        onValueChange={(v) => form.set('maxLocations', v)}
        error={form.errors.maxLocations}
        helperText="Leave blank for unlimited"
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
    </EntityFormDialog>
  );
}
