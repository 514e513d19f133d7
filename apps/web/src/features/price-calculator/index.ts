import { lazy } from 'react';
import CalculateIcon from '@mui/icons-material/Calculate';
import type { FeatureModule } from '../../app/feature-registry';

export const priceCalculatorFeature: FeatureModule = {
  id: 'price-calculator',
  routes: [{ path: '/calculator', element: lazy(() => import('./calculator-page')) }],
  // First in Business (SPEC §2: Price Calculator, Contacts, Invoices, Payments).
  menu: [{ section: 'Business', label: 'Price Calculator', path: '/calculator', icon: CalculateIcon, order: 10 }],
};
