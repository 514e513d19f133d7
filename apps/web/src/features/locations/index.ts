import { lazy } from 'react';
import PlaceIcon from '@mui/icons-material/Place';
import { MENU_PERMISSIONS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

const access = [MENU_PERMISSIONS.SWITCH_LOCATIONS, MENU_PERMISSIONS.MANAGE_LOCATIONS];

export const locationsFeature: FeatureModule = {
  id: 'locations',
  routes: [{ path: '/locations', element: lazy(() => import('./locations-page')), permissions: access }],
  menu: [{ section: 'Settings', label: 'Locations', path: '/locations', icon: PlaceIcon, permissions: access, order: 20 }],
};
