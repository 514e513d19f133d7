import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { FeatureModule } from '../../app/feature-registry';

export const usersFeature: FeatureModule = {
  id: 'users',
  // No permission in the menu; managing is limited to users.manage on the page itself.
  routes: [{ path: '/users', element: lazy(() => import('./users-page')) }],
  menu: [{ section: 'Settings', label: 'Users', path: '/users', icon: PeopleIcon, order: 30 }],
};
