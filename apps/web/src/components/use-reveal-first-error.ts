import { useCallback, useEffect, useRef, useState } from 'react';
import type { FocusEvent } from 'react';

/** What marks a field in error: MUI sets aria-invalid on inputs and Mui-error on group labels. */
const IN_ERROR = '[aria-invalid="true"], .Mui-error';

/**
 * After a failed submit, brings the first field in error into view and focuses it: on a phone the
 * message may be a whole screen away from the button that was pressed. Put `ref` on the form and
 * call `reveal()` when the check fails; it acts once the errors are on screen.
 */
export function useRevealFirstError<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T | null>(null);
  const orFocus = useRef<HTMLElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const first = ref.current?.querySelector<HTMLElement>(IN_ERROR);
    const fallback = orFocus.current;
    orFocus.current = null;
    if (!first) {
      // Nothing in error: the focus goes back to `fallback`, and only if it was lost.
      if (fallback?.isConnected && !fallback.matches(':disabled') && !isAControl(document.activeElement)) fallback.focus();
      return;
    }
    // Not every environment scrolls (no layout in tests); focusing still helps.
    first.scrollIntoView?.({ block: 'center' });
    const input = first.matches('input, textarea, select, [tabindex]') ? first : first.closest('fieldset, .MuiFormControl-root')?.querySelector<HTMLElement>('input, textarea, [tabindex="0"]');
    input?.focus({ preventScroll: true });
  }, [attempt]);
  /** `fallback`: where the focus goes back to when no field is in error and it was lost. */
  const reveal = useCallback((fallback?: HTMLElement | null) => {
    orFocus.current = fallback ?? null;
    setAttempt((n) => n + 1);
  }, []);
  return { ref, reveal };
}

/**
 * A form whose buttons are disabled while its change runs (`busy`): the pressed button leaves the
 * focus on the page (or a dialog's trap parks it on the dialog itself), and a keyboard user loses
 * their place. Once the change settles with the form still `open`, the focus goes to the first
 * field in error (a refused save's message is under it), else back to where it last was in the
 * form. Spread `onFocus` on the form's root and put `ref` on the element holding its fields.
 */
export function useRevealAfterChange<T extends HTMLElement = HTMLElement>(busy: boolean, open = true) {
  const { ref, reveal } = useRevealFirstError<T>();
  const last = useRef<HTMLElement | null>(null);
  const onFocus = useCallback((event: FocusEvent) => {
    if (isAControl(event.target)) last.current = event.target as HTMLElement;
  }, []);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy && open) reveal(last.current);
    wasBusy.current = busy;
  }, [busy, open, reveal]);
  return { ref, reveal, onFocus };
}

/** A field or a button someone works in, as opposed to the page or a dialog's own root. */
function isAControl(element: EventTarget | null): boolean {
  return element instanceof HTMLElement && element !== document.body && element.getAttribute('tabindex') !== '-1';
}
