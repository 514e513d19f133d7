import { useEffect } from 'react';
import { Stack } from '@mui/material';
import { SERVICE_TYPES, ServiceInput } from '@willow/contracts';
import type { Service } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { FormError, numberOrNull, SelectInput, SwitchInput, TextInput, useFormState } from '../../components/form-fields';
import { saveCallbacks } from '../../components/use-form-dialog';
import { useCreateService, useUpdateService } from './services.api';

const TYPE_OPTIONS = SERVICE_TYPES.map((t) => ({ value: t, label: t }));

const emptyForm = { type: '', name: '', duration: '30', price: '', active: true };
type FormValues = typeof emptyForm;

const fromService = (s: Service): FormValues => ({
  type: s.type,
  name: s.name,
  duration: String(s.duration),
  price: String(s.price),
  active: s.active,
});

interface ServiceFormDialogProps {
  open: boolean;
  service: Service | null;
  /** where a new service is added */
  locationId: string | null;
  locationName?: string;
  onClose: () => void;
}

export function ServiceFormDialog({ open, service, locationId, locationName, onClose }: ServiceFormDialogProps) {
  const form = useFormState<FormValues>(emptyForm);
  const create = useCreateService();
  const update = useUpdateService();
  const { reset } = form;
  useEffect(() => {
    if (open) reset(service ? fromService(service) : emptyForm);
  }, [open, service, reset]);

  const submit = () => {
    const v = form.values;
    const data = form.check(ServiceInput, {
      locationId: service?.locationId ?? locationId ?? '',
      type: v.type,
      name: v.name,
      duration: numberOrNull(v.duration),
      price: numberOrNull(v.price),
      active: v.active,
    });
    if (!data) return;
    if (service) {
      // A service stays at its location: appointments there were booked for it.
      const { locationId: _fixed, ...changes } = data;
      update.mutate({ id: service.id, data: changes }, saveCallbacks('Service updated', 'Error updating service', onClose, form));
    } else {
      create.mutate(data, saveCallbacks('Service created', 'Error creating service', onClose, form));
    }
  };

  const v = form.values;
  const e = form.errors;
  return (
    <EntityFormDialog
      open={open}
      title={service ? `Edit ${service.name}` : locationName ? `New service at ${locationName}` : 'New service'}
      submitLabel={service ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <FormError message={e.locationId && 'Choose a location first.'} />
      <SelectInput label="Type" required options={TYPE_OPTIONS} value={v.type} onChange={(x) => form.set('type', x)} error={e.type} />
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={e.name} placeholder="e.g. Wellness exam" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          label="Duration (min)"
          required
          value={v.duration}
          onValueChange={(x) => form.set('duration', x)}
          error={e.duration}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextInput
          label="Price"
          required
          value={v.price}
          onValueChange={(x) => form.set('price', x)}
          error={e.price}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <SwitchInput label="Active" checked={v.active} onChange={(x) => form.set('active', x)} />
    </EntityFormDialog>
  );
}
