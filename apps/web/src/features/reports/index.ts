import { lazy } from 'react';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { MENU_PERMISSIONS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

const access = [MENU_PERMISSIONS.EXPORT_REPORTS];

/** Business › Analytics › Reports: the practice's reports on screen and as CSV or XLSX files. */
export const reportsFeature: FeatureModule = {
  id: 'reports',
  routes: [{ path: '/reports', element: lazy(() => import('./reports-page')), permissions: access }],
  menu: [{ section: 'Business', group: 'Analytics', label: 'Reports', path: '/reports', icon: AssessmentIcon, permissions: access, order: 80 }],
};
