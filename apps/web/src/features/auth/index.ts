import LogoutIcon from '@mui/icons-material/Logout';
import type { FeatureModule } from '../../app/feature-registry';
import { authPublicRoutes } from './public-routes';

export const authFeature: FeatureModule = {
  id: 'auth',
  routes: [...authPublicRoutes],
  menu: [{ section: 'Personal', label: 'Logout', path: '/logout', icon: LogoutIcon, order: 100 }],
};
