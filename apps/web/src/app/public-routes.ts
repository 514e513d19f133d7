import { authPublicRoutes } from '../features/auth/public-routes';
import { bookingPublicRoutes } from '../features/booking/public-routes';
import { cardPaymentsPublicRoutes } from '../features/card-payments/public-routes';
import { formsPublicRoutes } from '../features/forms/public-routes';
import { legalPublicRoutes } from '../features/legal/public-routes';
import type { FeatureRoute } from './feature-registry';

/**
 * The pages reachable without a session: the only routes the first load knows. Every other route,
 * the menu and the rest of what features register come with the signed-in app
 * (signed-in-app.tsx), so a person opening /login loads none of it (docs/decisions/0150). Each of
 * these features also lists its public routes in its FeatureModule; the feature registry's test
 * checks the two agree.
 */
export const publicRoutes: readonly FeatureRoute[] = [
  ...authPublicRoutes,
  ...legalPublicRoutes,
  ...bookingPublicRoutes,
  ...formsPublicRoutes,
  ...cardPaymentsPublicRoutes,
];
