import { lazy } from 'react';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import type { FeatureModule } from '../../app/feature-registry';
import { ProviderPreselection } from './provider-preselection';

export const calendarFeature: FeatureModule = {
  id: 'calendar',
  routes: [{ path: '/', element: lazy(() => import('./calendar-page')), fixedHeight: true }],
  menu: [{ section: 'Schedule', label: 'Schedule', path: '/', icon: CalendarMonthIcon, order: 10 }],
  shellExtensions: [{ id: 'provider-preselection', element: ProviderPreselection }],
};
