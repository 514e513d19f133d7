import { lazy } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import type { FeatureModule } from '../../app/feature-registry';

export const authFeature: FeatureModule = {
  id: 'auth',
  routes: [
    { path: '/login', element: lazy(() => import('./login-page')), public: true },
    { path: '/logout', element: lazy(() => import('./logout-page')), public: true },
  ],
  menu: [{ section: 'Personal', label: 'Logout', path: '/logout', icon: LogoutIcon, order: 100 }],
};
