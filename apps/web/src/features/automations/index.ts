import { lazy } from 'react';
import AutoModeIcon from '@mui/icons-material/AutoMode';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import TextsmsIcon from '@mui/icons-material/Textsms';
import type { FeatureModule } from '../../app/feature-registry';

const queuePage = (name: 'EmailQueuePage' | 'SmsQueuePage' | 'TaskQueuePage') => lazy(() => import('./queue-page').then((m) => ({ default: m[name] })));
const count = (name: 'usePendingEmailCount' | 'usePendingSmsCount' | 'usePendingTaskCount') => () => import('./automations.api').then((m) => m[name]);

/*
 * The Automations section (SPEC §2): the automations of the three kinds, then their queues. Every
 * staff member sees them (the queues are the front desk's); the list's buttons that change
 * automations show only with locations.manage. The queues' badges count the items awaiting
 * approval at the location chosen in the navigation.
 */
export const automationsFeature: FeatureModule = {
  id: 'automations',
  routes: [
    { path: '/automations', element: lazy(() => import('./automations-page')) },
    { path: '/emailQueue', element: queuePage('EmailQueuePage') },
    { path: '/smsQueue', element: queuePage('SmsQueuePage') },
    { path: '/taskQueue', element: queuePage('TaskQueuePage') },
  ],
  menu: [
    { section: 'Automations', label: 'Automations', path: '/automations', icon: AutoModeIcon, order: 10 },
    { section: 'Automations', label: 'Pending Emails', path: '/emailQueue', icon: MarkEmailUnreadIcon, order: 20 },
    { section: 'Automations', label: 'Pending Texts', path: '/smsQueue', icon: TextsmsIcon, order: 30 },
    { section: 'Automations', label: 'Pending Tasks', path: '/taskQueue', icon: PendingActionsIcon, order: 40 },
  ],
  badges: [
    { path: '/emailQueue', loadCount: count('usePendingEmailCount') },
    { path: '/smsQueue', loadCount: count('usePendingSmsCount') },
    { path: '/taskQueue', loadCount: count('usePendingTaskCount') },
  ],
};
