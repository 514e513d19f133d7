import { lazy } from 'react';
import { CARD_PAYMENT_RETURN_PATHS } from '@willow/contracts';
import type { FeatureRoute } from '../../app/feature-registry';

/** Known to the first load (app/public-routes.ts). */
export const cardPaymentsPublicRoutes: FeatureRoute[] = [
  // Where Stripe's page sends the client back: no session, the page alone, phone first.
  { path: CARD_PAYMENT_RETURN_PATHS.paid, element: lazy(() => import('./payment-return-page')), public: true, layout: 'bare' },
  { path: CARD_PAYMENT_RETURN_PATHS.cancelled, element: lazy(() => import('./payment-return-page')), public: true, layout: 'bare' },
];
