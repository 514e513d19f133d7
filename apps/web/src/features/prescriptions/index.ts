import { lazy } from 'react';
import MedicationIcon from '@mui/icons-material/Medication';
import type { FeatureModule } from '../../app/feature-registry';

const tabs = () => import('./prescription-tabs');

export const prescriptionsFeature: FeatureModule = {
  id: 'prescriptions',
  routes: [
    { path: '/prescriptions', element: lazy(() => import('./prescriptions-page')) },
    { path: '/prescriptions/:id/print', element: lazy(() => import('./prescription-print-page')), layout: 'bare' },
  ],
  menu: [{ section: 'Patients', label: 'Prescriptions', path: '/prescriptions', icon: MedicationIcon, order: 30 }],
  clientTabs: [
    { id: 'prescriptions', label: 'Prescriptions', order: 40, element: lazy(() => tabs().then((m) => ({ default: m.ClientPrescriptionsTab }))) },
  ],
  patientTabs: [
    { id: 'prescriptions', label: 'Prescriptions', order: 10, element: lazy(() => tabs().then((m) => ({ default: m.PatientPrescriptionsTab }))) },
  ],
};
