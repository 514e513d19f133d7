import { Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import type { FeatureRoute, Registry } from './feature-registry';
import Forbidden from './forbidden';
import HomeRedirect from './home-redirect';
import NotAuthorized from './not-authorized';
import NotFound from './not-found';
import { RequirePermissions, SessionGuard } from './session-guard';
import { AppShell } from './shell/app-shell';
import type { RouteHandle } from './shell/app-shell';

function RoutePage({ route }: { route: FeatureRoute }) {
  const Page = route.element;
  const page = (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
  if (route.public) return page;
  return <RequirePermissions permissions={route.permissions}>{page}</RequirePermissions>;
}

function toRouteObject(route: FeatureRoute): RouteObject {
  const handle: RouteHandle = { fixedHeight: route.fixedHeight };
  return { path: route.path, element: <RoutePage route={route} />, handle };
}

/** Routes come only from registered features, plus the shell's own pages (SPEC §2). */
export function buildRoutes(registry: Registry): RouteObject[] {
  const publicRoutes = registry.routes.filter((r) => r.public);
  const shellRoutes = registry.routes.filter((r) => !r.public && (r.layout ?? 'shell') === 'shell');
  const bareRoutes = registry.routes.filter((r) => !r.public && r.layout === 'bare');
  const ownsHome = registry.routes.some((r) => r.path === '/');

  return [
    ...publicRoutes.map(toRouteObject),
    { path: '/401', element: <NotAuthorized /> },
    { path: '/403', element: <Forbidden /> },
    {
      element: <SessionGuard />,
      children: [
        {
          element: <AppShell />,
          children: [
            ...(ownsHome ? [] : [{ index: true, element: <HomeRedirect /> }]),
            ...shellRoutes.map(toRouteObject),
            { path: '*', element: <NotFound /> },
          ],
        },
        ...bareRoutes.map(toRouteObject),
      ],
    },
  ];
}

export function createAppRouter(registry: Registry) {
  return createBrowserRouter(buildRoutes(registry));
}
