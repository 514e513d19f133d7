import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';
import ExtensionIcon from '@mui/icons-material/Extension';
import type { FeatureModule } from '../../app/feature-registry';

export const addOnsFeature: FeatureModule = {
  id: 'add-ons',
  routes: [
    { path: '/addOnCategories', element: lazy(() => import('./add-on-categories-page')) },
    { path: '/addOnItems', element: lazy(() => import('./add-on-items-page')) },
  ],
  menu: [
    // After Stock, Inventory Log and Items in the Inventory section.
    { section: 'Inventory', group: 'Add-Ons', label: 'Categories', path: '/addOnCategories', icon: CategoryIcon, order: 50 },
    { section: 'Inventory', group: 'Add-Ons', label: 'Add-On Items', path: '/addOnItems', icon: ExtensionIcon, order: 51 },
  ],
};
