import type { ReactNode } from 'react';
import { useConfirmAction } from './use-confirm-action';

export interface ConfirmDeleteOptions<T> {
  /** dialog title, e.g. 'Delete client' */
  title: string;
  message: (item: T) => ReactNode;
  /** the delete itself, usually a mutation's mutateAsync */
  run: (item: T) => Promise<unknown>;
  /** the toast texts, e.g. 'Client deleted' / 'Error deleting client' */
  success: string;
  error: string;
  confirmLabel?: string;
  onDeleted?: (item: T) => void;
}

/**
 * The delete flow every list shares (useConfirmAction with a red Delete button). Returns
 * `ask(item)` to open the confirmation and the `dialog` element to render once.
 */
export function useConfirmDelete<T>({ confirmLabel = 'Delete', onDeleted, ...options }: ConfirmDeleteOptions<T>) {
  return useConfirmAction<T>({ ...options, confirmLabel, destructive: true, ...(onDeleted && { onDone: onDeleted }) });
}
