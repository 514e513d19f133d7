import { lazy } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import SecurityIcon from '@mui/icons-material/Security';
import { MENU_PERMISSIONS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

const { MANAGE_PERMISSIONS, SUPER_ADMINISTRATOR } = MENU_PERMISSIONS;

export const rolesFeature: FeatureModule = {
  id: 'roles',
  routes: [
    { path: '/permission', element: lazy(() => import('./roles-page')), permissions: [MANAGE_PERMISSIONS] },
    { path: '/admin/permission', element: lazy(() => import('./system-roles-page')), permissions: [SUPER_ADMINISTRATOR] },
  ],
  menu: [
    { section: 'Settings', label: 'Roles & Permissions', path: '/permission', icon: SecurityIcon, permissions: [MANAGE_PERMISSIONS], order: 40 },
    { section: 'Super Admin', label: 'System Roles', path: '/admin/permission', icon: AdminPanelSettingsIcon, permissions: [SUPER_ADMINISTRATOR], order: 30 },
  ],
};
