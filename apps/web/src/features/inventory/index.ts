import { lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MedicationIcon from '@mui/icons-material/Medication';
import type { FeatureModule } from '../../app/feature-registry';

export const inventoryFeature: FeatureModule = {
  id: 'inventory',
  routes: [
    { path: '/inventory', element: lazy(() => import('./stock-page')) },
    { path: '/inventoryLog', element: lazy(() => import('./inventory-log-page')) },
    { path: '/inventoryItems', element: lazy(() => import('./items-page')) },
  ],
  // Stock, Inventory Log and Items first in the Inventory section; the Add-Ons group follows (order 50 on).
  menu: [
    { section: 'Inventory', label: 'Stock', path: '/inventory', icon: Inventory2Icon, order: 10 },
    { section: 'Inventory', label: 'Inventory Log', path: '/inventoryLog', icon: ListAltIcon, order: 20 },
    { section: 'Inventory', label: 'Items', path: '/inventoryItems', icon: MedicationIcon, order: 30 },
  ],
};
