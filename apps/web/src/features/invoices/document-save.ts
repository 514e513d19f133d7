import { notifyError, notifySuccess } from '../../lib/toasts';
import { serverFieldErrors, type FieldErrors } from '../../lib/zod-errors';
import { editorFieldErrors } from './document-lines';

interface SaveMessages {
  created: string;
  updated: string;
  createError: string;
  updateError: string;
}

/**
 * What an estimate or invoice editor does with the answer to its save: the saved document shown,
 * then `then` (finalise, approve…) or the success toast; a refusal's field errors placed under
 * their fields (the header's and each line's) beside the error toast. The mutation options for
 * creating and for updating.
 */
export function documentSaveHandlers<D>(opts: {
  messages: SaveMessages;
  /** the body's keys, e.g. 'invoiceData' and 'invoiceItems' */
  dataKey: string;
  itemsKey: string;
  setErrors: (update: (current: FieldErrors) => FieldErrors) => void;
  shown: (saved: D) => void;
  then?: ((saved: D) => void) | undefined;
}) {
  const { messages, shown, then } = opts;
  const failed = (title: string) => (error: unknown) => {
    const placed = editorFieldErrors(serverFieldErrors(error), opts.dataKey, opts.itemsKey);
    if (placed) opts.setErrors((current) => ({ ...current, ...placed }));
    notifyError(title, error);
  };
  return {
    created: {
      onSuccess: (saved: D) => {
        notifySuccess(messages.created);
        shown(saved);
        then?.(saved);
      },
      onError: failed(messages.createError),
    },
    updated: {
      onSuccess: (saved: D) => {
        shown(saved);
        if (then) then(saved);
        else notifySuccess(messages.updated);
      },
      onError: failed(messages.updateError),
    },
  };
}
