import { lazy } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import type { FeatureModule } from '../../app/feature-registry';
import { hasAccountingIntegration } from './quickbooks.rules';

export const quickbooksFeature: FeatureModule = {
  id: 'quickbooks',
  // The page says so itself when the account has no accounting integration (a link typed or kept).
  routes: [{ path: '/quickbooks', element: lazy(() => import('./quickbooks-page')) }],
  // After Price Calculator, Contacts, Invoices and Payments (SPEC §2); only with the accounting integration.
  menu: [
    {
      section: 'Business',
      label: 'Quickbooks',
      path: '/quickbooks',
      icon: AccountBalanceIcon,
      isVisible: (context) => hasAccountingIntegration(context.integrations),
      order: 50,
    },
  ],
};
