import { lazy } from 'react';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import { MENU_PERMISSIONS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

const { MANAGE_ACCOUNT, SUPER_ADMINISTRATOR } = MENU_PERMISSIONS;

export const accountsFeature: FeatureModule = {
  id: 'accounts',
  routes: [
    { path: '/myAccount', element: lazy(() => import('./my-account-page')), permissions: [MANAGE_ACCOUNT] },
    { path: '/accounts', element: lazy(() => import('./accounts-admin-page')), permissions: [SUPER_ADMINISTRATOR] },
  ],
  menu: [
    { section: 'Settings', label: 'Account', path: '/myAccount', icon: BusinessIcon, permissions: [MANAGE_ACCOUNT], order: 10 },
    { section: 'Super Admin', label: 'Accounts', path: '/accounts', icon: ApartmentIcon, permissions: [SUPER_ADMINISTRATOR], order: 10 },
  ],
};
