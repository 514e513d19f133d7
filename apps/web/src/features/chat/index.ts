import { lazy } from 'react';
import SmsIcon from '@mui/icons-material/Sms';
import type { FeatureModule } from '../../app/feature-registry';

const page = lazy(() => import('./chat-page'));

export const chatFeature: FeatureModule = {
  id: 'chat',
  routes: [
    // The list and the open conversation scroll on their own, inside the viewport.
    { path: '/chat', element: page, fixedHeight: true },
    { path: '/chat/:conversation', element: page, fixedHeight: true },
  ],
  // Communications runs Tasks (10), SMS and Form Submissions (30) (SPEC §2), then the Messages log (40).
  menu: [{ section: 'Communications', label: 'SMS', path: '/chat', icon: SmsIcon, order: 20 }],
  badges: [{ path: '/chat', loadCount: () => import('./chat.api').then((m) => m.useUnreadChatCount) }],
};
