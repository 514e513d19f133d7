import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Gives the focus to `target` once a change asked for with `refocus()` is no longer `busy`.
 * A button disabled while its change runs (or a chip or button the change removes) leaves the
 * focus on the page itself: Esc then no longer reaches the dialog around it, and a keyboard user
 * loses their place.
 */
export function useRefocus<T extends HTMLElement>(busy: boolean) {
  const target = useRef<T>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!asked || busy) return;
    setAsked(false);
    target.current?.focus();
  }, [asked, busy]);
  const refocus = useCallback(() => setAsked(true), []);
  return { target, refocus };
}
