import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { setSessionLostNavigator } from '../lib/http-client';
import { PageLoader } from '../components/page-loader';
import type { FeatureRoute, Registry } from './feature-registry';
import { useRegistry } from './registry-context';

// The session check, the navigation and everything they show are not needed by the sign-in and the
// other public pages: they load with the first page that needs a session (docs/decisions/0038).
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
const SessionGuard = lazy(() => import('./session-guard').then((m) => ({ default: m.SessionGuard })));
const RequirePermissions = lazy(() => import('./session-guard').then((m) => ({ default: m.RequirePermissions })));
const HomeRedirect = lazy(() => import('./home-redirect'));
const NotAuthorized = lazy(() => import('./not-authorized'));
const Forbidden = lazy(() => import('./forbidden'));
const NotFound = lazy(() => import('./not-found'));

/** A page of its own chunk, with the loader while it comes. */
const loading = (page: ReactNode) => <Suspense fallback={<PageLoader />}>{page}</Suspense>;

function RoutePage({ route }: { route: FeatureRoute }) {
  const Page = route.element;
  const page = loading(<Page />);
  if (route.public) return page;
  return loading(<RequirePermissions permissions={route.permissions}>{page}</RequirePermissions>);
}

function toRouteObject(route: FeatureRoute): RouteObject {
  return { path: route.path, element: <RoutePage route={route} /> };
}

/** Routes come only from registered features, plus the shell's own pages (401, 403, the home redirect, not found). */
export function buildRoutes(registry: Registry): RouteObject[] {
  const publicRoutes = registry.routes.filter((r) => r.public);
  const shellRoutes = registry.routes.filter((r) => !r.public && (r.layout ?? 'shell') === 'shell');
  const bareRoutes = registry.routes.filter((r) => !r.public && r.layout === 'bare');
  const ownsHome = registry.routes.some((r) => r.path === '/');

  return [
    ...publicRoutes.map(toRouteObject),
    { path: '/401', element: loading(<NotAuthorized />) },
    { path: '/403', element: loading(<Forbidden />) },
    {
      element: (
        <Suspense fallback={<PageLoader fullScreen />}>
          <SessionGuard />
        </Suspense>
      ),
      children: [
        {
          element: loading(<AppShell />),
          children: [
            ...(ownsHome ? [] : [{ index: true, element: loading(<HomeRedirect />) }]),
            ...shellRoutes.map(toRouteObject),
            { path: '*', element: loading(<NotFound />) },
          ],
        },
        ...bareRoutes.map(toRouteObject),
      ],
    },
  ];
}

/**
 * The app's pages. Declarative routing (a BrowserRouter around this) rather than a data router: no
 * page uses loaders or actions, and the data router's code would weigh on every first load.
 */
export function AppRoutes() {
  const registry = useRegistry();
  const routes = useMemo(() => buildRoutes(registry), [registry]);
  const navigate = useNavigate();
  // Session loss found by any API call moves the user within the app, keeping the toast queue.
  useEffect(() => setSessionLostNavigator((to) => void navigate(to, { replace: true })), [navigate]);
  return useRoutes(routes);
}
