import { useCallback, useState } from 'react';
import { notifySuccess } from '../lib/toasts';

/**
 * State of a create-or-edit dialog: whether it is open and what it edits (null: a new one).
 * `T` may be the item itself or its id, when the dialog should follow the cached row.
 */
export function useFormDialog<T>() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  // Stable, so grid columns that call them need not be rebuilt on every render.
  const openNew = useCallback(() => {
    setEditing(null);
    setOpen(true);
  }, []);
  const openEdit = useCallback((item: T) => {
    setEditing(item);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, editing, openNew, openEdit, close };
}

/**
 * Mutation callbacks of a form dialog's save: the success toast and `done` (usually closing the
 * dialog) once it worked; else the form's `saveFailed`: the server's message under the field it
 * names, with the one error toast.
 */
export function saveCallbacks(success: string, error: string, done: () => void, form: { saveFailed(title: string): (cause: unknown) => void }) {
  return {
    onSuccess: () => {
      notifySuccess(success);
      done();
    },
    onError: form.saveFailed(error),
  };
}
