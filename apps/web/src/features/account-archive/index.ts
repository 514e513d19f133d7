import { lazy } from 'react';
import { MENU_PERMISSIONS } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';

/*
 * The practice's whole data: an "Export all data" card on Settings › Account, for account managers
 * (the page's own permission; the card is loaded with it, not with the first page).
 */
export const accountArchiveFeature: FeatureModule = {
  id: 'account-archive',
  routes: [],
  accountSections: [
    {
      id: 'export-all-data',
      order: 10,
      permissions: [MENU_PERMISSIONS.MANAGE_ACCOUNT],
      element: lazy(() => import('./account-archive-card').then((m) => ({ default: m.AccountArchiveCard }))),
    },
  ],
};
