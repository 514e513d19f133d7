import { lazy } from 'react';
import PersonIcon from '@mui/icons-material/Person';
import type { FeatureModule } from '../../app/feature-registry';

export const profileFeature: FeatureModule = {
  id: 'profile',
  routes: [{ path: '/profile', element: lazy(() => import('./profile-page')) }],
  menu: [{ section: 'Personal', label: 'Profile', path: '/profile', icon: PersonIcon, order: 10 }],
};
