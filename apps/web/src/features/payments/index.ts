import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { FeatureModule } from '../../app/feature-registry';
import { PAYMENT_TYPE_PERMISSIONS } from './permissions';

/*
 * Business › Payments: everyone signed in takes payments (the front desk); payment types are the
 * account's set-up (decision 0114). The client page's Payments tab follows Invoices and Estimates.
 */
export const paymentsFeature: FeatureModule = {
  id: 'payments',
  routes: [
    { path: '/payments', element: lazy(() => import('./payments-page')) },
    { path: '/payments/types', element: lazy(() => import('./payment-types-page')), permissions: PAYMENT_TYPE_PERMISSIONS },
  ],
  menu: [{ section: 'Business', label: 'Payments', path: '/payments', icon: PaymentsIcon, order: 40 }],
  clientTabs: [
    { id: 'payments', label: 'Payments', order: 72, element: lazy(() => import('./client-payments-tab').then((m) => ({ default: m.ClientPaymentsTab }))) },
  ],
};
