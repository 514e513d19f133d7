import { lazy } from 'react';
import PetsIcon from '@mui/icons-material/Pets';
import type { FeatureModule } from '../../app/feature-registry';

export const patientsFeature: FeatureModule = {
  id: 'patients',
  routes: [
    { path: '/patients', element: lazy(() => import('./patients-page')) },
    { path: '/patients/:id', element: lazy(() => import('./patient-page')) },
  ],
  menu: [{ section: 'Patients', label: 'Patients', path: '/patients', icon: PetsIcon, order: 10 }],
  clientTabs: [{ id: 'patients', label: 'Patients', order: 10, element: lazy(() => import('./client-patients-tab')) }],
};
