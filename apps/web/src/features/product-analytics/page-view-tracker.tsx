import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useRegistry } from '../../app/registry-context';
import { useClientConfig } from '../../app/session';
import { capture, pageViewEvent, routeTemplate } from './page-views';

/** Mounted once inside the shell: a page view per page opened, when analytics is configured. */
export function PageViewTracker() {
  const analytics = useClientConfig()?.analytics ?? null;
  const { pathname } = useLocation();
  const { routes } = useRegistry();
  const routePaths = useMemo(() => routes.map((r) => r.path), [routes]);

  useEffect(() => {
    if (!analytics) return;
    void capture(analytics, pageViewEvent(analytics, routeTemplate(pathname, routePaths), window.location.origin));
  }, [analytics, pathname, routePaths]);
  return null;
}
