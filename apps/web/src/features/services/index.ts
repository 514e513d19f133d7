import { lazy } from 'react';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import type { FeatureModule } from '../../app/feature-registry';

/**
 * Services sit under Schedule (decision 0040): they are what appointments are booked for. The page is
 * also reached from Locations and the calendar (decision 0022). Anyone signed in may look; writes need
 * locations.manage and their buttons hide without it.
 */
export const servicesFeature: FeatureModule = {
  id: 'services',
  routes: [{ path: '/services', element: lazy(() => import('./services-page')) }],
  menu: [{ section: 'Schedule', label: 'Services', path: '/services', icon: MedicalServicesIcon, order: 30 }],
};
