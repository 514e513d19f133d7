import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-registry';

/** Signing in and what the sign-in emails link to: known to the first load (app/public-routes.ts). */
export const authPublicRoutes: FeatureRoute[] = [
  { path: '/login', element: lazy(() => import('./login-page')), public: true },
  { path: '/logout', element: lazy(() => import('./logout-page')), public: true },
  // The pages the sign-in emails link to, and a new practice's start (the server serves them without a session).
  { path: '/magicLink', element: lazy(() => import('./magic-link-page')), public: true },
  { path: '/forgotPassword', element: lazy(() => import('./forgot-password-page')), public: true },
  { path: '/resetPassword', element: lazy(() => import('./reset-password-page')), public: true },
  { path: '/onboarding', element: lazy(() => import('./onboarding-page')), public: true },
];
