import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

/** SPEC §2's menu has no Services entry: the page is reached from Locations and the calendar. */
export const servicesFeature: FeatureModule = {
  id: 'services',
  routes: [{ path: '/services', element: lazy(() => import('./services-page')) }],
};
