import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-registry';

/** The terms and the privacy policy, readable before signing in (app/public-routes.ts). */
export const legalPublicRoutes: FeatureRoute[] = [
  { path: '/terms-of-service', element: lazy(() => import('./terms-page')), public: true },
  { path: '/privacy-policy', element: lazy(() => import('./privacy-page')), public: true },
];
