import { lazy } from 'react';
import VaccinesIcon from '@mui/icons-material/Vaccines';
import type { FeatureModule } from '../../app/feature-registry';

const tabs = () => import('./vaccination-tabs');

export const vaccinationsFeature: FeatureModule = {
  id: 'vaccinations',
  routes: [{ path: '/vaccinations', element: lazy(() => import('./vaccinations-page')) }],
  menu: [{ section: 'Patients', label: 'Vaccinations', path: '/vaccinations', icon: VaccinesIcon, order: 40 }],
  clientTabs: [
    { id: 'vaccinations', label: 'Vaccinations', order: 50, element: lazy(() => tabs().then((m) => ({ default: m.ClientVaccinationsTab }))) },
  ],
  patientTabs: [
    { id: 'vaccinations', label: 'Vaccinations', order: 20, element: lazy(() => tabs().then((m) => ({ default: m.PatientVaccinationsTab }))) },
  ],
};
