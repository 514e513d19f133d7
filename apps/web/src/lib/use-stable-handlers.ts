import { useState } from 'react';
import { useLatest } from './use-latest';

type Handlers = Record<string, (...args: never[]) => unknown>;

/**
 * Functions that stay the same for the component's life, each calling the latest of `handlers`
 * (the set of names is the first draw's). A memoised part of a form handed them is not drawn again
 * when the form draws for a key typed elsewhere (decision 0326). For event handlers: they see the
 * values of the form's last committed draw.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useLatest(handlers);
  const [stable] = useState(
    () => Object.fromEntries(Object.keys(handlers).map((name) => [name, (...args: never[]) => latest.current[name]!(...args)])) as T,
  );
  return stable;
}
