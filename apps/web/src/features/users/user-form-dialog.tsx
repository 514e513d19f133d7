import { useEffect, useMemo } from 'react';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { COMMUNICATION_MESSAGES, CreateUserInput, SIGN_IN_MESSAGES, UpdateUserInput, USER_MESSAGES } from '@willow/contracts';
import type { User } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { MultiSelectInput, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { useRoles } from '../roles/roles.api';
import { rolesGrantBooking } from './staff';
import { useCreateUser, useUpdateUser } from './users.api';

interface UserFormDialogProps {
  open: boolean;
  user: User | null;
  onClose: () => void;
}

const emptyForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  /** a new user: an email invites them to set their own password (the default), or the password is set here */
  access: 'invite' as 'invite' | 'password',
  roleIds: [] as string[],
  locationIds: [] as string[],
};

export function UserFormDialog({ open, user, onClose }: UserFormDialogProps) {
  const form = useFormState(emptyForm);
  const roles = useRoles();
  const locations = useLocations(false);
  const create = useCreateUser();
  const update = useUpdateUser();
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(
      user
        ? {
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            phone: user.phone ?? '',
            password: '',
            access: 'password',
            roleIds: user.roleIds,
            locationIds: user.locationIds,
          }
        : emptyForm,
    );
  }, [open, user, reset]);

  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })), [roles.data]);
  const locationOptions = useMemo(
    () => (locations.data ?? []).map((l) => ({ value: l.id, label: l.isActive ? l.name : `${l.name} (inactive)` })),
    [locations.data],
  );

  // A provider is booked at their locations: one without any could never be (decision 0192).
  const bookable = rolesGrantBooking(form.values.roleIds, roles.data ?? []);
  const missingLocation = () => {
    if (!bookable || form.values.locationIds.length > 0) return false;
    form.setErrors({ locationIds: USER_MESSAGES.providerNeedsLocation });
    return true;
  };

  const submit = () => {
    const v = form.values;
    const phone = v.phone.trim() === '' ? null : v.phone;
    if (user) {
      const data = form.check(UpdateUserInput, {
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email,
        phone,
        roleIds: v.roleIds,
        locationIds: v.locationIds,
        // Blank keeps the current password.
        password: v.password === '' ? undefined : v.password,
      });
      if (!data || missingLocation()) return;
      update.mutate(
        { id: user.id, data },
        {
          onSuccess: () => {
            notifySuccess('User updated');
            onClose();
          },
          onError: form.saveFailed('Error updating user'),
        },
      );
      return;
    }
    const { access, ...fields } = v;
    const invite = access === 'invite';
    const data = form.check(CreateUserInput, { ...fields, phone, isActive: true, password: invite ? undefined : v.password });
    if (!data || missingLocation()) return;
    create.mutate(data, {
      onSuccess: () => {
        notifySuccess(invite ? SIGN_IN_MESSAGES.invitationSent : 'User created');
        onClose();
      },
      onError: (error) => {
        // No mail for the portal: said where the choice is made, so the person can set a password instead.
        if (error instanceof Error && error.message === COMMUNICATION_MESSAGES.productEmailNotSetUp) {
          form.setErrors({ access: error.message });
          return;
        }
        form.saveFailed('Error creating user')(error);
      },
    });
  };

  const v = form.values;
  const e = form.errors;
  return (
    <EntityFormDialog
      open={open}
      title={user ? `Edit ${user.firstName} ${user.lastName}` : 'New user'}
      submitLabel={user ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextInput label="First name" required value={v.firstName} onValueChange={(x) => form.set('firstName', x)} error={e.firstName} />
      <TextInput label="Last name" required value={v.lastName} onValueChange={(x) => form.set('lastName', x)} error={e.lastName} />
      <TextInput label="Email" type="email" required value={v.email} onValueChange={(x) => form.set('email', x)} error={e.email} />
      <TextInput label="Phone" type="tel" value={v.phone} onValueChange={(x) => form.set('phone', x)} error={e.phone} />
      {!user && (
        <FormControl error={Boolean(e.access)}>
          <FormLabel id="user-access-label">Signing in</FormLabel>
          <RadioGroup
            aria-labelledby="user-access-label"
            value={v.access}
            onChange={(event) => form.set('access', event.target.value as typeof v.access)}
          >
            <FormControlLabel value="invite" control={<Radio />} label="Send an invitation email" />
            <FormControlLabel value="password" control={<Radio />} label="Set a password now" />
          </RadioGroup>
          <FormHelperText>
            {e.access ?? (v.access === 'invite' ? 'They get a link to choose their own password; it works for 3 days.' : 'Tell them the password yourself.')}
          </FormHelperText>
        </FormControl>
      )}
      {(user || v.access === 'password') && (
        <TextInput
          label={user ? 'New password' : 'Initial password'}
          type="password"
          autoComplete="new-password"
          required={!user}
          value={v.password}
          onValueChange={(x) => form.set('password', x)}
          error={e.password}
          helperText={user ? 'Leave blank to keep the current password' : 'At least 12 characters; not a common password or the user’s name or email'}
        />
      )}
      <MultiSelectInput
        label="Roles"
        options={roleOptions}
        value={v.roleIds}
        onChange={(x) => form.set('roleIds', x)}
        loading={roles.isLoading}
        error={e.roleIds}
      />
      <MultiSelectInput
        label="Locations"
        required={bookable}
        options={locationOptions}
        value={v.locationIds}
        onChange={(x) => form.set('locationIds', x)}
        loading={locations.isLoading}
        error={e.locationIds}
        helperText={bookable ? 'Where they are booked: a provider needs at least one' : 'Where they work'}
      />
    </EntityFormDialog>
  );
}
