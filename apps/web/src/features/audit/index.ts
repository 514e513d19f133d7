import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

const tabs = () => import('./history-tabs');

/** The audit trail, shown as the last tab of the records that keep one. */
export const auditFeature: FeatureModule = {
  id: 'audit',
  routes: [],
  clientTabs: [
    { id: 'history', label: 'History', order: 90, element: lazy(() => tabs().then((m) => ({ default: m.ClientHistoryTab }))) },
  ],
  patientTabs: [
    { id: 'history', label: 'History', order: 90, element: lazy(() => tabs().then((m) => ({ default: m.PatientHistoryTab }))) },
  ],
};
