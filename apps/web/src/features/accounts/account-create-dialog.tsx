import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { CreateAccountInput } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { TextInput, TimeZoneInput, useFormState } from '../../components/form-fields';
import { defaultSettings } from '../../lib/settings';
import { notifySuccess } from '../../lib/toasts';
import { useCreateAccount } from './accounts.api';
import { TierSelect } from './tier-select';

const emptyForm = () => ({
  name: '',
  subscriptionTier: 'free',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  locationName: '',
  timezone: defaultSettings().timezone,
});

export function AccountCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useFormState(emptyForm());
  const create = useCreateAccount();
  const { reset } = form;
  useEffect(() => {
    if (open) reset(emptyForm());
  }, [open, reset]);
  const v = form.values;
  const e = form.errors;

  const submit = () => {
    const data = form.check(CreateAccountInput, {
      name: v.name,
      subscriptionTier: v.subscriptionTier,
      owner: { firstName: v.firstName, lastName: v.lastName, email: v.email, password: v.password },
      location: { name: v.locationName, timezone: v.timezone },
    });
    if (!data) return;
    create.mutate(data, {
      onSuccess: () => {
        notifySuccess('Account created');
        onClose();
      },
      onError: form.saveFailed('Error creating account'),
    });
  };

  return (
    <EntityFormDialog open={open} title="New account" submitLabel="Create" submitting={create.isPending} onSubmit={submit} onClose={onClose} dirty={form.dirty}>
      <TextInput label="Practice name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={e.name} />
      <TierSelect value={v.subscriptionTier} onChange={(x) => form.set('subscriptionTier', x)} error={e.subscriptionTier} />
      <Typography variant="subtitle2">Administrator</Typography>
      <TextInput label="First name" required value={v.firstName} onValueChange={(x) => form.set('firstName', x)} error={e['owner.firstName']} />
      <TextInput label="Last name" required value={v.lastName} onValueChange={(x) => form.set('lastName', x)} error={e['owner.lastName']} />
      <TextInput label="Email" type="email" required value={v.email} onValueChange={(x) => form.set('email', x)} error={e['owner.email']} />
      <TextInput
        label="Initial password"
        type="password"
        autoComplete="new-password"
        required
        value={v.password}
        onValueChange={(x) => form.set('password', x)}
        error={e['owner.password']}
        helperText="At least 12 characters; not a common password or the owner’s name or email"
      />
      <Typography variant="subtitle2">First location</Typography>
      <TextInput label="Location name" required value={v.locationName} onValueChange={(x) => form.set('locationName', x)} error={e['location.name']} />
      <TimeZoneInput value={v.timezone} onChange={(x) => form.set('timezone', x)} error={e['location.timezone']} />
    </EntityFormDialog>
  );
}
