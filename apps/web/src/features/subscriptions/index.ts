import { lazy } from 'react';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { MENU_PERMISSIONS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

const { MANAGE_ACCOUNT, SUPER_ADMINISTRATOR } = MENU_PERMISSIONS;

export const subscriptionsFeature: FeatureModule = {
  id: 'subscriptions',
  routes: [
    { path: '/subscriptions', element: lazy(() => import('./subscription-page')), permissions: [MANAGE_ACCOUNT] },
    {
      path: '/admin/subscriptions',
      element: lazy(() => import('./subscription-tiers-page')),
      permissions: [SUPER_ADMINISTRATOR],
    },
  ],
  menu: [
    { section: 'Settings', label: 'Subscriptions', path: '/subscriptions', icon: CardMembershipIcon, permissions: [MANAGE_ACCOUNT], order: 50 },
    { section: 'Super Admin', label: 'Subscriptions', path: '/admin/subscriptions', icon: WorkspacePremiumIcon, permissions: [SUPER_ADMINISTRATOR], order: 20 },
  ],
};
