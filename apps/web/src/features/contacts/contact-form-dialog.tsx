import { useCallback } from 'react';
import { Stack } from '@mui/material';
import { CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, contactOps } from '@willow/contracts';
import type { Contact } from '@willow/contracts';
import { MessageInput, SelectInput, TextInput, textOrNull } from '../../components/form-fields';
import { useEntityForm } from '../../components/use-entity-form';
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
type FormValues = typeof emptyForm;

interface ContactFormDialogProps {
  open: boolean;
  contact: Contact | null;
  /** adding from a client's page: linked to that client */
  clientId?: string;
  onClose: () => void;
}

const fromContact = (contact: Contact): FormValues => ({
  name: contact.name,
  organisation: contact.organisation ?? '',
  category: contact.category,
  email: contact.email ?? '',
  phone: contact.phone ?? '',
  address: contact.address ?? '',
  notes: contact.notes ?? '',
  clientId: contact.clientId ?? '',
});

const toInput = (v: FormValues) => ({
  name: v.name,
  organisation: textOrNull(v.organisation),
  category: v.category,
  email: v.email,
  phone: textOrNull(v.phone),
  address: textOrNull(v.address),
  notes: textOrNull(v.notes),
  clientId: v.clientId || null,
});

export function ContactFormDialog({ open, contact, clientId, onClose }: ContactFormDialogProps) {
  // From a client's page a new contact is linked to them, most likely family.
  const blank = useCallback(
    (): FormValues => ({ ...emptyForm, clientId: clientId ?? '', category: clientId ? 'family_member' : 'other' }),
    [clientId],
  );
  const { form, dialog } = useEntityForm({
    ops: contactOps,
    create: useCreateContact(),
    update: useUpdateContact(),
    noun: 'contact',
    open,
    record: contact,
    blank,
    fromRecord: fromContact,
    toInput,
    onClose,
    title: (c) => (c ? `Edit ${c.name}` : 'New contact'),
  });
  const v = form.values;
  const e = form.errors;

  return dialog(
    <>
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
    </>,
  );
}
