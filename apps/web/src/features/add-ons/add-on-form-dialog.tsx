import { useEffect, useMemo } from 'react';
import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AddOnInput } from '@willow/contracts';
import type { AddOn } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { numberOrNull, SelectInput, SwitchInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { saveCallbacks } from '../../components/use-form-dialog';
import { draftsFrom, toOptions } from './add-on-options';
import type { OptionDraft } from './add-on-options';
import { AddOnOptionsEditor } from './add-on-options-editor';
import { useAddOnCategories, useCreateAddOn, useUpdateAddOn } from './add-ons.api';

interface FormValues {
  categoryId: string;
  name: string;
  description: string;
  price: string;
  active: boolean;
  options: OptionDraft[];
}

const blank = (categoryId = ''): FormValues => ({ categoryId, name: '', description: '', price: '', active: true, options: [] });

const fromAddOn = (a: AddOn): FormValues => ({
  categoryId: a.categoryId,
  name: a.name,
  description: a.description ?? '',
  price: String(a.price),
  active: a.active,
  options: draftsFrom(a.options),
});

interface AddOnFormDialogProps {
  open: boolean;
  addOn: AddOn | null;
  locationId: string | null;
  /** preselected for a new item, e.g. the category the list is filtered by */
  defaultCategoryId?: string;
  onClose: () => void;
}

export function AddOnFormDialog({ open, addOn, locationId, defaultCategoryId, onClose }: AddOnFormDialogProps) {
  const form = useFormState<FormValues>(blank());
  const categories = useAddOnCategories(open ? locationId : null, false);
  const create = useCreateAddOn();
  const update = useUpdateAddOn();
  const { reset, setErrors } = form;
  useEffect(() => {
    if (open) reset(addOn ? fromAddOn(addOn) : blank(defaultCategoryId));
  }, [open, addOn, defaultCategoryId, reset]);

  const categoryOptions = useMemo(
    () =>
      (categories.data ?? [])
        // An inactive category is offered only to the item already in it.
        .filter((c) => c.active || c.id === addOn?.categoryId)
        .map((c) => ({ value: c.id, label: c.active ? c.name : `${c.name} (inactive)` })),
    [categories.data, addOn?.categoryId],
  );

  const setOptions = (options: OptionDraft[]) => {
    form.set('options', options);
    // Positions shift as options come and go, so their old messages may point at the wrong row.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('options'))));
  };

  const submit = () => {
    const v = form.values;
    const data = form.check(AddOnInput, {
      categoryId: v.categoryId,
      name: v.name,
      description: textOrNull(v.description),
      price: numberOrNull(v.price),
      options: toOptions(v.options),
      active: v.active,
    });
    if (!data) return;
    if (addOn) update.mutate({ id: addOn.id, data }, saveCallbacks('Add-On updated', 'Error updating add-on', onClose, form));
    else create.mutate(data, saveCallbacks('Add-On created', 'Error creating add-on', onClose, form));
  };

  const v = form.values;
  const e = form.errors;
  const noCategories = categories.isSuccess && categoryOptions.length === 0;
  return (
    <EntityFormDialog
      open={open}
      title={addOn ? `Edit ${addOn.name}` : 'New add-on item'}
      submitLabel={addOn ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
      maxWidth="md"
    >
      {noCategories && (
        <Alert severity="info">
          Items belong to a category.{' '}
          <Link component={RouterLink} to={locationId ? `/addOnCategories?locationId=${locationId}` : '/addOnCategories'}>
            Create a category
          </Link>{' '}
          first.
        </Alert>
      )}
      <SelectInput
        label="Category"
        required
        options={categoryOptions}
        value={v.categoryId}
        onChange={(x) => form.set('categoryId', x)}
        error={e.categoryId && 'Choose a category'}
      />
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={e.name} placeholder="e.g. Paw print" />
      <TextInput
        label="Description"
        multiline
        minRows={2}
        value={v.description}
        onValueChange={(x) => form.set('description', x)}
        error={e.description}
      />
      <TextInput
        label="Price"
        required
        value={v.price}
        onValueChange={(x) => form.set('price', x)}
        error={e.price}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <AddOnOptionsEditor value={v.options} onChange={setOptions} errors={e} />
      <SwitchInput label="Active" checked={v.active} onChange={(x) => form.set('active', x)} />
    </EntityFormDialog>
  );
}
