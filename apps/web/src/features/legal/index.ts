import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

export const legalFeature: FeatureModule = {
  id: 'legal',
  routes: [
    { path: '/terms-of-service', element: lazy(() => import('./terms-page')), public: true },
    { path: '/privacy-policy', element: lazy(() => import('./privacy-page')), public: true },
  ],
};
