import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

/**
 * Product analytics has no page: page views are captured by a shell extension, in a chunk of its
 * own, only behind the session and only when the server has analytics configured.
 */
export const productAnalyticsFeature: FeatureModule = {
  id: 'product-analytics',
  routes: [],
  shellExtensions: [
    { id: 'page-views', element: lazy(() => import('./page-view-tracker').then((m) => ({ default: m.PageViewTracker }))) },
  ],
};
