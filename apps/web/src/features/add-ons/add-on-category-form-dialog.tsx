import { useEffect } from 'react';
import { AddOnCategoryInput } from '@willow/contracts';
import type { AddOnCategory } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { FormError, SwitchInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { saveCallbacks } from '../../components/use-form-dialog';
import { useCreateAddOnCategory, useUpdateAddOnCategory } from './add-ons.api';

const emptyForm = { name: '', description: '', active: true };

interface AddOnCategoryFormDialogProps {
  open: boolean;
  category: AddOnCategory | null;
  locationId: string | null;
  locationName?: string;
  onClose: () => void;
}

export function AddOnCategoryFormDialog({ open, category, locationId, locationName, onClose }: AddOnCategoryFormDialogProps) {
  const form = useFormState(emptyForm);
  const create = useCreateAddOnCategory();
  const update = useUpdateAddOnCategory();
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(category ? { name: category.name, description: category.description ?? '', active: category.active } : emptyForm);
  }, [open, category, reset]);

  const submit = () => {
    const v = form.values;
    const data = form.check(AddOnCategoryInput, {
      locationId: category?.locationId ?? locationId ?? '',
      name: v.name,
      description: textOrNull(v.description),
      active: v.active,
    });
    if (!data) return;
    if (category) {
      const { locationId: _fixed, ...changes } = data;
      update.mutate(
        { id: category.id, data: changes },
        saveCallbacks('Add-On Category updated', 'Error updating add-on category', onClose, form),
      );
    } else {
      create.mutate(data, saveCallbacks('Add-On Category created', 'Error creating add-on category', onClose, form));
    }
  };

  const v = form.values;
  return (
    <EntityFormDialog
      open={open}
      title={category ? `Edit ${category.name}` : locationName ? `New category at ${locationName}` : 'New category'}
      submitLabel={category ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <FormError message={form.errors.locationId && 'Choose a location first.'} />
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={form.errors.name} placeholder="e.g. Memorial keepsakes" />
      <TextInput
        label="Description"
        multiline
        minRows={2}
        value={v.description}
        onValueChange={(x) => form.set('description', x)}
        error={form.errors.description}
      />
      <SwitchInput label="Active" checked={v.active} onChange={(x) => form.set('active', x)} />
    </EntityFormDialog>
  );
}
