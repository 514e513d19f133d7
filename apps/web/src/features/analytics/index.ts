import { lazy } from 'react';
import InsightsIcon from '@mui/icons-material/Insights';
import { MENU_PERMISSIONS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

const { VIEW_ANALYTICS } = MENU_PERMISSIONS;

export const analyticsFeature: FeatureModule = {
  id: 'analytics',
  // The page brings the charts library with it: nothing of it loads before Charts is opened.
  routes: [{ path: '/analytics', element: lazy(() => import('./analytics-page')), permissions: [VIEW_ANALYTICS] }],
  // Business › Analytics › Charts (SPEC §2), after the other Business entries.
  menu: [{ section: 'Business', group: 'Analytics', label: 'Charts', path: '/analytics', icon: InsightsIcon, permissions: [VIEW_ANALYTICS], order: 60 }],
};
