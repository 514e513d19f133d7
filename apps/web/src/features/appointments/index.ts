import { lazy } from 'react';
import EventNoteIcon from '@mui/icons-material/EventNote';
import type { FeatureModule } from '../../app/feature-registry';

export const appointmentsFeature: FeatureModule = {
  id: 'appointments',
  routes: [{ path: '/appointments', element: lazy(() => import('./appointments-page')) }],
  menu: [{ section: 'Schedule', label: 'Appointments', path: '/appointments', icon: EventNoteIcon, order: 20 }],
  badges: [{ path: '/appointments', loadCount: () => import('./appointments.api').then((m) => m.usePendingAppointmentCount) }],
  clientTabs: [{ id: 'appointments', label: 'Appointments', order: 15, element: lazy(() => import('./client-appointments-tab')) }],
  patientTabs: [{ id: 'appointments', label: 'Appointments', order: 25, element: lazy(() => import('./patient-appointments-tab')) }],
};
