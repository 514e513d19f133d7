import { useCallback, useEffect, useRef, useState } from 'react';

/** What marks a field in error: MUI sets aria-invalid on inputs and Mui-error on group labels. */
const IN_ERROR = '[aria-invalid="true"], .Mui-error';

/**
 * After a failed submit, brings the first field in error into view and focuses it: on a phone the
 * message may be a whole screen away from the button that was pressed. Put `ref` on the form and
 * call `reveal()` when the check fails; it acts once the errors are on screen.
 */
export function useRevealFirstError<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    const first = ref.current?.querySelector<HTMLElement>(IN_ERROR);
    if (!first) return;
    // Not every environment scrolls (no layout in tests); focusing still helps.
    first.scrollIntoView?.({ block: 'center' });
    const input = first.matches('input, textarea, select, [tabindex]') ? first : first.closest('fieldset, .MuiFormControl-root')?.querySelector<HTMLElement>('input, textarea, [tabindex="0"]');
    input?.focus({ preventScroll: true });
  }, [attempt]);
  const reveal = useCallback(() => setAttempt((n) => n + 1), []);
  return { ref, reveal };
}
