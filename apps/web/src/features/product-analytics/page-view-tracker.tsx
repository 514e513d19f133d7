import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useRegistry } from '../../app/registry-context';
import { useClientConfig } from '../../app/session';
import { capture, pageViewEvent, routeTemplate } from './page-views';

/** At most this many pages wait for the settings (they may never come: a failed request). */
const MOST_WAITING = 50;

/** A page opened, not sent yet: its route template and when it was opened. */
interface Waiting {
  template: string;
  at: Date;
}

/** Mounted once inside the shell: a page view per page opened, when analytics is configured. */
export function PageViewTracker() {
  const config = useClientConfig();
  const analytics = config?.analytics ?? null;
  const { pathname } = useLocation();
  const { routes } = useRegistry();
  const routePaths = useMemo(() => routes.map((r) => r.path), [routes]);
  // Every page opened waits here until the settings are known: a person can open a record and move
  // on before they arrive (they load beside the page). Then the waiting pages go in order, each
  // with the time it was opened, if analytics is on, and are dropped if it is off; once the
  // settings are known a page waits no longer than its own render.
  const waiting = useRef<Waiting[]>([]);
  const known = config !== undefined;

  useEffect(() => {
    if (waiting.current.length < MOST_WAITING) waiting.current.push({ template: routeTemplate(pathname, routePaths), at: new Date() });
  }, [pathname, routePaths]);

  useEffect(() => {
    if (!known) return;
    const pages = waiting.current.splice(0);
    if (!analytics || pages.length === 0) return;
    void (async () => {
      for (const page of pages) await capture(analytics, pageViewEvent(analytics, page.template, window.location.origin, page.at));
    })();
  }, [known, analytics, pathname, routePaths]);
  return null;
}
