import { lazy } from 'react';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import type { FeatureModule } from '../../app/feature-registry';

export const clientsFeature: FeatureModule = {
  id: 'clients',
  routes: [
    { path: '/clients', element: lazy(() => import('./clients-page')) },
    { path: '/clients/:id', element: lazy(() => import('./client-page')) },
  ],
  menu: [{ section: 'Patients', label: 'Clients', path: '/clients', icon: PeopleAltIcon, order: 20 }],
};
