import { useMemo, useState } from 'react';
import type { Contact } from '@willow/contracts';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { ContactFormDialog } from './contact-form-dialog';
import { useDeleteContact } from './contacts.api';

/** New, edit and delete for a list of contacts, with their dialogs (render `dialogs` once). */
export function useContactActions({ clientId }: { clientId?: string } = {}) {
  const [form, setForm] = useState<{ contact: Contact | null } | null>(null);
  const remove = useDeleteContact();
  const confirmDelete = useConfirmDelete<Contact>({
    title: 'Delete contact',
    message: (c) => `Delete ${c.name}?`,
    run: (c) => remove.mutateAsync(c.id),
    success: 'Contact deleted',
    error: 'Error deleting contact',
  });
  const askDelete = confirmDelete.ask;
  const actions = useMemo(
    () => ({ create: () => setForm({ contact: null }), edit: (contact: Contact) => setForm({ contact }), remove: askDelete }),
    [askDelete],
  );
  const dialogs = (
    <>
      <ContactFormDialog open={form !== null} contact={form?.contact ?? null} clientId={clientId} onClose={() => setForm(null)} />
      {confirmDelete.dialog}
    </>
  );
  return { actions, dialogs };
}
