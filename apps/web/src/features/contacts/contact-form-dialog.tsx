import { useEffect } from 'react';
import { Stack } from '@mui/material';
import { CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, ContactInput } from '@willow/contracts';
import type { Contact } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { MessageInput, SelectInput, TextInput, textOrNull, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { ClientPicker } from '../clients/client-picker';
import { useCreateContact, useUpdateContact } from './contacts.api';
import type { ContactCategory } from './contacts.api';

export const CATEGORY_OPTIONS = CONTACT_CATEGORIES.map((c) => ({ value: c, label: CONTACT_CATEGORY_LABELS[c] }));

const emptyForm = {
  name: '',
  organisation: '',
  category: 'other' as ContactCategory,
  email: '',
  phone: '',
  address: '',
  notes: '',
  clientId: '',
};

interface ContactFormDialogProps {
  open: boolean;
  contact: Contact | null;
  /** adding from a client's page: linked to that client */
  clientId?: string;
  onClose: () => void;
}

export function ContactFormDialog({ open, contact, clientId, onClose }: ContactFormDialogProps) {
  const form = useFormState(emptyForm);
  const create = useCreateContact();
  const update = useUpdateContact();
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(
      contact
        ? {
            name: contact.name,
            organisation: contact.organisation ?? '',
            category: contact.category,
            email: contact.email ?? '',
            phone: contact.phone ?? '',
            address: contact.address ?? '',
            notes: contact.notes ?? '',
            clientId: contact.clientId ?? '',
          }
        : { ...emptyForm, clientId: clientId ?? '', category: clientId ? 'family_member' : 'other' },
    );
  }, [open, contact, clientId, reset]);

  const v = form.values;
  const e = form.errors;
  const submit = () => {
    const data = form.check(ContactInput, {
      name: v.name,
      organisation: textOrNull(v.organisation),
      category: v.category,
      email: v.email,
      phone: textOrNull(v.phone),
      address: textOrNull(v.address),
      notes: textOrNull(v.notes),
      clientId: v.clientId || null,
    });
    if (!data) return;
    if (contact) {
      update.mutate(
        { id: contact.id, data },
        {
          onSuccess: () => {
            notifySuccess('Contact updated');
            onClose();
          },
          onError: form.saveFailed('Error updating contact'),
        },
      );
      return;
    }
    create.mutate(data, {
      onSuccess: () => {
        notifySuccess('Contact created');
        onClose();
      },
      onError: form.saveFailed('Error creating contact'),
    });
  };

  return (
    <EntityFormDialog
      open={open}
      title={contact ? `Edit ${contact.name}` : 'New contact'}
      submitLabel={contact ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextInput label="Name" required value={v.name} onValueChange={(x) => form.set('name', x)} error={e.name} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Organisation" value={v.organisation} onValueChange={(x) => form.set('organisation', x)} error={e.organisation} />
        <SelectInput
          label="Category"
          options={CATEGORY_OPTIONS}
          value={v.category}
          onChange={(x) => form.set('category', x as ContactCategory)}
          error={e.category}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput label="Email" type="email" value={v.email} onValueChange={(x) => form.set('email', x)} error={e.email} />
        <TextInput label="Phone" type="tel" value={v.phone} onValueChange={(x) => form.set('phone', x)} error={e.phone} />
      </Stack>
      <TextInput label="Address" multiline minRows={2} value={v.address} onValueChange={(x) => form.set('address', x)} error={e.address} />
      {!clientId && <ClientPicker value={v.clientId} onChange={(x) => form.set('clientId', x)} error={e.clientId} />}
      <MessageInput label="Notes" value={v.notes} onValueChange={(x) => form.set('notes', x)} error={e.notes} />
    </EntityFormDialog>
  );
}
