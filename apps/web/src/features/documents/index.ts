import { lazy } from 'react';
import type { FeatureModule } from '../../app/feature-registry';

const tabs = () => import('./document-tabs');

/** Documents have no page of their own: they live on the client's and the patient's pages. */
export const documentsFeature: FeatureModule = {
  id: 'documents',
  routes: [],
  clientTabs: [
    { id: 'documents', label: 'Documents', order: 30, element: lazy(() => tabs().then((m) => ({ default: m.ClientDocumentsTab }))) },
  ],
  patientTabs: [
    { id: 'documents', label: 'Documents', order: 30, element: lazy(() => tabs().then((m) => ({ default: m.PatientDocumentsTab }))) },
  ],
};
