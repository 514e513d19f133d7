import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';
import { cardPaymentsPublicRoutes } from './public-routes';

export const cardPaymentsFeature: FeatureModule = {
  id: 'card-payments',
  routes: [...cardPaymentsPublicRoutes],
  clientTabs: [{ id: 'card-payments', label: 'Card payments', order: 75, element: lazy(() => import('./client-card-payments-tab')) }],
};
