import { useEffect } from 'react';
import { LocationInput } from '@willow/contracts';
import type { Location } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SwitchInput, TextInput, TimeZoneInput, useFormState } from '../../components/form-fields';
import { defaultSettings } from '../../lib/settings';
import { notifySuccess } from '../../lib/toasts';
import { LocationLogo } from './location-logo';
import { useCreateLocation, useUpdateLocation } from './locations.api';

interface LocationFormDialogProps {
  open: boolean;
  location: Location | null;
  onClose: () => void;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

export function LocationFormDialog({ open, location, onClose }: LocationFormDialogProps) {
  const form = useFormState({ name: '', timezone: '', address: '', phone: '', isActive: true });
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset({
      name: location?.name ?? '',
      timezone: location?.timezone ?? defaultSettings().timezone,
      address: location?.address ?? '',
      phone: location?.phone ?? '',
      isActive: location?.isActive ?? true,
    });
  }, [open, location, reset]);

  const submit = () => {
    const data = form.check(LocationInput, {
      ...form.values,
      address: blankToNull(form.values.address),
      phone: blankToNull(form.values.phone),
    });
    if (!data) return;
    if (location)
      update.mutate(
        { id: location.id, data },
        {
          onSuccess: () => {
            notifySuccess('Location updated');
            onClose();
          },
          onError: form.saveFailed('Error Updating Location'),
        },
      );
    else
      create.mutate(data, {
        onSuccess: () => {
          notifySuccess('Location created');
          onClose();
        },
        onError: form.saveFailed('Error adding location'),
      });
  };

  const v = form.values;
  return (
    <EntityFormDialog
      open={open}
      title={location ? `Edit ${location.name}` : 'New location'}
      submitLabel={location ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={form.errors.name} />
      <TimeZoneInput value={v.timezone} onChange={(x) => form.set('timezone', x)} error={form.errors.timezone} />
      <TextInput label="Address" multiline minRows={2} value={v.address} onValueChange={(x) => form.set('address', x)} error={form.errors.address} />
      <TextInput label="Phone" type="tel" value={v.phone} onValueChange={(x) => form.set('phone', x)} error={form.errors.phone} />
      <SwitchInput label="Active" checked={v.isActive} onChange={(x) => form.set('isActive', x)} />
      {location && <LocationLogo key={location.id} location={location} />}
    </EntityFormDialog>
  );
}
