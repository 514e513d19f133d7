import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-registry';

/** The form a client fills in from a link (app/public-routes.ts). */
export const formsPublicRoutes: FeatureRoute[] = [
  // The link a client gets (FormRequestCreated.url): no session, the page alone, phone first.
  { path: '/form/:accountId/:requestId', element: lazy(() => import('./public-form-page')), public: true, layout: 'bare' },
];
