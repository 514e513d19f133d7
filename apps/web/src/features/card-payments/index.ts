import { lazy } from 'react';
import { CARD_PAYMENT_RETURN_PATHS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

export const cardPaymentsFeature: FeatureModule = {
  id: 'card-payments',
  routes: [
    // Where Stripe's page sends the client back: no session, the page alone, phone first.
    { path: CARD_PAYMENT_RETURN_PATHS.paid, element: lazy(() => import('./payment-return-page')), public: true, layout: 'bare' },
    { path: CARD_PAYMENT_RETURN_PATHS.cancelled, element: lazy(() => import('./payment-return-page')), public: true, layout: 'bare' },
  ],
  clientTabs: [{ id: 'card-payments', label: 'Card payments', order: 75, element: lazy(() => import('./client-card-payments-tab')) }],
};
