import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-registry';

/**
 * The online booking page and its confirmation link (app/public-routes.ts). Pet owners have no
 * session: the page stands alone, outside the navigation.
 */
export const bookingPublicRoutes: FeatureRoute[] = [
  // The link in a booking request's email (SIGN_IN_LINK_PATHS.onlineBooking).
  { path: '/book/confirm', element: lazy(() => import('./booking-confirm-page')), public: true, layout: 'bare' },
  { path: '/book/:locationId', element: lazy(() => import('./booking-page')), public: true, layout: 'bare' },
];
