import { lazy } from 'react';
import ForumIcon from '@mui/icons-material/Forum';
import type { FeatureModule } from '../../app/feature-registry';

export const communicationsFeature: FeatureModule = {
  id: 'communications',
  routes: [{ path: '/communications', element: lazy(() => import('./communications-page')) }],
  // Communications runs Tasks, SMS and Form Submissions (SPEC §2); the log of what was sent comes after them.
  menu: [{ section: 'Communications', label: 'Messages', path: '/communications', icon: ForumIcon, order: 40 }],
  clientTabs: [{ id: 'communications', label: 'Communications', order: 60, element: lazy(() => import('./client-communications-tab')) }],
};
