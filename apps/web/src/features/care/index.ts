import { lazy } from 'react';
import MedicationIcon from '@mui/icons-material/Medication';
import VaccinesIcon from '@mui/icons-material/Vaccines';
import type { FeatureModule } from '../../app/feature-registry';

const prescriptionTabs = () => import('./prescription-tabs');
const vaccinationTabs = () => import('./vaccination-tabs');

/** Care records: prescriptions and vaccinations, each with its page, menu entry and client/patient tabs. */
export const careFeature: FeatureModule = {
  id: 'care',
  routes: [
    { path: '/prescriptions', element: lazy(() => import('./prescriptions-page')) },
    { path: '/prescriptions/:id/print', element: lazy(() => import('./prescription-print-page')), layout: 'bare' },
    { path: '/vaccinations', element: lazy(() => import('./vaccinations-page')) },
  ],
  menu: [
    { section: 'Patients', label: 'Prescriptions', path: '/prescriptions', icon: MedicationIcon, order: 30 },
    { section: 'Patients', label: 'Vaccinations', path: '/vaccinations', icon: VaccinesIcon, order: 40 },
  ],
  clientTabs: [
    { id: 'prescriptions', label: 'Prescriptions', order: 40, element: lazy(() => prescriptionTabs().then((m) => ({ default: m.ClientPrescriptionsTab }))) },
    { id: 'vaccinations', label: 'Vaccinations', order: 50, element: lazy(() => vaccinationTabs().then((m) => ({ default: m.ClientVaccinationsTab }))) },
  ],
  patientTabs: [
    { id: 'prescriptions', label: 'Prescriptions', order: 10, element: lazy(() => prescriptionTabs().then((m) => ({ default: m.PatientPrescriptionsTab }))) },
    { id: 'vaccinations', label: 'Vaccinations', order: 20, element: lazy(() => vaccinationTabs().then((m) => ({ default: m.PatientVaccinationsTab }))) },
  ],
};
