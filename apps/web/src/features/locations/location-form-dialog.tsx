import { useEffect, useMemo } from 'react';
import { CreateLocationInput, LocationInput } from '@willow/contracts';
import type { Location } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { SelectInput, SwitchInput, TextInput, TimeZoneInput, useFormState } from '../../components/form-fields';
import { defaultSettings } from '../../lib/settings';
import { notifySuccess } from '../../lib/toasts';
import { LocationLogo } from './location-logo';
import { useCreateLocation, useLocations, useUpdateLocation } from './locations.api';

/** The species choice's value for the common species (any other value is a location's id to copy from). */
const COMMON = 'common';

interface LocationFormDialogProps {
  open: boolean;
  location: Location | null;
  onClose: () => void;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

export function LocationFormDialog({ open, location, onClose }: LocationFormDialogProps) {
  const form = useFormState({ name: '', timezone: '', address: '', phone: '', isActive: true, speciesFrom: COMMON });
  // A new location starts with species to book for (decision 0191): the common ones, or another location's.
  const locations = useLocations(false);
  const speciesSources = useMemo(
    () => [
      { value: COMMON, label: 'The common species (dog, cat, rabbit, …)' },
      ...(locations.data ?? []).map((l) => ({ value: l.id, label: `The same as ${l.name}` })),
    ],
    [locations.data],
  );
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
      speciesFrom: COMMON,
    });
  }, [open, location, reset]);

  const submit = () => {
    const { speciesFrom, ...fields } = form.values;
    const values = { ...fields, address: blankToNull(fields.address), phone: blankToNull(fields.phone) };
    if (location) {
      const data = form.check(LocationInput, values);
      if (!data) return;
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
      return;
    }
    const data = form.check(CreateLocationInput, { ...values, speciesFrom: speciesFrom === COMMON ? null : speciesFrom });
    if (!data) return;
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
      {/* Only offered when there is another location to copy from. */}
      {!location && speciesSources.length > 1 && (
        <SelectInput
          label="Species"
          options={speciesSources}
          value={v.speciesFrom}
          onChange={(x) => form.set('speciesFrom', x)}
          error={form.errors.speciesFrom}
          helperText="What patients it sees; the list changes later under Species"
        />
      )}
      {location && <LocationLogo key={location.id} location={location} />}
    </EntityFormDialog>
  );
}
