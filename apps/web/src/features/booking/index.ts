import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

export const bookingFeature: FeatureModule = {
  id: 'booking',
  // Pet owners have no session: the page stands alone, outside the navigation.
  routes: [{ path: '/book/:locationId', element: lazy(() => import('./booking-page')), public: true, layout: 'bare' }],
};
