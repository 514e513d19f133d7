import { useEffect, useRef } from 'react';
import type { CalendarView } from './calendar-views';

export type ShortcutAction = { type: 'today' } | { type: 'step'; direction: 1 | -1 } | { type: 'view'; view: CalendarView };

const KEYS: Record<string, ShortcutAction> = {
  t: { type: 'today' },
  n: { type: 'step', direction: 1 },
  ArrowRight: { type: 'step', direction: 1 },
  p: { type: 'step', direction: -1 },
  ArrowLeft: { type: 'step', direction: -1 },
  d: { type: 'view', view: 'day' },
  w: { type: 'view', view: 'week' },
  m: { type: 'view', view: 'month' },
  r: { type: 'view', view: 'providers' },
};

/** Somewhere keys are text: inputs, text areas, selects and editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]') !== null;
}

/** A dialog, drawer or menu is open over the page (MUI keeps some closed ones mounted, marked hidden). */
export function overlayOpen(doc: Document): boolean {
  for (const el of doc.querySelectorAll('.MuiModal-root, [role="dialog"]')) {
    if (el.closest('.MuiModal-hidden, [aria-hidden="true"]')) continue;
    return true;
  }
  return false;
}

/** The calendar action a key press asks for, or null (modifiers, typing and open dialogs leave keys alone). */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'defaultPrevented'>, doc: Document): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const action = KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
  if (!action) return null;
  if (isTypingTarget(event.target) || overlayOpen(doc)) return null;
  return action;
}

/** t today, n / → next, p / ← previous, d w m r for the views. */
export function useCalendarShortcuts(onAction: (action: ShortcutAction) => void): void {
  const handler = useRef(onAction);
  handler.current = onAction;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event, document);
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
