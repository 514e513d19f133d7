import { lazy } from 'react';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import type { FeatureModule } from '../../app/feature-registry';

export const contactsFeature: FeatureModule = {
  id: 'contacts',
  routes: [{ path: '/contacts', element: lazy(() => import('./contacts-page')) }],
  // The Business section runs Price Calculator, Contacts, Invoices, Payments — room left around it.
  menu: [{ section: 'Business', label: 'Contacts', path: '/contacts', icon: ContactPhoneIcon, order: 20 }],
  clientTabs: [{ id: 'contacts', label: 'Contacts', order: 20, element: lazy(() => import('./client-contacts-tab')) }],
};
