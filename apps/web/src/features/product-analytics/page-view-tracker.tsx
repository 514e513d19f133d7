import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useRegistry } from '../../app/registry-context';
import { useClientConfig } from '../../app/session';
import { capture, pageViewEvent, routeTemplate } from './page-views';

/** At most this many pages wait for the settings (they may never come: a failed request). */
const MOST_WAITING = 50;

/** A page opened before the portal's settings said whether analytics is on. */
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
  // A person can open a record and move on before the settings arrive (they load beside the
  // page): those pages wait, each with the time it was opened, and are sent in order once the
  // settings say analytics is on, or dropped if they say it is off.
  const waiting = useRef<Waiting[]>([]);
  const known = config !== undefined;
  // Read by the page effect below, which runs for a new page only, not when the settings arrive.
  const settings = useRef({ known, analytics });
  settings.current = { known, analytics };

  useEffect(() => {
    if (!known) return;
    const pages = waiting.current;
    waiting.current = [];
    if (!analytics || pages.length === 0) return;
    void (async () => {
      for (const page of pages) await capture(analytics, pageViewEvent(analytics, page.template, window.location.origin, page.at));
    })();
  }, [known, analytics]);

  useEffect(() => {
    const template = routeTemplate(pathname, routePaths);
    const { known: settled, analytics: on } = settings.current;
    if (!settled) {
      if (waiting.current.length < MOST_WAITING) waiting.current.push({ template, at: new Date() });
    }
    else if (on) void capture(on, pageViewEvent(on, template, window.location.origin));
  }, [pathname, routePaths]);
  return null;
}
