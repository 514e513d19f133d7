import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { FeatureModule } from '../../app/feature-registry';

const clientBilling = () => import('./client-billing');

/*
 * Business › Invoices: everyone signed in works with invoices and estimates (the front desk bills
 * and takes payments). The client page gets Invoices and Estimates tabs (orders 70 and 71; the
 * payments feature's tab follows them at 72) and the balance owed above its tabs.
 */
export const invoicesFeature: FeatureModule = {
  id: 'invoices',
  routes: [
    { path: '/invoices', element: lazy(() => import('./invoices-page')) },
    { path: '/invoices/unbilled', element: lazy(() => import('./unbilled-report-page')) },
    { path: '/invoices/:id', element: lazy(() => import('./invoices-page')) },
  ],
  menu: [{ section: 'Business', label: 'Invoices', path: '/invoices', icon: ReceiptLongIcon, order: 30 }],
  clientTabs: [
    { id: 'invoices', label: 'Invoices', order: 70, element: lazy(() => clientBilling().then((m) => ({ default: m.ClientInvoicesTab }))) },
    { id: 'estimates', label: 'Estimates', order: 71, element: lazy(() => clientBilling().then((m) => ({ default: m.ClientEstimatesTab }))) },
  ],
  clientSummaries: [{ id: 'balance', order: 10, element: lazy(() => clientBilling().then((m) => ({ default: m.ClientBalanceSummary }))) }],
};
