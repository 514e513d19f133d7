import type { FeatureModule } from '../../app/feature-registry';
import { bookingPublicRoutes } from './public-routes';

export const bookingFeature: FeatureModule = {
  id: 'booking',
  routes: [...bookingPublicRoutes],
};
