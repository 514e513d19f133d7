import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { notifySuccess } from '../lib/toasts';
import { EntityFormDialog } from './entity-form-dialog';
import { useFormState } from './form-state';

/** The operations a form saves through, as `crudOperations` makes them. */
export interface FormOps {
  create?: { body?: z.ZodType };
  update?: { body?: z.ZodType };
  body?: { data: string };
}

/**
 * The schema of what a form sends: the fields under the body's wrapper in the contract's create
 * operation (every field, so an edit is checked as fully as a new record), else its update's.
 */
export function formSchemaOf(ops: FormOps): z.ZodType {
  const op = ops.create ?? ops.update;
  const body = op?.body as z.ZodObject | undefined;
  const schema = body?.shape[ops.body?.data ?? 'data'] as z.ZodType | undefined;
  if (!schema) throw new Error('the operations have no create or update body to take a form schema from');
  return schema;
}

/** A save: what crudHooks' useCreate and useUpdate answer. */
export interface SaveMutation<V, A> {
  mutate(variables: V, options: { onSuccess: (answer: A) => void; onError: (error: Error) => void }): void;
  isPending: boolean;
}

interface EntityFormOptions<V extends object, R extends { id: string }, D, A> {
  /** the entity's contract operations: the form is checked against their schema */
  ops: FormOps;
  /** its create and update mutations (crudHooks) */
  create: SaveMutation<D, A>;
  update: SaveMutation<{ id: string; data: D }, A>;
  /** lower case, as in 'New contact', 'Contact created' and 'Error creating contact' */
  noun: string;
  open: boolean;
  /** the record to edit; null for a new one */
  record: R | null;
  /** empty values for a new record; a function, since they may depend on the moment (today) */
  blank: () => V;
  fromRecord: (record: R) => V;
  /** the form's values as the schema's input */
  toInput: (values: V) => unknown;
  onClose: () => void;
  /** after a save, with the saved record (e.g. open the new client's page) */
  onSaved?: (saved: A, created: boolean) => void;
  /** the dialog's title; 'New <noun>' / 'Edit <noun>' unless given */
  title?: (record: R | null) => string;
  /** another change outside the values (a patient picked) that must not be discarded silently */
  alsoDirty?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * An entity's create/edit dialog wired to its contract: loads the record (or the blank values)
 * when opened, checks the values against the contract's schema with each error under its field,
 * saves through the create or update mutation with the success toast, and on a refused save puts
 * the server's message under its field with the one error toast. Esc or a click outside asks
 * before discarding what was typed. A form adds only its fields: `dialog(<>…fields…</>)`.
 */
export function useEntityForm<V extends object, R extends { id: string }, D, A>(options: EntityFormOptions<V, R, D, A>) {
  const { ops, create, update, noun, open, record, blank, fromRecord, toInput, onClose, onSaved, title, alsoDirty = false, maxWidth } = options;
  const form = useFormState(blank());
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(record ? fromRecord(record) : blank());
  }, [open, record, reset, blank, fromRecord]);

  const Noun = capitalized(noun);
  const submit = (extra: object = {}) => {
    const data = form.check(formSchemaOf(ops), { ...(toInput(form.values) as object), ...extra }) as D | undefined;
    if (data === undefined) return;
    const saved = (created: boolean) => (answer: A) => {
      notifySuccess(`${Noun} ${created ? 'created' : 'updated'}`);
      onClose();
      onSaved?.(answer, created);
    };
    if (record) update.mutate({ id: record.id, data }, { onSuccess: saved(false), onError: form.saveFailed(`Error updating ${noun}`) });
    else create.mutate(data, { onSuccess: saved(true), onError: form.saveFailed(`Error creating ${noun}`) });
  };

  /** The dialog around the form's fields; `extra` joins the values on submit (fields kept outside them). */
  const dialog = (fields: ReactNode, extra?: () => object) => (
    <EntityFormDialog
      open={open}
      title={title ? title(record) : record ? `Edit ${noun}` : `New ${noun}`}
      submitLabel={record ? 'Save' : 'Create'}
      submitting={create.isPending || update.isPending}
      onSubmit={() => submit(extra?.())}
      onClose={onClose}
      dirty={form.dirty || alsoDirty}
      maxWidth={maxWidth}
    >
      {fields}
    </EntityFormDialog>
  );
  return { form, dialog };
}
