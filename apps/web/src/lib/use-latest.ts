import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * A ref to `value` as of the component's last committed draw: what a callback handed out once (to
 * a memoised part, a kept element, an effect that should not run again for it) reads at the moment
 * it is called. Set in a layout effect, so an event always finds the draw it was raised on.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
