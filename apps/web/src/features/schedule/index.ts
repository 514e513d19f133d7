import { lazy } from 'react';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import type { FeatureModule } from '../../app/feature-registry';

export const scheduleFeature: FeatureModule = {
  id: 'schedule',
  routes: [{ path: '/', element: lazy(() => import('./calendar-page')), fixedHeight: true }],
  menu: [{ section: 'Schedule', label: 'Schedule', path: '/', icon: CalendarMonthIcon, order: 10 }],
  shellExtensions: [{ id: 'provider-preselection', element: lazy(() => import('./provider-preselection').then((m) => ({ default: m.ProviderPreselection }))) }],
};
