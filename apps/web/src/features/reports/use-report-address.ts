import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** The mark this page leaves on the address entries it writes (their history state). */
const WRITTEN_HERE = 'reportFilters';

/**
 * The Reports page's address (its search params) and the way to change it, ahead of the router.
 *
 * The router renders an address change as a React transition, and each key typed into a date
 * interrupts it: on a busy machine its render of one write lands after later keys. Shown from the
 * router's address, the page then sets a field back to an older day (a year half typed, or the
 * default after a field cleared on the way) and builds the next write on the older address (the
 * first key typed into To drops the day just typed into From). So the page shows, and builds on,
 * its own latest write until the router renders an address the page did not write (a link, the
 * menu, the browser's history).
 */
export function useReportAddress(): [URLSearchParams, (next: URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // `since`: the address the router showed when the page wrote (its key), so that until the
  // router renders the write the page's own search still wins.
  const [written, setWritten] = useState<{ search: string; since: string } | null>(null);
  const ours = (location.state as Record<string, unknown> | null)?.[WRITTEN_HERE] === true || location.key === written?.since;
  const current = written && ours ? new URLSearchParams(written.search) : params;
  const write = (next: URLSearchParams) => {
    setWritten({ search: next.toString(), since: location.key });
    setParams(next, { replace: true, state: { [WRITTEN_HERE]: true } });
  };
  return [current, write];
}
