import { useCallback, useMemo } from 'react';
import { Stack } from '@mui/material';
import { clientOps } from '@willow/contracts';
import type { Client } from '@willow/contracts';
import { MessageInput, SelectInput, TextInput, textOrNull } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
import { useLocations } from '../locations/locations.api';
import { StaffSelect } from '../users/staff-select';
import { useCreateClient, useUpdateClient } from './clients.api';

const emptyForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  alternatePhone: '',
  address: '',
  notes: '',
  primaryVeterinarianId: '',
  locationId: '',
};
type FormValues = typeof emptyForm;

interface ClientFormDialogProps {
  open: boolean;
  /** the client to edit; null to create one */
  client: Client | null;
  /** where a new client goes unless the user picks another location */
  defaultLocationId: string | null;
  onClose: () => void;
  onCreated?: (client: Client) => void;
  /** what a new client starts with besides the location (the SMS chat's unknown number: its phone) */
  prefill?: { phone?: string } | undefined;
}

const fromClient = (client: Client): FormValues => ({
  firstName: client.firstName,
  lastName: client.lastName,
  email: client.email ?? '',
  phone: client.phone ?? '',
  alternatePhone: client.alternatePhone ?? '',
  address: client.address ?? '',
  notes: client.notes ?? '',
  primaryVeterinarianId: client.primaryVeterinarianId ?? '',
  locationId: client.locationId,
});

const toInput = (v: FormValues) => ({
  locationId: v.locationId,
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  phone: textOrNull(v.phone),
  alternatePhone: textOrNull(v.alternatePhone),
  address: textOrNull(v.address),
  notes: textOrNull(v.notes),
  primaryVeterinarianId: v.primaryVeterinarianId || null,
});

export function ClientFormDialog({ open, client, defaultLocationId, onClose, onCreated, prefill }: ClientFormDialogProps) {
  const locations = useLocations(true);
  const prefillPhone = prefill?.phone ?? '';
  const blank = useCallback(() => ({ ...emptyForm, phone: prefillPhone, locationId: defaultLocationId ?? '' }), [defaultLocationId, prefillPhone]);
  const { form, dialog } = useEntityForm({
    ops: clientOps,
    create: useCreateClient(),
    update: useUpdateClient(),
    noun: 'client',
    open,
    record: client,
    blank,
    fromRecord: fromClient,
    toInput,
    onClose,
    onSaved: (saved, created) => created && onCreated?.(saved),
    title: (c) => (c ? `Edit ${c.firstName} ${c.lastName}` : 'New client'),
  });

  const locationOptions = useMemo(() => (locations.data ?? []).map((l) => ({ value: l.id, label: l.name })), [locations.data]);
  const v = form.values;
  const e = form.errors;

  return dialog(
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="First name" required value={v.firstName} onValueChange={(x) => form.set('firstName', x)} error={e.firstName} />
        <TextInput label="Last name" required value={v.lastName} onValueChange={(x) => form.set('lastName', x)} error={e.lastName} />
      </Stack>
      <TextInput label="Email" type="email" value={v.email} onValueChange={(x) => form.set('email', x)} error={e.email} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Phone" type="tel" value={v.phone} onValueChange={(x) => form.set('phone', x)} error={e.phone} />
        <TextInput
          label="Alternate phone"
          type="tel"
          value={v.alternatePhone}
          onValueChange={(x) => form.set('alternatePhone', x)}
          error={e.alternatePhone}
        />
      </Stack>
      <TextInput label="Address" multiline minRows={2} value={v.address} onValueChange={(x) => form.set('address', x)} error={e.address} />
      <SelectInput
        label="Location"
        required
        options={locationOptions}
        value={v.locationId}
        onChange={(x) => {
          form.set('locationId', x);
          // Veterinarians work at particular locations; the old choice may not work at the new one.
          form.set('primaryVeterinarianId', '');
        }}
        error={e.locationId}
      />
      <StaffSelect
        label="Primary veterinarian"
        locationId={v.locationId || null}
        value={v.primaryVeterinarianId}
        onChange={(x) => form.set('primaryVeterinarianId', x)}
        error={e.primaryVeterinarianId}
      />
      <MessageInput label="Notes" value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} />
    </>,
  );
}
