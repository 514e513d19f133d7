import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

export const bookingFeature: FeatureModule = {
  id: 'booking',
  // Pet owners have no session: the page stands alone, outside the navigation.
  routes: [
    // The link in a booking request's email (SIGN_IN_LINK_PATHS.onlineBooking).
    { path: '/book/confirm', element: lazy(() => import('./booking-confirm-page')), public: true, layout: 'bare' },
    { path: '/book/:locationId', element: lazy(() => import('./booking-page')), public: true, layout: 'bare' },
  ],
};
