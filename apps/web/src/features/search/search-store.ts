import { useSyncExternalStore } from 'react';

/** Whether the global search dialog is open: the shortcut, the nav button and the dialog share it. */
let open = false;
const listeners = new Set<() => void>();

export function setSearchOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function useSearchOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => open,
  );
}

/** Ctrl+K, or Cmd+K on a Mac. */
export const isSearchShortcut = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
