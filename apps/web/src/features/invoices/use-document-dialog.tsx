// The billing document kit of the web (docs/decisions/0175): what the estimate and invoice
// dialogs share — the document loaded into the editor once per document shown, its tax codes and
// currency, saving it with its lines, a change of state answered with the document, and its
// delete. Each dialog passes in its contract, hooks and words, and adds what its kind has.
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import type { z } from 'zod';
import { DEFAULT_CURRENCY, MANAGE_BILLING } from '@willow/contracts';
import type { Estimate, Invoice } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { useFormState } from '../../components/form-fields';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { blankDocument } from './document-editor';
import type { DocumentValues } from './document-editor';
import { rateOfCodes } from './document-lines';
import type { LineDraft } from './document-lines';
import { documentSaveHandlers } from './document-save';
import { useClientBalance, useTaxCodes } from './invoices.api';

/** Where a new document starts: its location, and the client, patient, appointment and lines when known. */
export interface DocumentStart {
  locationId: string;
  clientId?: string | undefined;
  patientId?: string | null | undefined;
  appointmentId?: string | null | undefined;
  lines?: LineDraft[] | undefined;
}

/** A mutation as the kit calls it (a TanStack mutation of the document's hooks). */
interface Mutation<V, D> {
  mutate(variables: V, handlers: { onSuccess: (saved: D) => void; onError: (error: Error) => void }): void;
  isPending: boolean;
}

interface DocumentDialogKit<D extends Estimate | Invoice, F extends z.ZodType> {
  /** the document to open; null starts a new one from `start` */
  documentId: string | null;
  start: DocumentStart | null | undefined;
  useGet: (id: string | undefined) => { data?: D | undefined; error: Error | null };
  /** whether the saved document may still be edited (an open estimate, a draft invoice) */
  editable: (document: D) => boolean;
  valuesOf: (document: D) => DocumentValues;
  /** the header and its lines checked together; the lines' errors land under 'items.<i>.<field>' */
  form: F;
  inputOf: (values: DocumentValues, locationId: string) => unknown;
  /** the operations' body keys (e.g. invoiceOps.body) */
  body: { data: string; items: string | undefined };
  create: Mutation<never, D>;
  update: Mutation<never, D>;
  remove: { mutateAsync(id: string): Promise<unknown> };
  messages: { created: string; updated: string; createError: string; updateError: string; deleted: string; deleteError: string };
  /** the delete's confirmation */
  deleteTitle: string;
  deleteMessage: string;
  onClose: () => void;
}

export function useDocumentDialog<D extends Estimate | Invoice, F extends z.ZodType>(kit: DocumentDialogKit<D, F>) {
  const { start, messages } = kit;
  const [id, setId] = useState<string | null>(kit.documentId);
  const query = kit.useGet(id ?? undefined);
  // What the last save or change answered, until the document is read back: a click right after
  // "created" then acts on the saved document instead of creating it a second time.
  const [answered, setAnswered] = useState<D | undefined>();
  const document = query.data ?? (answered?.id === id ? answered : undefined);
  const locationId = document?.locationId ?? start?.locationId ?? '';
  const form = useFormState<DocumentValues>(
    blankDocument({
      clientId: start?.clientId ?? '',
      patientId: start?.patientId ?? '',
      appointmentId: start?.appointmentId ?? '',
      ...(start?.lines?.length ? { lines: start.lines } : {}),
    }),
  );
  const { reset } = form;
  const { valuesOf } = kit;
  // The saved document fills the form once per document shown (a credit note started here is another).
  const [loadedId, setLoadedId] = useState<string | null>(null);
  useEffect(() => {
    if (document && document.id !== loadedId) {
      reset(valuesOf(document));
      setLoadedId(document.id);
    }
  }, [document, loadedId, reset, valuesOf]);

  const v = form.values;
  const readOnly = document ? !kit.editable(document) : false;
  const taxCodes = useTaxCodes(locationId || null);
  const balance = useClientBalance(v.clientId || null);
  const currency = document?.currency ?? balance.data?.currency ?? DEFAULT_CURRENCY;
  const rateOf = useMemo(() => rateOfCodes(taxCodes.data ?? []), [taxCodes.data]);
  // Deleting needs billing.manage (decision 0132), as the server checks.
  const canDelete = useHasAnyPermission([MANAGE_BILLING]);
  const saving = kit.create.isPending || kit.update.isPending;

  const confirmDelete = useConfirmDelete<D>({
    title: kit.deleteTitle,
    message: () => kit.deleteMessage,
    run: (d) => kit.remove.mutateAsync(d.id),
    success: messages.deleted,
    error: messages.deleteError,
    onDeleted: kit.onClose,
  });

  const shown = (saved: D) => {
    setAnswered(saved);
    setId(saved.id);
    setLoadedId(saved.id);
    reset(valuesOf(saved));
  };

  /** Saves the document (creating it the first time), then `then` with what was saved. */
  const save = (then?: (saved: D) => void) => {
    const checked = form.check(kit.form, kit.inputOf(v, locationId)) as ({ items: unknown[]; locationId: string } & Record<string, unknown>) | undefined;
    if (!checked) return;
    const { items, locationId: at, ...header } = checked;
    const { data, items: itemsKey = 'items' } = kit.body;
    const handlers = documentSaveHandlers<D>({ messages, dataKey: data, itemsKey, setErrors: form.setErrors, shown, then });
    if (document) kit.update.mutate({ id: document.id, data: { [data]: header, [itemsKey]: items } } as never, handlers.updated);
    else kit.create.mutate({ [data]: { locationId: at, ...header }, [itemsKey]: items } as never, handlers.created);
  };

  /** Unsaved changes are saved first: what is approved or finalised is what is on screen. */
  const saveThen = (action: (saved: D) => void) => (document && !form.dirty ? action(document) : save(action));

  /** A change of state answered with the document (or another: a credit note): shown, `after`, then `success` told. */
  const act = <V,>(mutation: Mutation<V, D>, variables: V, words: { success: string; error: string }, after?: () => void) =>
    mutation.mutate(variables, {
      onSuccess: (saved) => {
        shown(saved);
        after?.();
        notifySuccess(words.success);
      },
      onError: (error) => notifyError(words.error, error),
    });

  /** Delete, for one who may, while the document can be edited. */
  const deleteButton = (busy: boolean): ReactNode =>
    document &&
    !readOnly &&
    canDelete && (
      <Button color="error" onClick={() => confirmDelete.ask(document)} disabled={busy}>
        Delete
      </Button>
    );

  return {
    document,
    form,
    values: v,
    readOnly,
    locationId,
    currency,
    rateOf,
    taxCodes: taxCodes.data ?? [],
    saving,
    save,
    saveThen,
    /** a saved document asked for and not read (loading, or refused): nothing to save or act on yet */
    unread: Boolean(id) && !document,
    act,
    shown,
    deleteButton,
    deleteDialog: confirmDelete.dialog,
    /** what DocumentDialogFrame takes of the kit */
    frame: {
      dirty: form.dirty,
      loading: Boolean(id) && !document,
      loadError: id ? query.error : null,
      onSubmit: () => save(),
      onClose: kit.onClose,
    },
    /** what DocumentFields takes of the kit */
    fields: {
      values: v,
      set: form.set,
      errors: form.errors,
      locationId,
      readOnly,
      clientName: document?.clientName,
      taxCodes: taxCodes.data ?? [],
      currency,
    },
  };
}
