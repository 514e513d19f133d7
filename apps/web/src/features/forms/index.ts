import { lazy } from 'react';
import AssignmentIcon from '@mui/icons-material/Assignment';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { TEMPLATE_KIND_LABELS, TEMPLATE_ROUTES } from '@willow/contracts';
import type { FeatureModule } from '../../app/feature-registry';
import { formsPublicRoutes } from './public-routes';

export const formsFeature: FeatureModule = {
  id: 'forms',
  routes: [
    ...formsPublicRoutes,
    { path: TEMPLATE_ROUTES.form, element: lazy(() => import('./form-templates-page')) },
    { path: '/formSubmissions/:view', element: lazy(() => import('./form-submissions-page')) },
  ],
  menu: [
    // Communications runs Tasks, SMS and Form Submissions (SPEC §2), before the Messages log (40).
    { section: 'Communications', label: 'Form Submissions', path: '/formSubmissions/unread', icon: MarkEmailUnreadIcon, order: 30 },
    // Settings › Templates holds the seven kinds; Form is the templates feature's neighbour under the same group.
    { section: 'Settings', group: 'Templates', label: TEMPLATE_KIND_LABELS.form, path: TEMPLATE_ROUTES.form, icon: AssignmentIcon, order: 64 },
  ],
  badges: [{ path: '/formSubmissions/unread', loadCount: () => import('./forms.api').then((m) => m.useUnreadFormSubmissionCount) }],
  clientTabs: [{ id: 'forms', label: 'Forms', order: 55, element: lazy(() => import('./client-forms-tab')) }],
};
