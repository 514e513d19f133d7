import type { FeatureModule } from '../../app/feature-registry';
import { legalPublicRoutes } from './public-routes';

export const legalFeature: FeatureModule = {
  id: 'legal',
  routes: [...legalPublicRoutes],
};
