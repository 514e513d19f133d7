import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { setSessionLostNavigator } from '../lib/http-client';
import { PageLoader } from '../components/page-loader';
import type { FeatureRoute, Registry } from './feature-registry';
import { publicRoutes } from './public-routes';
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
// Every feature's registration (routes, menu, tabs) and the session's pages: not on the first load.
const SignedInApp = lazy(() => import('./signed-in-app'));

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

/**
 * The routes of the signed-in app: every registered feature's pages behind the session check, inside
 * the navigation or alone ('bare'), plus the shell's home redirect and not-found page.
 */
export function buildSignedInRoutes(registry: Registry): RouteObject[] {
  const shellRoutes = registry.routes.filter((r) => !r.public && (r.layout ?? 'shell') === 'shell');
  const bareRoutes = registry.routes.filter((r) => !r.public && r.layout === 'bare');
  const ownsHome = registry.routes.some((r) => r.path === '/');
  return [
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
 * The first load's routes: the public pages, the 401 and 403 pages, and for every other path the
 * signed-in app, which brings the features' registry with it (docs/decisions/0150).
 */
export function buildRoutes(publicPages: readonly FeatureRoute[], signedIn: ReactNode): RouteObject[] {
  return [
    ...publicPages.map(toRouteObject),
    { path: '/401', element: loading(<NotAuthorized />) },
    { path: '/403', element: loading(<Forbidden />) },
    { path: '*', element: <Suspense fallback={<PageLoader fullScreen />}>{signedIn}</Suspense> },
  ];
}

/** The signed-in app's routes, under the first load's catch-all: descendant routes of '/*'. */
export function SignedInRoutes() {
  const registry = useRegistry();
  const routes = useMemo(() => buildSignedInRoutes(registry), [registry]);
  return useRoutes(routes);
}

/**
 * The app's pages. Declarative routing (a BrowserRouter around this) rather than a data router: no
 * page uses loaders or actions, and the data router's code would weigh on every first load.
 */
export function AppRoutes() {
  const routes = useMemo(() => buildRoutes(publicRoutes, <SignedInApp />), []);
  const navigate = useNavigate();
  // Session loss found by any API call moves the user within the app, keeping the toast queue.
  useEffect(() => setSessionLostNavigator((to) => void navigate(to, { replace: true })), [navigate]);
  return useRoutes(routes);
}
